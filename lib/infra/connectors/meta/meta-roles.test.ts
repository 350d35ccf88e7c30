import { describe, expect, it } from "vitest";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import {
  META_BUSINESS_ROLES,
  META_BUSINESS_ROLE_ORDER,
  META_PARTNER_TASKS,
  META_TASK_ORDER,
  businessRole,
  metaScopesFor,
  partnerTasks,
} from "@/lib/infra/connectors/meta/meta-roles";
import { anyIncludes, roleIncludes } from "@/lib/infra/connectors/role-order";

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

  it("orders the tasks so each catalog role's list includes the lists of the roles after it", () => {
    for (const serviceId of Object.keys(META_PARTNER_TASKS) as (keyof typeof META_PARTNER_TASKS)[]) {
      const lists = Object.values(META_PARTNER_TASKS[serviceId]) as readonly (readonly string[])[];
      for (let i = 0; i < lists.length; i++)
        for (const later of lists.slice(i + 1))
          for (const t of later)
            expect(anyIncludes(META_TASK_ORDER[serviceId], lists[i]!, t), `${serviceId} ${t}`).toBe(true);
    }
    expect(anyIncludes(META_TASK_ORDER.meta_ads, ["MANAGE"], "ANALYZE")).toBe(true);
    expect(anyIncludes(META_TASK_ORDER.meta_ads, ["ANALYZE"], "ADVERTISE")).toBe(false);
    expect(roleIncludes(META_BUSINESS_ROLE_ORDER, META_BUSINESS_ROLES.admin, META_BUSINESS_ROLES.employee)).toBe(true);
    expect(roleIncludes(META_BUSINESS_ROLE_ORDER, META_BUSINESS_ROLES.employee, META_BUSINESS_ROLES.admin)).toBe(false);
  });
});
