// Catalog roles -> a HubSpot portal's roles (hubspot-roles.ts).
import { describe, expect, it } from "vitest";
import { HUBSPOT_ROLE_ORDER, hubspotLevelOf, hubspotRoleFor } from "@/lib/infra/connectors/hubspot/hubspot-roles";
import { roleIncludes } from "@/lib/infra/connectors/role-order";

const roles = [
  { id: "1", name: "Standard User", requiresBillingWrite: false },
  { id: "2", name: " view-only ", requiresBillingWrite: false },
  { id: "3", name: "Marketing seat", requiresBillingWrite: true },
];

describe("HubSpot roles", () => {
  it("finds the portal's role by name, whatever its case and spacing", () => {
    expect(hubspotRoleFor("standard", roles, "a@b.test")).toEqual({ roleId: "1" });
    expect(hubspotRoleFor("view_only", roles, "a@b.test")).toEqual({ roleId: "2" });
  });

  it("without a matching role: view only is HubSpot's minimal user, standard is refused with the steps", () => {
    expect(hubspotRoleFor("view_only", [], "a@b.test")).toEqual({ roleId: null });
    const refused = hubspotRoleFor("standard", [], "a@b.test");
    expect("refused" in refused && refused.refused).toContain("Users & Teams, and add a@b.test");
  });

  it("refuses a super admin and a role with paid seats", () => {
    expect(hubspotRoleFor("super_admin", roles, "a@b.test")).toMatchObject({
      refused: expect.stringContaining("super admin") as string,
    });
    expect(
      hubspotRoleFor("standard", [{ id: "9", name: "Standard", requiresBillingWrite: true }], "a@b.test"),
    ).toMatchObject({
      refused: expect.stringContaining("paid seat") as string,
    });
  });
});

describe("an existing HubSpot user's level", () => {
  const portal = [...roles, { id: "4", name: "Marketing team", requiresBillingWrite: false }];
  it("reads super admin, Standard and View only, and the minimal user as view only", () => {
    expect(hubspotLevelOf({ roleIds: ["2"], superAdmin: true }, portal)).toEqual({ level: "super_admin" });
    expect(hubspotLevelOf({ roleIds: ["1"], superAdmin: false }, portal)).toEqual({ level: "standard" });
    expect(hubspotLevelOf({ roleIds: ["2"], superAdmin: false }, portal)).toEqual({ level: "view_only" });
    expect(hubspotLevelOf({ roleIds: [], superAdmin: false }, portal)).toEqual({ level: "view_only" });
  });
  it("does not place a role the portal named itself, so it is never replaced", () => {
    expect(hubspotLevelOf({ roleIds: ["4"], superAdmin: false }, portal)).toEqual({ unknownRole: "Marketing team" });
    expect(hubspotLevelOf({ roleIds: ["2", "4"], superAdmin: false }, portal)).toEqual({
      unknownRole: "Marketing team",
    });
    expect(hubspotLevelOf({ roleIds: ["1", "4"], superAdmin: false }, portal)).toEqual({ level: "standard" });
  });
  it("orders super admin over standard over view only", () => {
    expect(roleIncludes(HUBSPOT_ROLE_ORDER, "standard", "view_only")).toBe(true);
    expect(roleIncludes(HUBSPOT_ROLE_ORDER, "view_only", "standard")).toBe(false);
    expect(roleIncludes(HUBSPOT_ROLE_ORDER, "super_admin", "standard")).toBe(true);
  });
});
