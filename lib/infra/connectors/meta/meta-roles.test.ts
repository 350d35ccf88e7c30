import { describe, expect, it } from "vitest";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { META_PARTNER_TASKS, businessRole, metaScopesFor, partnerTasks } from "@/lib/infra/connectors/meta/meta-roles";

describe("Meta role mapping", () => {
  it("maps every catalog role of every partner-access service to tasks", () => {
    for (const serviceId of Object.keys(META_PARTNER_TASKS) as (keyof typeof META_PARTNER_TASKS)[]) {
      const roles = getCatalogService(serviceId)!.roles.map((r) => r.value);
      if (roles.length === 0) expect(partnerTasks(serviceId, null)).not.toBeNull();
      for (const role of roles) expect(partnerTasks(serviceId, role), `${serviceId}/${role}`).not.toBeNull();
    }
  });

  it("grants less for read-only roles", () => {
    expect(partnerTasks("meta_ads", "analyst")).toEqual(["ANALYZE"]);
    expect(partnerTasks("meta_page", "admin")).toContain("MANAGE");
    expect(partnerTasks("meta_page", "editor")).not.toContain("MANAGE");
    expect(partnerTasks("meta_ads", "owner")).toBeNull();
  });

  it("maps Business Manager roles", () => {
    for (const role of getCatalogService("meta_business_manager")!.roles)
      expect(businessRole(role.value)).not.toBeNull();
    expect(businessRole("admin")).toBe("ADMIN");
    expect(businessRole("finance")).toBeNull();
  });

  it("asks only for the scopes of the requested services", () => {
    expect(metaScopesFor(["meta_business_manager"])).toEqual(["business_management"]);
    expect(metaScopesFor(["meta_ads", "meta_catalog"])).toEqual([
      "ads_management",
      "business_management",
      "catalog_management",
    ]);
    expect(metaScopesFor(["google_ads"])).toEqual([]);
  });
});
