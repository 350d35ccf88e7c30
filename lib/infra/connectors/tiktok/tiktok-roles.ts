// Catalog roles -> TikTok's documented role names, one table per service.
// - tiktok_ads: the `advertiser_role` of "Add partner to Business Center" (BC Partner Add,
//   https://business-api.tiktok.com/portal/docs?id=1739662756510721): ADMIN, OPERATOR, ANALYST.
// - tiktok_business_center: the `user_role` of "Invite members to BC" (BC Member Invite,
//   https://business-api.tiktok.com/portal/docs?id=1739939455765505): ADMIN, STANDARD.
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { RoleOrder } from "@/lib/infra/connectors/role-order";

export const TIKTOK_ROLE_MAP: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  tiktok_ads: { admin: "ADMIN", operator: "OPERATOR", analyst: "ANALYST" },
  tiktok_business_center: { admin: "ADMIN", standard: "STANDARD" },
};

/**
 * Which role includes which, per service. Ad account roles (Business Center roles and
 * permissions, https://ads.tiktok.com/help/article/business-center-roles-and-permissions):
 * Admin can do everything an Operator can, who can do everything an Analyst can. Business
 * Center member roles: an Admin has every asset and member right a Standard member has.
 * "Add partner to Business Center" sets the partner's role on the asset, and a member keeps
 * one role, so a grant only ever raises: a held role that includes the asked one is
 * already granted, and a weaker one is raised to the asked one (which includes it).
 */
export const TIKTOK_ROLE_ORDER: Readonly<Record<string, RoleOrder>> = {
  tiktok_ads: [["ADMIN", "OPERATOR", "ANALYST"]],
  tiktok_business_center: [["ADMIN", "STANDARD"]],
};

/** The TikTok role for a catalog role of a TikTok service; a role outside the table is our bug. */
export function tiktokRole(serviceId: string, role: string | null): string {
  const table = TIKTOK_ROLE_MAP[serviceId];
  if (!table) throw new ConnectorError("server_error", `TikTok has no service ${serviceId}`);
  const mapped = role === null ? undefined : table[role];
  if (!mapped) throw new ConnectorError("server_error", `No TikTok role for ${serviceId} role "${role}"`);
  return mapped;
}
