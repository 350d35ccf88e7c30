// Connecting agency accounts from the dashboard: which platforms can be connected on this
// installation, and the form's input rules on top of connectAccount's.
import { describe, expect, it } from "vitest";
import {
  connectAccountFromDashboard,
  connectMode,
  ZConnectAccountBody,
} from "@/lib/core/accounts/connect-account-from-dashboard";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { ApiError } from "@/lib/core/common/api-error";

const body = (input: Record<string, unknown>) => ZConnectAccountBody.parse(input);

describe("connectMode", () => {
  it("records manual platforms as entered and needs the sandbox for sign-in platforms", () => {
    expect(connectMode("hubspot", false)).toBe("manual");
    expect(connectMode("shopify", true)).toBe("manual");
    expect(connectMode("meta", true)).toBe("sandbox");
    expect(connectMode("meta", false)).toBe("unavailable");
    expect(connectMode("myspace", true)).toBe("unavailable");
  });
});

describe("connectAccountFromDashboard", () => {
  it("connects a sandbox account with chosen services and optional fields left blank", async () => {
    const agency = await createAgency({ name: "Connect Co" });
    const account = await connectAccountFromDashboard({
      agencyId: agency.id,
      input: body({
        platform: "meta",
        displayName: " Agency BM ",
        email: "",
        platformAccountId: "  ",
        services: ["meta_ads", "meta_page"],
      }),
      sandboxPlatforms: true,
    });
    expect(account).toMatchObject({
      platform: "meta",
      displayName: "Agency BM",
      email: null,
      platformAccountId: null,
      services: ["meta_ads", "meta_page"],
      status: "connected",
    });
  });

  it("refuses sign-in platforms without their connector, and services of another platform", async () => {
    const agency = await createAgency({ name: "Refuse Co" });
    const off = await connectAccountFromDashboard({
      agencyId: agency.id,
      input: body({ platform: "google", displayName: "G" }),
      sandboxPlatforms: false,
    }).catch((e: unknown) => e);
    expect(off).toBeInstanceOf(ApiError);
    expect((off as ApiError).code).toBe("CAPABILITY_REQUIRED");
    expect((off as ApiError).details[0]!.field).toBe("platform");

    const manual = await connectAccountFromDashboard({
      agencyId: agency.id,
      input: body({ platform: "hubspot", displayName: "HubSpot seat", email: "ops@agency.example" }),
      sandboxPlatforms: false,
    });
    expect(manual).toMatchObject({ platform: "hubspot", services: ["hubspot_portal"], email: "ops@agency.example" });

    const foreign = await connectAccountFromDashboard({
      agencyId: agency.id,
      input: body({ platform: "hubspot", displayName: "x", services: ["meta_ads"] }),
      sandboxPlatforms: true,
    }).catch((e: unknown) => e);
    expect((foreign as ApiError).details[0]!.field).toBe("services");
  });

  it("takes the business clients assign the agency to, and refuses a name without its ID", async () => {
    const agency = await createAgency({ name: "Business Co" });
    const account = await connectAccountFromDashboard({
      agencyId: agency.id,
      input: body({ platform: "meta", displayName: "Agency BM", businessId: " 770000000004 ", businessName: "Agency" }),
      sandboxPlatforms: true,
    });
    expect(account.business).toEqual({ id: "770000000004", name: "Agency" });
    // blank fields leave the account without one, as before
    const none = await connectAccountFromDashboard({
      agencyId: agency.id,
      input: body({ platform: "meta", displayName: "No BM", businessId: "", businessName: "" }),
      sandboxPlatforms: true,
    });
    expect(none.business).toBeNull();
    const nameOnly = await connectAccountFromDashboard({
      agencyId: agency.id,
      input: body({ platform: "meta", displayName: "x", businessName: "Agency" }),
      sandboxPlatforms: true,
    }).catch((e: unknown) => e);
    expect((nameOnly as ApiError).details[0]!.field).toBe("businessId");
    const issues = (v: unknown) => (ZConnectAccountBody.safeParse(v).error?.issues ?? []).map((i) => i.path.join("."));
    expect(issues({ platform: "meta", displayName: "ok", businessId: "770 000" })).toEqual(["businessId"]);
  });

  it("checks the form's fields", () => {
    const issues = (v: unknown) => (ZConnectAccountBody.safeParse(v).error?.issues ?? []).map((i) => i.path.join("."));
    expect(issues({ platform: "meta", displayName: "" })).toEqual(["displayName"]);
    expect(issues({ platform: "meta", displayName: "ok", email: "not-an-email" })).toEqual(["email"]);
    expect(issues({ platform: "nope", displayName: "ok" })).toEqual(["platform"]);
  });
});
