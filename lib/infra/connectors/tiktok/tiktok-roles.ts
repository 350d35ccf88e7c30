// Catalog roles -> TikTok's documented role names, one table per service.
// - tiktok_ads: the `advertiser_role` of "Add partner to Business Center" (BC Partner Add,
//   https://business-api.tiktok.com/portal/docs?id=1739662756510721): ADMIN, OPERATOR, ANALYST.
// - tiktok_business_center: the `user_role` of "Invite members to BC" (BC Member Invite,
//   https://business-api.tiktok.com/portal/docs?id=1739939455765505): ADMIN, STANDARD.
import { ConnectorError } from "@/lib/infra/connectors/connector";

export const TIKTOK_ROLE_MAP: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  tiktok_ads: { admin: "ADMIN", operator: "OPERATOR", analyst: "ANALYST" },
  tiktok_business_center: { admin: "ADMIN", standard: "STANDARD" },
};

/** The TikTok role for a catalog role of a TikTok service; a role outside the table is our bug. */
export function tiktokRole(serviceId: string, role: string | null): string {
  const table = TIKTOK_ROLE_MAP[serviceId];
  if (!table) throw new ConnectorError("server_error", `TikTok has no service ${serviceId}`);
  const mapped = role === null ? undefined : table[role];
  if (!mapped) throw new ConnectorError("server_error", `No TikTok role for ${serviceId} role "${role}"`);
  return mapped;
}
