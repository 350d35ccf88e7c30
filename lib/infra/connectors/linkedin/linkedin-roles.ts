// Catalog roles -> LinkedIn's documented role names, one table per service.
// - linkedin_ads: ad account user roles (Ad Account Users API,
//   https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-account-users):
//   ACCOUNT_MANAGER, CAMPAIGN_MANAGER, CREATIVE_MANAGER, VIEWER (ACCOUNT_BILLING_ADMIN is
//   not in the catalog: billing stays with the client).
// - linkedin_page: organization roles (Organization Access Control by Role,
//   https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-access-control-by-role):
//   ADMINISTRATOR (the Page's "Super admin"), CONTENT_ADMINISTRATOR, ANALYST.
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { RoleOrder } from "@/lib/infra/connectors/role-order";

export const LINKEDIN_ROLE_MAP: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  linkedin_ads: {
    account_manager: "ACCOUNT_MANAGER",
    campaign_manager: "CAMPAIGN_MANAGER",
    creative_manager: "CREATIVE_MANAGER",
    viewer: "VIEWER",
  },
  linkedin_page: { super_admin: "ADMINISTRATOR", content_admin: "CONTENT_ADMINISTRATOR", analyst: "ANALYST" },
};

/**
 * Which role includes which, per service.
 * - Ad account roles ("Ad Account User Role Definitions", Ad Account Users API, link above):
 *   each role adds to the one below it: VIEWER views, CREATIVE_MANAGER also edits ads,
 *   CAMPAIGN_MANAGER also edits campaigns, ACCOUNT_MANAGER also manages users and the account,
 *   ACCOUNT_BILLING_ADMIN also has billing. A member holds one role per ad account and
 *   "Create Ad Account User" (PUT) replaces it, so a grant never sends a weaker role.
 * - Page roles (Organization Access Control by Role, link above; Page admin roles,
 *   https://www.linkedin.com/help/linkedin/answer/a541981): a super admin (ADMINISTRATOR)
 *   can do what a content admin can, who can do what an analyst can. Page roles are added
 *   side by side (one ACL per role), so nothing is replaced.
 */
export const LINKEDIN_ROLE_ORDER: Readonly<Record<string, RoleOrder>> = {
  linkedin_ads: [["ACCOUNT_BILLING_ADMIN", "ACCOUNT_MANAGER", "CAMPAIGN_MANAGER", "CREATIVE_MANAGER", "VIEWER"]],
  linkedin_page: [["ADMINISTRATOR", "CONTENT_ADMINISTRATOR", "ANALYST"]],
};

/** Ad account roles that may manage the account's users ("Can manage users"): the client needs one to share it. */
export const LINKEDIN_USER_MANAGING_ROLES: readonly string[] = ["ACCOUNT_BILLING_ADMIN", "ACCOUNT_MANAGER"];

export function linkedinRole(serviceId: string, role: string | null): string {
  const table = LINKEDIN_ROLE_MAP[serviceId];
  if (!table) throw new ConnectorError("server_error", `LinkedIn has no service ${serviceId}`);
  const mapped = role === null ? undefined : table[role];
  if (!mapped) throw new ConnectorError("server_error", `No LinkedIn role for ${serviceId} role "${role}"`);
  return mapped;
}
