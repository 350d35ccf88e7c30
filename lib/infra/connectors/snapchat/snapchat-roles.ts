// Catalog roles -> Snapchat ad account role types (Roles, "Ad Account Roles",
// https://developers.snap.com/api/marketing-api/Ads-API/roles: admin, creative, general,
// reports, audience):
//   account_manager -> general (full control of campaigns, ad squads and ads; Snap's
//     `admin` also manages the account's members, which the catalog role does not ask for)
//   creative_manager -> creative (full control of creatives and media, read on the rest)
//   reports -> reports (read-only, for reporting)
// Every ad account role needs the organization role `member` first (same page).
import { ConnectorError } from "@/lib/infra/connectors/connector";

export const SNAPCHAT_ROLE_MAP: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  snapchat_ads: { account_manager: "general", creative_manager: "creative", reports: "reports" },
};

export function snapchatRole(serviceId: string, role: string | null): string {
  const table = SNAPCHAT_ROLE_MAP[serviceId];
  if (!table) throw new ConnectorError("server_error", `Snapchat has no service ${serviceId}`);
  const mapped = role === null ? undefined : table[role];
  if (!mapped) throw new ConnectorError("server_error", `No Snapchat role for ${serviceId} role "${role}"`);
  return mapped;
}
