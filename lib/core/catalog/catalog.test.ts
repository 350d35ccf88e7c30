// Checks the catalog data holds together: ids, platforms, flows, the API shape
// and the named decisions the spec leaves open.

import { describe, expect, it } from "vitest";
import {
  API_CATALOG_SERVICES,
  ATTEMPT_EVENT_PLATFORMS,
  GRANT_FAILED_PLATFORMS,
  PLATFORM_IDS,
  SERVICE_IDS,
  getCatalogService,
  getPlatform,
  isOneClickHere,
  isServiceId,
  listCatalog,
  listPlatformServices,
  listPlatforms,
  renderInstructionStep,
  toApiCatalogService,
} from "@/lib/core/catalog/catalog";

const services = listCatalog();
const snake = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

describe("platforms", () => {
  it("lists the platforms with unique snake-case ids, the first twelve unchanged", () => {
    const ids = listPlatforms().map((p) => p.id);
    expect(ids).toEqual([...PLATFORM_IDS]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 12)).toEqual([
      "meta",
      "google",
      "tiktok",
      "linkedin",
      "microsoft",
      "pinterest",
      "snapchat",
      "x",
      "shopify",
      "klaviyo",
      "hubspot",
      "wordpress",
    ]);
    for (const id of ids) expect(id).toMatch(snake);
  });

  it("gives every platform a display name and a connector kind", () => {
    for (const p of listPlatforms()) {
      expect(p.name.length).toBeGreaterThan(0);
      expect(["oauth", "none"]).toContain(p.connectorKind);
    }
  });

  it("looks platforms up by id", () => {
    expect(getPlatform("meta")?.name).toBe("Meta");
    expect(getPlatform("nope")).toBeUndefined();
  });
});

describe("services", () => {
  it("has unique snake-case ids in a stable order", () => {
    const ids = services.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...SERVICE_IDS]);
    expect(listCatalog().map((s) => s.id)).toEqual(ids);
    for (const id of ids) expect(id).toMatch(snake);
  });

  it("includes every service the product offers", () => {
    for (const id of [
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
    ]) {
      expect(getCatalogService(id)?.id).toBe(id);
    }
  });

  it("references only existing platforms and prefixes ids with them", () => {
    for (const s of services) {
      expect(getPlatform(s.platform)).toBeDefined();
      expect(s.id.startsWith(`${s.platform}_`)).toBe(true);
    }
    for (const p of listPlatforms()) expect(listPlatformServices(p.id).length).toBeGreaterThan(0);
  });

  it("looks services up by id, and only by exact id", () => {
    expect(getCatalogService("meta_ads")?.platform).toBe("meta");
    expect(getCatalogService("META_ADS")).toBeUndefined();
    expect(getCatalogService("toString")).toBeUndefined();
    expect(isServiceId("google_ads")).toBe(true);
    expect(isServiceId("google")).toBe(false);
  });

  it("requires adsMccAccountId on the MCC-type ads service", () => {
    expect(getCatalogService("google_ads_mcc")?.accountLinkFields).toContainEqual({
      name: "adsMccAccountId",
      required: true,
    });
  });

  it("uses only the spec's neutral account-link field names", () => {
    for (const s of services) {
      const names = s.accountLinkFields.map((f) => f.name);
      expect(new Set(names).size).toBe(names.length);
      for (const n of names) expect(["adsMccAccountId", "businessManagerId"]).toContain(n);
    }
    expect(getCatalogService("meta_ads")?.accountLinkFields).toContainEqual({
      name: "businessManagerId",
      required: false,
    });
  });

  it("keeps role values unique and safe inside a bracketed list", () => {
    for (const s of services) {
      const values = s.roles.map((r) => r.value);
      expect(new Set(values).size).toBe(values.length);
      for (const r of s.roles) {
        expect(r.value).toMatch(snake);
        expect(r.label.length).toBeGreaterThan(0);
        expect(typeof r.readOnly).toBe("boolean");
      }
    }
  });

  it("has role-less services and read-only roles", () => {
    const roleless = services.filter((s) => s.roles.length === 0).map((s) => s.id);
    expect(roleless).toEqual(expect.arrayContaining(["meta_pixel", "wordpress_site"]));
    expect(getCatalogService("meta_ads")?.roles.map((r) => [r.value, r.readOnly])).toEqual([
      ["admin", false],
      ["advertiser", false],
      ["analyst", true],
    ]);
    expect(getCatalogService("google_analytics")?.roles.map((r) => r.value)).toEqual([
      "administrator",
      "editor",
      "analyst",
      "viewer",
    ]);
  });

  it("marks multi-role services and gives them several roles", () => {
    const multi = services.filter((s) => s.multiRole);
    expect(multi.map((s) => s.id)).toContain("google_tag_manager");
    for (const s of multi) expect(s.roles.length).toBeGreaterThanOrEqual(2);
  });

  it("keeps grant method, sign-in and client flow consistent", () => {
    for (const s of services) {
      const connector = getPlatform(s.platform)?.connectorKind;
      if (s.clientFlow === "one_click") {
        expect(s.grantMethod).toBe("automatic");
        expect(s.clientSignInRequired).toBe(true);
        expect(connector).toBe("oauth");
        // only Snapchat Ads carries manual steps, for installations without Snapchat
        if (s.id !== "snapchat_ads") expect(s.instructions).toEqual([]);
      } else {
        expect(s.grantMethod).toBe("manual");
        expect(s.clientSignInRequired).toBe(false);
        expect(s.instructions.length).toBeGreaterThan(0);
      }
      if (connector === "none") expect(s.clientFlow).not.toBe("one_click");
    }
  });

  it("makes the Google services without a documented grant API manual: Search Console and YouTube", () => {
    expect(getCatalogService("google_search_console")).toMatchObject({
      grantMethod: "manual",
      clientFlow: "instructions",
      clientSignInRequired: false,
    });
    expect(getCatalogService("google_search_console")?.instructions).toHaveLength(4);
    expect(getCatalogService("google_youtube")).toMatchObject({ grantMethod: "manual", clientFlow: "client_invite" });
  });

  it("keeps Snapchat Ads one-click in the contract, with the Business Manager steps for installations without Snapchat", () => {
    const snap = getCatalogService("snapchat_ads")!;
    expect(snap).toMatchObject({ grantMethod: "automatic", clientFlow: "one_click", clientSignInRequired: true });
    expect(snap.instructions).toHaveLength(4);
    expect(snap.instructions.some((step) => step.includes("{agencyAccount}"))).toBe(true);
  });

  it("makes Shopify and WordPress manual, with at least one client invite", () => {
    expect(getCatalogService("shopify_store")?.grantMethod).toBe("manual");
    expect(getCatalogService("wordpress_site")?.grantMethod).toBe("manual");
    expect(services.some((s) => s.clientFlow === "client_invite")).toBe(true);
    expect(getCatalogService("klaviyo_account")?.clientFlow).toBe("client_invite");
  });

  it("gives every instruction step a stable translation key", () => {
    for (const s of services) {
      expect(s.stepKeys).toHaveLength(s.instructions.length);
      s.stepKeys.forEach((key, i) => expect(key).toBe(`${s.id}.step${i + 1}`));
      for (const step of s.instructions) expect(step.trim().length).toBeGreaterThan(0);
    }
    // Every manual service tells the client whom to add.
    for (const s of services.filter((x) => x.grantMethod === "manual")) {
      expect(s.instructions.some((step) => step.includes("{agencyAccount}"))).toBe(true);
    }
  });

  it("fills the agency account into a step, literally", () => {
    expect(renderInstructionStep("Add {agencyAccount} now, {agencyAccount}", "a$&b@x.com")).toBe(
      "Add a$&b@x.com now, a$&b@x.com",
    );
  });

  it("is frozen so no caller can change the shared data", () => {
    const s = getCatalogService("meta_ads")!;
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.roles)).toBe(true);
    expect(Object.isFrozen(s.roles[0])).toBe(true);
    // listCatalog hands out a fresh array; mutating it leaves the catalog alone.
    listCatalog().pop();
    expect(listCatalog()).toHaveLength(SERVICE_IDS.length);
  });
});

