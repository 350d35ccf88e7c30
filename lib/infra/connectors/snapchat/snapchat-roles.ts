// Catalog roles -> Snapchat Ad Account Roles (Roles,
// https://developers.snap.com/api/marketing-api/Ads-API/roles: ad account role `type` is one
// of admin, creative, general, reports, audience; a Member first needs the Organization role
// `member`):
//   account_manager -> admin, creative_manager -> creative, reports -> reports.
// `general` (campaigns, ad squads, ads) and `audience` are Snapchat roles without a catalog
// role. Which role includes which, from the same page's descriptions:
//   admin        "Admin access to everything in the Ad Account": includes every other role
//   creative     "full control of Creative and Media entities, and read access to all other
//                entities": includes reports
//   general, audience, reports: only themselves
// Organization roles: `admin` ("Admin access to everything in the Organization and all Ad
// Accounts") includes every ad account role; `data_admin` ("reporting access only to all Ad
// Accounts") includes reports on every ad account. Roles are separate entities and a new one
// never replaces another, so a grant only ever adds.
import { ConnectorError } from "@/lib/infra/connectors/connector";

export const SNAPCHAT_ROLE_MAP: Readonly<Record<string, string>> = {
  account_manager: "admin",
  creative_manager: "creative",
  reports: "reports",
};

export const SNAPCHAT_AD_ACCOUNT_ROLES = ["admin", "creative", "general", "reports", "audience"] as const;
export const SNAPCHAT_ORGANIZATION_ROLES = ["admin", "business_admin", "data_admin", "member"] as const;

const INCLUDES: Readonly<Record<string, readonly string[]>> = {
  admin: SNAPCHAT_AD_ACCOUNT_ROLES,
  creative: ["creative", "reports"],
  general: ["general"],
  reports: ["reports"],
  audience: ["audience"],
};

export function snapchatRole(serviceId: string, role: string | null): string {
  if (serviceId !== "snapchat_ads") throw new ConnectorError("server_error", `Snapchat has no service ${serviceId}`);
  const mapped = role === null ? undefined : SNAPCHAT_ROLE_MAP[role];
  if (!mapped) throw new ConnectorError("server_error", `No Snapchat role for ${serviceId} role "${role}"`);
  return mapped;
}

/** Whether the held organization and ad account roles already give `wanted` on the ad account. */
export function snapchatHolds(
  wanted: string,
  held: { organization: readonly string[]; adAccount: readonly string[] },
): boolean {
  if (held.organization.includes("admin")) return true;
  if (wanted === "reports" && held.organization.includes("data_admin")) return true;
  return held.adAccount.some((type) => INCLUDES[type]?.includes(wanted));
}
