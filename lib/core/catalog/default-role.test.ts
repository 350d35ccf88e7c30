// The default role of every service is its least-privileged usual role, never its admin role.
import { describe, expect, it } from "vitest";
import { defaultRole } from "@/lib/core/catalog/default-role";
import { getCatalogService, listCatalog } from "@/lib/core/catalog/catalog";

describe("defaultRole", () => {
  it.each([
    ["google_ads", "standard"],
    ["meta_ads", "analyst"],
    ["google_tag_manager", "read"],
  ])("%s defaults to %s", (serviceId, role) => {
    expect(defaultRole(getCatalogService(serviceId)!.roles)?.value).toBe(role);
  });

  it("never picks the most powerful role of a service that offers another", () => {
    for (const s of listCatalog()) {
      if (s.roles.length < 2) continue;
      expect(defaultRole(s.roles)?.value, s.id).not.toBe(s.roles[0]!.value);
    }
  });

  it("has no role to pick for a role-less service", () => {
    expect(defaultRole([])).toBeUndefined();
  });
});
