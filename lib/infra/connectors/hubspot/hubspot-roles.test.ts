// Catalog roles -> a HubSpot portal's roles (hubspot-roles.ts).
import { describe, expect, it } from "vitest";
import { hubspotRoleFor } from "@/lib/infra/connectors/hubspot/hubspot-roles";

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
