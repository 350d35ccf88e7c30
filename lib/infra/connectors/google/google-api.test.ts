import { describe, expect, it } from "vitest";
import {
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
