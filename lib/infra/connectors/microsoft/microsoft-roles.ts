// Catalog roles -> Microsoft Advertising user role ids, as `UserInvitation.RoleId` takes
// them (UserInvitation Data Object and UpdateUserRoles, Customer Management,
// https://learn.microsoft.com/en-us/advertising/customer-management-service/updateuserroles?view=bingads-13):
//   41 Super Admin, 203 Standard User, 16 Advertiser Campaign Manager, 100 Viewer
// (33 Aggregator is not an agency role and not in the catalog). A Standard user cannot
// invite a Super Admin (SendUserInvitation, same docs): the platform refuses that grant
// and the client sees its message.
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { RoleOrder } from "@/lib/infra/connectors/role-order";

export const MICROSOFT_ROLE_IDS: Readonly<Record<string, number>> = {
  super_admin: 41,
  standard: 203,
  campaign_manager: 16,
  viewer: 100,
};

/**
 * Which role includes which (User roles and permissions,
 * https://learn.microsoft.com/en-us/advertising/guides/customer-accounts?view=bingads-13#userroles):
 * a Super Admin can do everything a Standard user can, who can do everything an Advertiser
 * Campaign Manager can, who can do everything a Viewer can. An invitation never takes a
 * role away; a pending one whose role includes the asked one, on the account, already
 * grants it.
 */
export const MICROSOFT_ROLE_ORDER: RoleOrder = [["41", "203", "16", "100"]];

export function microsoftRoleId(role: string | null): number {
  const id = role === null ? undefined : MICROSOFT_ROLE_IDS[role];
  if (id === undefined) throw new ConnectorError("server_error", `No Microsoft Advertising role for "${role}"`);
  return id;
}
