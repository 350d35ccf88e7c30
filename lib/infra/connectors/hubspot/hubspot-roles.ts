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
// Role order: super_admin includes standard includes view_only. Any existing user of the
// portal holds at least view_only; an existing user is never changed (a PUT replaces its
// role and could lower it), so an existing user counts as already granted.
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
