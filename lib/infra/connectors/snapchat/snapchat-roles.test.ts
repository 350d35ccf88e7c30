// The Snapchat role mapping and order (Roles, https://developers.snap.com/api/marketing-api/Ads-API/roles).
import { describe, expect, it } from "vitest";
import { ConnectorError } from "@/lib/infra/connectors/connector";
import { SNAPCHAT_AD_ACCOUNT_ROLES, snapchatHolds, snapchatRole } from "@/lib/infra/connectors/snapchat/snapchat-roles";
import { getCatalogService } from "@/lib/core/catalog/catalog";

describe("Snapchat roles", () => {
  it("maps every catalog role of snapchat_ads to a documented ad account role", () => {
    for (const r of getCatalogService("snapchat_ads")!.roles)
      expect(SNAPCHAT_AD_ACCOUNT_ROLES).toContain(snapchatRole("snapchat_ads", r.value));
    expect(snapchatRole("snapchat_ads", "account_manager")).toBe("admin");
    expect(() => snapchatRole("snapchat_ads", "owner")).toThrow(ConnectorError);
  });

  it("admin includes every role, creative includes reports, the others only themselves; organization admin and data_admin", () => {
    for (const wanted of SNAPCHAT_AD_ACCOUNT_ROLES)
      expect(snapchatHolds(wanted, { organization: ["member"], adAccount: ["admin"] })).toBe(true);
    expect(snapchatHolds("reports", { organization: ["member"], adAccount: ["creative"] })).toBe(true);
    expect(
      snapchatHolds("admin", { organization: ["member"], adAccount: ["creative", "general", "reports", "audience"] }),
    ).toBe(false);
    expect(snapchatHolds("creative", { organization: ["member"], adAccount: ["general"] })).toBe(false);
    expect(snapchatHolds("admin", { organization: ["admin"], adAccount: [] })).toBe(true);
    expect(snapchatHolds("reports", { organization: ["data_admin"], adAccount: [] })).toBe(true);
    expect(snapchatHolds("creative", { organization: ["data_admin", "business_admin"], adAccount: [] })).toBe(false);
  });
});
