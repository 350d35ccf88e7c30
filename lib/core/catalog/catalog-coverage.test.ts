// The larger catalog holds together for every service: a mark for its platform,
// its manual steps in English, Spanish and Dutch with the platform's help page beside them,
// the agency identifier its steps need among its link fields, and the first 26 services
// exactly as before (ids, order and API shape).
import { describe, expect, it } from "vitest";
import { API_CATALOG_SERVICES, listCatalog, listPlatformServices, listPlatforms } from "@/lib/core/catalog/catalog";
import { PLATFORM_MANIFESTS } from "@/lib/infra/connectors/platforms";
import { platformMark } from "@/lib/core/catalog/platform-marks";
import { instructionSteps, serviceName } from "@/lib/core/catalog/catalog-messages";

const services = listCatalog();
/** The services of the catalog's second release, the larger catalog. */
const MORE_SERVICE_IDS = PLATFORM_MANIFESTS.flatMap((m) =>
  Object.entries(m.services)
    .filter(([, spec]) => spec.catalogRelease === 2)
    .map(([id]) => id),
);

describe("the larger catalog", () => {
  it("offers at least 40 services, every platform with at least one", () => {
    expect(services.length).toBeGreaterThanOrEqual(40);
    for (const p of listPlatforms()) expect(listPlatformServices(p.id).length, p.id).toBeGreaterThan(0);
    for (const id of MORE_SERVICE_IDS) expect(services.some((s) => s.id === id)).toBe(true);
  });

  it("gives every service's platform a mark: a colour tile with one to three characters", () => {
    for (const s of services) {
      const mark = platformMark(s.platform);
      expect(mark, s.platform).toBeDefined();
      expect(mark!.bg).toMatch(/^#[0-9A-Fa-f]{3,6}$/);
      expect(mark!.fg).toMatch(/^#[0-9A-Fa-f]{3,6}$/);
      expect(mark!.text.length).toBeGreaterThanOrEqual(1);
      expect(mark!.text.length).toBeLessThanOrEqual(3);
    }
    expect(platformMark("toString")).toBeUndefined();
  });

  it("gives every manual service its steps in three languages, naming the agency's account, and the help page they follow", () => {
    for (const s of services.filter((x) => x.grantMethod === "manual")) {
      expect(s.documentationUrl, s.id).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//);
      const [en, es, nl] = (["en", "es", "nl"] as const).map((l) => instructionSteps(l, s.id, "team@agency.test"));
      expect(en!.length, s.id).toBeGreaterThan(0);
      expect(es).toHaveLength(en!.length);
      expect(nl).toHaveLength(en!.length);
      // the account is filled in, in each language, and no placeholder is left over
      for (const steps of [en!, es!, nl!]) {
        expect(
          steps.some((step) => step.includes("team@agency.test")),
          s.id,
        ).toBe(true);
        for (const step of steps) expect(step).not.toMatch(/[{}]/);
      }
      // each step translated (a missing translation falls back to the English step)
      en!.forEach((step, i) => {
        expect(es![i], `${s.id} step ${i + 1} in Spanish`).not.toBe(step);
        expect(nl![i], `${s.id} step ${i + 1} in Dutch`).not.toBe(step);
        expect(nl![i], `${s.id} step ${i + 1} in Dutch`).not.toBe(es![i]);
      });
      for (const l of ["en", "es", "nl"] as const) expect(serviceName(l, s.id).length).toBeGreaterThan(0);
    }
  });

  it("carries, as link fields, the agency identifier the steps need", () => {
    for (const s of services) {
      const names = s.accountLinkFields.map((f) => f.name);
      if (s.agencyIdentifier === "business_id") expect(names, s.id).toContain("businessManagerId");
      if (s.agencyIdentifier === "manager_id") expect(names, s.id).toContain("adsMccAccountId");
      // email: the connected account's email, named by internalAccountId; no extra field
      if (s.agencyIdentifier === "email") expect(names, s.id).toEqual([]);
    }
    // every new service asks for the agency's email on the platform
    for (const id of MORE_SERVICE_IDS) expect(services.find((s) => s.id === id)?.agencyIdentifier).toBe("email");
  });

  it("adds the new services as manual ones, with roles as each platform names them", () => {
    for (const id of MORE_SERVICE_IDS) {
      const s = services.find((x) => x.id === id)!;
      expect(s.grantMethod).toBe("manual");
      expect(s.clientSignInRequired).toBe(false);
      expect(["instructions", "client_invite"]).toContain(s.clientFlow);
      // an invite service ends by asking the client to confirm the invite went out
      if (s.clientFlow === "client_invite")
        expect(s.instructions.at(-1)).toBe("Confirm below that you've sent the invite.");
    }
    const byId = (id: string) => services.find((s) => s.id === id)!;
    expect(byId("mailchimp_account").roles.map((r) => r.label)).toEqual(["Admin", "Manager", "Author", "Viewer"]);
    expect(byId("apple_search_ads").roles.find((r) => r.readOnly)?.label).toBe("Account Read Only");
    expect(byId("google_looker_studio").platform).toBe("google");
    expect(byId("snapchat_business_manager").platform).toBe("snapchat");
    expect(byId("cookiebot_account").roles).toEqual([]);
  });

  it("keeps the first 26 services first, in their order, with their API shape", () => {
    expect(API_CATALOG_SERVICES.slice(0, 26).map((s) => s.id)).toEqual([
      "meta_business_manager",
      "meta_ads",
      "meta_page",
      "meta_instagram",
      "meta_catalog",
      "meta_pixel",
      "google_ads",
      "google_ads_mcc",
      "google_analytics",
      "google_tag_manager",
      "google_search_console",
      "google_merchant_center",
      "google_business_profile",
      "google_youtube",
      "tiktok_ads",
      "tiktok_business_center",
      "linkedin_ads",
      "linkedin_page",
      "microsoft_ads",
      "pinterest_ads",
      "snapchat_ads",
      "x_ads",
      "shopify_store",
      "klaviyo_account",
      "hubspot_portal",
      "wordpress_site",
    ]);
    for (const s of API_CATALOG_SERVICES)
      expect(Object.keys(s).sort()).toEqual([
        "accountLinkFields",
        "clientSignInRequired",
        "grantMethod",
        "id",
        "platform",
        "roles",
      ]);
  });
});
