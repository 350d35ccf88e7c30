// Catalog roles -> HubSpot users. HubSpot has no fixed role list: a portal's roles are the
// permission sets its admins created ("Retrieve roles", GET /settings/v3/users/roles, each
// `{ id, name, requiresBillingWrite }`; User provisioning,
// https://developers.hubspot.com/docs/api-reference/settings-user-provisioning-v3/guide).
// Creating roles needs a paid Starter, Professional or Enterprise seat in HubSpot, and a role
// with paid seats attached (`requiresBillingWrite`) can only be given by an app holding the
// billing-write scope, which this app does not ask for.
//   view_only   -> the portal role named "View only" (or "View-only", "Read only", "Viewer")
//                  when there is one; otherwise no roleId: HubSpot gives a new user only
//                  minimal permissions (contacts-base), which is view access
//   standard    -> the portal role named "Standard user" (or "Standard"); without one the
//                  grant is refused with the steps to do it in HubSpot
//   super_admin -> refused with the steps: the user provisioning API has no super admin field
//                  (the create request is email, roleId, primaryTeamId, secondaryTeamIds,
//                  sendWelcomeEmail), so the client makes the agency a super admin in HubSpot
// Role order: super_admin includes standard includes view_only (HUBSPOT_ROLE_ORDER). An
// existing user's level is read from its `superAdmin` flag and the names of its `roleIds`;
// a user without a role holds HubSpot's minimal permissions, which is view_only. A weaker
// existing user is raised with "Updates a user" (PUT /settings/v3/users/{userId}, the SDK's
// UsersApi.replace with a PublicUserUpdate `{ roleId }`), never lowered: a user at the level
// asked for or above counts as already granted, and a user whose role this mapping cannot
// place (a role the portal's admins named themselves) is left as it is, with the steps.
import type { RoleOrder } from "@/lib/infra/connectors/role-order";

export const HUBSPOT_ROLE_ORDER: RoleOrder = [["super_admin", "standard", "view_only"]];
export const HUBSPOT_ROLE_NAMES: Readonly<Record<string, readonly string[]>> = {
  view_only: ["view only", "view-only", "read only", "read-only", "viewer"],
  standard: ["standard user", "standard"],
};

export type HubSpotRole = { id: string; name: string; requiresBillingWrite: boolean };

export type HubSpotRoleChoice = { roleId: string | null } | { refused: string };

export function hubspotRoleFor(
  catalogRole: string | null,
  roles: readonly HubSpotRole[],
  agencyEmail: string,
): HubSpotRoleChoice {
  const manual = `In HubSpot, open Settings, then Users & Teams, and add ${agencyEmail}`;
  if (catalogRole === "super_admin")
    return { refused: `HubSpot's API cannot make a super admin. ${manual} with Super Admin permissions.` };
  const names = HUBSPOT_ROLE_NAMES[catalogRole ?? "view_only"] ?? [];
  const match = roles.find((r) => names.includes(r.name.trim().toLowerCase()));
  if (match && !match.requiresBillingWrite) return { roleId: match.id };
  if (match)
    return {
      refused: `HubSpot's "${match.name}" role uses a paid seat, which only a billing admin can assign. ${manual} with that role.`,
    };
  if (catalogRole === "standard")
    return {
      refused: `Your HubSpot account has no "Standard user" role (roles need a paid HubSpot seat). ${manual} with the access requested.`,
    };
  return { roleId: null };
}

/** The catalog role an existing user holds, or null when its role is one this mapping cannot place. */
export function hubspotLevelOf(
  user: { roleIds: readonly string[]; superAdmin: boolean },
  roles: readonly HubSpotRole[],
): { level: string } | { unknownRole: string } {
  if (user.superAdmin) return { level: "super_admin" };
  if (user.roleIds.length === 0) return { level: "view_only" };
  const levels = user.roleIds.map((id) => {
    const name =
      roles
        .find((r) => r.id === id)
        ?.name.trim()
        .toLowerCase() ?? "";
    return Object.keys(HUBSPOT_ROLE_NAMES).find((level) => HUBSPOT_ROLE_NAMES[level]!.includes(name)) ?? null;
  });
  if (levels.includes("standard")) return { level: "standard" };
  const unknown = user.roleIds.find((_, i) => levels[i] === null);
  if (unknown !== undefined) return { unknownRole: roles.find((r) => r.id === unknown)?.name ?? unknown };
  return { level: "view_only" };
}
