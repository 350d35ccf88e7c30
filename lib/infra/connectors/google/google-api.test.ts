import { describe, expect, it } from "vitest";
import { roleIncludes } from "@/lib/infra/connectors/role-order";
import {
  ADS_ACCESS_ROLES,
  ANALYTICS_ROLES,
  BUSINESS_PROFILE_ROLES,
  GOOGLE_ROLE_ORDER,
  MERCHANT_ACCESS_RIGHTS,
  TAG_MANAGER_PERMISSION_ORDER,
  adsCustomerId,
  analyticsRank,
  scopesFor,
  tagManagerPermission,
} from "@/lib/infra/connectors/google/google-api";

describe("Google scopes", () => {
  it("asks only for the requested services' scopes, plus the identity scopes", () => {
    expect(scopesFor(["google_analytics"])).toEqual([
      "email",
      "https://www.googleapis.com/auth/analytics.manage.users",
      "https://www.googleapis.com/auth/analytics.readonly",
      "openid",
    ]);
    expect(scopesFor(["google_ads", "google_ads_mcc"])).toEqual([
      "email",
      "https://www.googleapis.com/auth/adwords",
      "openid",
    ]);
    // Manual-only services add nothing.
    expect(scopesFor(["google_search_console", "google_youtube"])).toEqual(["email", "openid"]);
  });
});

describe("Tag Manager multi-role lists", () => {
  it("grants the strongest permission of the list, which includes the weaker ones", () => {
    expect(tagManagerPermission("read")).toBe("read");
    expect(tagManagerPermission("[read,edit]")).toBe("edit");
    expect(tagManagerPermission("[approve,read]")).toBe("approve");
    expect(tagManagerPermission("[publish,approve,edit,read]")).toBe("publish");
  });
  it("refuses names Tag Manager does not know and empty lists", () => {
    expect(tagManagerPermission("[read,delete]")).toBeNull();
    expect(tagManagerPermission("[]")).toBeNull();
    expect(tagManagerPermission(null)).toBeNull();
  });
});

describe("Google ids and role ranks", () => {
  it("normalises Ads customer ids to ten digits", () => {
    expect(adsCustomerId("123-456-7890")).toBe("1234567890");
    expect(adsCustomerId("1234567890")).toBe("1234567890");
    expect(adsCustomerId("12345")).toBeNull();
    expect(adsCustomerId(undefined)).toBeNull();
  });
  it("ranks Analytics roles so a stronger binding covers a weaker request", () => {
    expect(analyticsRank(["predefinedRoles/admin"])).toBeGreaterThan(analyticsRank(["predefinedRoles/viewer"]));
    expect(analyticsRank(["predefinedRoles/no-cost-data"])).toBe(-1);
    expect(analyticsRank([])).toBe(-1);
  });
});

describe("Google role order", () => {
  it("places every value the role tables send in the service's order, strongest first as the catalog lists them", () => {
    const tables: Record<string, readonly string[]> = {
      google_analytics: Object.values(ANALYTICS_ROLES),
      google_tag_manager: [...TAG_MANAGER_PERMISSION_ORDER].reverse(),
      google_ads: Object.values(ADS_ACCESS_ROLES),
      google_merchant_center: Object.values(MERCHANT_ACCESS_RIGHTS).flat(),
      google_business_profile: Object.values(BUSINESS_PROFILE_ROLES),
    };
    for (const [serviceId, values] of Object.entries(tables)) {
      const order = GOOGLE_ROLE_ORDER[serviceId]!;
      for (const v of values)
        expect(
          order.some((chain) => chain.includes(v)),
          `${serviceId} ${v}`,
        ).toBe(true);
      // The first (strongest) value includes every other one.
      for (const v of values) expect(roleIncludes(order, values[0]!, v), `${serviceId} ${values[0]} ⊇ ${v}`).toBe(true);
    }
    expect(roleIncludes(GOOGLE_ROLE_ORDER.google_merchant_center!, "STANDARD", "PERFORMANCE_REPORTING")).toBe(false);
    expect(roleIncludes(GOOGLE_ROLE_ORDER.google_ads!, "READ_ONLY", "STANDARD")).toBe(false);
  });
});