describe("decisions the spec leaves open", () => {
  it("names the two grant_failed platforms among the attempt-event platforms", () => {
    expect([...GRANT_FAILED_PLATFORMS]).toEqual(["meta", "google"]);
    expect([...ATTEMPT_EVENT_PLATFORMS].sort()).toEqual([
      "google",
      "hubspot",
      "linkedin",
      "meta",
      "microsoft",
      "pinterest",
      "snapchat",
      "tiktok",
      "wordpress",
    ]);
    for (const p of GRANT_FAILED_PLATFORMS) expect(ATTEMPT_EVENT_PLATFORMS).toContain(p);
    for (const p of ATTEMPT_EVENT_PLATFORMS) {
      // a platform signed in to, or (WordPress) a site that approves the app
      const services = listPlatformServices(p);
      if (getPlatform(p)?.connectorKind === "oauth") expect(services.some((s) => isOneClickHere(s, "live"))).toBe(true);
      else expect(services.some((s) => s.siteApproval)).toBe(true);
    }
  });

  it("HubSpot is an invite service (the agency confirms it), one click only where HubSpot is live", () => {
    const hubspot = getCatalogService("hubspot_portal")!;
    expect(hubspot).toMatchObject({
      clientFlow: "client_invite",
      grantMethod: "manual",
      clientSignInRequired: false,
      oneClickWhenLive: true,
    });
    expect(isOneClickHere(hubspot, "live")).toBe(true);
    expect(isOneClickHere(hubspot, "sandbox")).toBe(false);
    expect(isOneClickHere(hubspot, "unconfigured")).toBe(false);
    expect(services.filter((s) => s.oneClickWhenLive).map((s) => s.id)).toEqual(["hubspot_portal"]);
    expect(isOneClickHere(getCatalogService("meta_ads"), "sandbox")).toBe(true);
  });
});

describe("API shape", () => {
  const specKeys = ["accountLinkFields", "clientSignInRequired", "grantMethod", "id", "platform", "roles"];

  it("has exactly the spec's Catalog service fields", () => {
    for (const s of services) {
      const api = toApiCatalogService(s);
      expect(Object.keys(api).sort()).toEqual(specKeys);
      for (const r of api.roles) expect(Object.keys(r).sort()).toEqual(["label", "readOnly", "value"]);
      // the spec's two fields, plus the documented addition `requiredWhen` where a field's need depends on the account
      for (const f of api.accountLinkFields)
        expect(Object.keys(f).sort()).toEqual(
          "requiredWhen" in f ? ["name", "required", "requiredWhen"] : ["name", "required"],
        );
    }
  });

  it("serves a frozen precomputed array matching the catalog, JSON-safe", () => {
    expect(Object.isFrozen(API_CATALOG_SERVICES)).toBe(true);
    expect(Object.isFrozen(API_CATALOG_SERVICES[0]!.roles)).toBe(true);
    expect(API_CATALOG_SERVICES).toEqual(services.map(toApiCatalogService));
    expect(JSON.parse(JSON.stringify(API_CATALOG_SERVICES))).toEqual(API_CATALOG_SERVICES);
    expect(API_CATALOG_SERVICES.find((s) => s.id === "meta_pixel")?.roles).toEqual([]);
  });
});
