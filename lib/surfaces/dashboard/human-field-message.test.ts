import { describe, expect, it } from "vitest";
import { humanFieldMessage } from "@/lib/surfaces/dashboard/human-field-message";

describe("humanFieldMessage", () => {
  it("says the API's field messages to a person", () => {
    expect(humanFieldMessage("email must be an email address.")).toBe("Enter a valid email address.");
    expect(humanFieldMessage("redirectUrl must be an absolute http(s) URL.")).toBe(
      "Enter a full web address, starting with https://.",
    );
    expect(humanFieldMessage("name is required.")).toBe("This is required.");
    expect(humanFieldMessage("name must be at most 200 characters.")).toBe("Must be at most 200 characters.");
    expect(humanFieldMessage("requestedServices.google_ads.accessLevel must be one of: admin, standard.")).toBe(
      "Must be one of: admin, standard.",
    );
  });

  it("leaves sentences already written for people alone", () => {
    expect(humanFieldMessage("Choose at least one service (or the intake form) before turning the link on.")).toBe(
      "Choose at least one service (or the intake form) before turning the link on.",
    );
    expect(humanFieldMessage("PNG, JPEG or WebP only.")).toBe("PNG, JPEG or WebP only.");
  });

  it("says what to do when a manual service has no agency account", () => {
    const api =
      "Instagram Account is granted by the client following steps that name the agency's account: link one of the agency's meta accounts (see GET /accounts).";
    expect(humanFieldMessage(api)).toMatch(
      /^The client's steps for this service name your agency's account: choose one of your connected accounts/,
    );
  });

  it("says what to do when a one-click service that invites the agency's account has none", () => {
    const api =
      "Snapchat Ads invites the agency's account, and where snapchat is not set up the client's steps name it: link one of the agency's snapchat accounts (see GET /accounts).";
    expect(humanFieldMessage(api)).toMatch(
      /^This service invites your agency's account: choose one of your connected accounts/,
    );
  });
});
