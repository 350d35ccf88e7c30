// Catalog roles -> LinkedIn's documented role names, one table per service.
// - linkedin_ads: ad account user roles (Ad Account Users API,
//   https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-account-users):
//   ACCOUNT_MANAGER, CAMPAIGN_MANAGER, CREATIVE_MANAGER, VIEWER (ACCOUNT_BILLING_ADMIN is
//   not in the catalog: billing stays with the client).
// - linkedin_page: organization roles (Organization Access Control by Role,
//   https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-access-control-by-role):
//   ADMINISTRATOR (the Page's "Super admin"), CONTENT_ADMINISTRATOR, ANALYST.
import { ConnectorError } from "@/lib/infra/connectors/connector";

export const LINKEDIN_ROLE_MAP: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  linkedin_ads: { account_manager: "ACCOUNT_MANAGER", campaign_manager: "CAMPAIGN_MANAGER", creative_manager: "CREATIVE_MANAGER", viewer: "VIEWER" },
  linkedin_page: { super_admin: "ADMINISTRATOR", content_admin: "CONTENT_ADMINISTRATOR", analyst: "ANALYST" },
};

export function linkedinRole(serviceId: string, role: string | null): string {
  const table = LINKEDIN_ROLE_MAP[serviceId];
  if (!table) throw new ConnectorError("server_error", `LinkedIn has no service ${serviceId}`);
  const mapped = role === null ? undefined : table[role];
  if (!mapped) throw new ConnectorError("server_error", `No LinkedIn role for ${serviceId} role "${role}"`);
  return mapped;
}
