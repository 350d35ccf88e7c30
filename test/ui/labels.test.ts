// Roles and statuses are shown with their labels, never their stored values.
import { describe, expect, it } from "vitest";
import { ROLES, roleName } from "@/lib/core/auth/roles";
import { statusLabel } from "@/components/ui/badge";

describe("labels", () => {
  it("names every team role as people write it", () => {
    expect(ROLES.map(roleName)).toEqual(["Owner", "Manager", "Member", "Viewer"]);
  });

  it("writes a status without its underscore", () => {
    expect(statusLabel("in_progress")).toBe("In progress");
  });
});
