// Catalog roles -> Pinterest business access permissions for an ad account (the
// `Permissions` enum of "Assign/Update partner asset permissions",
// PATCH /v5/businesses/{business_id}/partners/assets, Pinterest API v5 reference,
// https://developers.pinterest.com/docs/api/v5/business_partner_asset_access-update, and
// Share business access, https://developers.pinterest.com/docs/api-features/share-business-access/):
//   admin -> ADMIN, campaign_manager -> CAMPAIGN_MANAGER, analyst -> ANALYST.
// The finance and catalog permissions are not in the catalog: billing stays with the client.
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { RoleOrder } from "@/lib/infra/connectors/role-order";

export const PINTEREST_ROLE_MAP: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  pinterest_ads: { admin: "ADMIN", campaign_manager: "CAMPAIGN_MANAGER", analyst: "ANALYST" },
};

/**
 * Which permission includes which on an ad account (Business Manager overview, permission
 * levels, https://help.pinterest.com/en/business/article/business-manager-overview): Admin
 * can do everything a Campaign manager can, who can do everything an Analyst can. The
 * finance, audience and catalog permissions are unrelated to these three. "Assign/Update
 * partner asset permissions" overrides the partner's permissions on the asset (its
 * description in Pinterest's OpenAPI), so a grant sends the union of the held and the asked.
 */
export const PINTEREST_ROLE_ORDER: RoleOrder = [["ADMIN", "CAMPAIGN_MANAGER", "ANALYST"]];

export function pinterestPermission(serviceId: string, role: string | null): string {
  const table = PINTEREST_ROLE_MAP[serviceId];
  if (!table) throw new ConnectorError("server_error", `Pinterest has no service ${serviceId}`);
  const mapped = role === null ? undefined : table[role];
  if (!mapped) throw new ConnectorError("server_error", `No Pinterest permission for ${serviceId} role "${role}"`);
  return mapped;
}
