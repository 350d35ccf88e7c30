// The service picker's "accounts that get access" with no connected account on the platform:
// a service whose client steps name the agency's account (a manual service with such steps,
// Snapchat Ads) says it needs one, since the request is refused without it; a one-click
// service says only that the client is not told which account to add.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ServiceAccounts } from "@/components/services/service-accounts";
import { getCatalogService } from "@/lib/core/catalog/catalog";

function render(serviceId: string, platformName: string): string {
  return renderToStaticMarkup(
    createElement(ServiceAccounts, {
      service: getCatalogService(serviceId)!,
      platformName,
      accounts: [],
      links: [],
      onChange: () => undefined,
    }),
  );
}

describe("no connected account for a service", () => {
  it("says a service whose steps name the agency's account needs one", () => {
    for (const [id, name] of [
      ["snapchat_ads", "Snapchat"],
      ["meta_instagram", "Meta"],
    ] as const) {
      expect(render(id, name)).toContain(
        `No connected ${name} account: this service needs one, since the client&#x27;s steps name it.`,
      );
    }
  });

  it("says only what the client is not told for a one-click service", () => {
    expect(render("meta_ads", "Meta")).toContain(
      "No connected Meta account: the client is not told which account to add.",
    );
  });
});
