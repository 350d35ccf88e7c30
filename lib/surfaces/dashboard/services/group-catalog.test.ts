// The service picker's grouping and search over the whole catalog.
import { describe, expect, it } from "vitest";
import { listCatalog, listPlatforms } from "@/lib/core/catalog/catalog";
import { groupCatalog, normalizeSearch } from "@/lib/surfaces/dashboard/services/group-catalog";

const ids = (query: string) => groupCatalog(query).flatMap((g) => g.services.map((s) => s.id));
const platforms = (query: string) => groupCatalog(query).map((g) => g.platform.id);

describe("groupCatalog", () => {
  it("without a search, lists every platform in catalog order with all its services", () => {
    const groups = groupCatalog();
    expect(groups.map((g) => g.platform.id)).toEqual(listPlatforms().map((p) => p.id));
    expect(groups.flatMap((g) => g.services).length).toBe(listCatalog().length);
    for (const g of groups) for (const s of g.services) expect(s.platform).toBe(g.platform.id);
    expect(groupCatalog("   ")).toEqual(groups);
  });

  it("finds a service by a word of its name, in any case, keeping it under its platform", () => {
    expect(ids("looker")).toEqual(["google_looker_studio"]);
    expect(platforms("LOOKER")).toEqual(["google"]);
    expect(ids("mailchimp")).toEqual(["mailchimp_account"]);
  });

  it("shows all of a platform's services when its name matches", () => {
    expect(ids("snapchat")).toEqual(["snapchat_ads", "snapchat_business_manager"]);
    expect(ids("google").length).toBe(listCatalog().filter((s) => s.platform === "google").length);
  });

  it("needs every word to match, and knows the platforms' other names", () => {
    expect(ids("google ads")).toEqual(["google_ads", "google_ads_mcc", "google_search_ads_360"]);
    expect(ids("twitter")).toEqual(["x_ads"]);
    expect(ids("facebook page")).toEqual(["meta_page"]);
    expect(platforms("ads")).toEqual(expect.arrayContaining(["meta", "google", "tiktok", "amazon", "apple", "reddit"]));
    expect(platforms("ads")).not.toContain("wix");
  });

  it("ignores accents and finds nothing for an unknown word", () => {
    expect(normalizeSearch("  Búsqueda   ÀDS ")).toBe("busqueda ads");
    expect(ids("wïx")).toEqual(["wix_site"]);
    expect(groupCatalog("no such tool")).toEqual([]);
  });
});
