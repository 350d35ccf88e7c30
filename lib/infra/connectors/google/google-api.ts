import type { RoleOrder } from "@/lib/infra/connectors/role-order";

// What the Google connector knows about Google's APIs as plain data: the hosts and pinned
// versions it calls, the OAuth scopes each service needs, and the one table that maps a
// catalog role to what each API accepts. Pure: unit tested in google-api.test.ts and
// repeated in the Google table of docs/platforms.md.

export const GOOGLE_HOSTS = {
  /** OAuth 2.0 consent page: https://developers.google.com/identity/protocols/oauth2/web-server#creatingclient */
  accounts: "https://accounts.google.com",
  /** Token endpoint: https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code */
  oauth2: "https://oauth2.googleapis.com",
  /** OpenID Connect userinfo: https://developers.google.com/identity/openid-connect/openid-connect#obtainuserinfo */
  openid: "https://openidconnect.googleapis.com",
  /** Google Analytics Admin API: https://developers.google.com/analytics/devguides/config/admin/v1/rest */
  analyticsAdmin: "https://analyticsadmin.googleapis.com",
  /** Tag Manager API v2: https://developers.google.com/tag-platform/tag-manager/api/reference/rest */
  tagManager: "https://tagmanager.googleapis.com",
  /** Google Ads API (REST): https://developers.google.com/google-ads/api/rest/overview */
  ads: "https://googleads.googleapis.com",
  /** Merchant API: https://developers.google.com/merchant/api/reference/rest */
  merchant: "https://merchantapi.googleapis.com",
  /** My Business Account Management API: https://developers.google.com/my-business/reference/accountmanagement/rest */
  businessAccounts: "https://mybusinessaccountmanagement.googleapis.com",
  /** My Business Business Information API: https://developers.google.com/my-business/reference/businessinformation/rest */
  businessInformation: "https://mybusinessbusinessinformation.googleapis.com",
} as const;

/** Every host the connector touches: tests override all of them (PLATFORM_HOST_OVERRIDES). */
export const GOOGLE_HOST_NAMES: readonly string[] = Object.values(GOOGLE_HOSTS).map((u) => new URL(u).host);

/**
 * Pinned Google Ads API version (https://developers.google.com/google-ads/api/docs/sunset-dates):
 * one constant, raised when Google sunsets it.
 */
export const GOOGLE_ADS_API_VERSION = "v26";

const SCOPE = "https://www.googleapis.com/auth/";

/** Asked on every sign-in: the user's email identifies who granted (and the agency's connected account). */
export const GOOGLE_IDENTITY_SCOPES = ["openid", "email"] as const;

/**
 * The scopes each one-click service needs, and nothing more. Services without an entry
 * (Search Console, YouTube) have no grant API and take the manual flow.
 */
export const GOOGLE_SERVICE_SCOPES: Readonly<Record<string, readonly string[]>> = {
  // accountSummaries.list needs analytics.readonly; accessBindings create/list need analytics.manage.users.
  google_analytics: [`${SCOPE}analytics.readonly`, `${SCOPE}analytics.manage.users`],
  // accounts.list / containers.list need tagmanager.readonly; user_permissions need tagmanager.manage.users.
  google_tag_manager: [`${SCOPE}tagmanager.readonly`, `${SCOPE}tagmanager.manage.users`],
  // Every Google Ads API call uses the single adwords scope.
  google_ads: [`${SCOPE}adwords`],
  google_ads_mcc: [`${SCOPE}adwords`],
  // Merchant API accounts and users.
  google_merchant_center: [`${SCOPE}content`],
  // Business Profile account management and business information.
  google_business_profile: [`${SCOPE}business.manage`],
};

/**
 * What the agency's own connection asks for: the reads its access checks and receipts make and
 * the Ads calls of its manager account (identity, leaving a client's account).
 */
export const GOOGLE_AGENCY_SCOPES: readonly string[] = [
  // properties.accessBindings.list: analytics.manage.users.readonly
  // (https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1alpha/properties.accessBindings/list)
  `${SCOPE}analytics.manage.users.readonly`,
  // accounts.user_permissions.list: tagmanager.manage.users
  // (https://developers.google.com/tag-platform/tag-manager/api/reference/rest/v2/accounts.user_permissions/list)
  `${SCOPE}tagmanager.manage.users`,
  // every Google Ads API call (https://developers.google.com/google-ads/api/docs/oauth/overview)
  `${SCOPE}adwords`,
  // Merchant API accounts.users.get (https://developers.google.com/merchant/api/reference/rest/accounts_v1/accounts.users/get)
  `${SCOPE}content`,
  // locations.admins.list (https://developers.google.com/my-business/reference/accountmanagement/rest/v1/locations.admins/list)
  `${SCOPE}business.manage`,
];

export const GOOGLE_ONE_CLICK_SERVICES: readonly string[] = Object.keys(GOOGLE_SERVICE_SCOPES);

/** The scopes for one sign-in: identity plus the union of the services' scopes, sorted and without duplicates. */
export function scopesFor(serviceIds: readonly string[]): string[] {
  const set = new Set<string>(GOOGLE_IDENTITY_SCOPES);
  for (const id of serviceIds) for (const s of GOOGLE_SERVICE_SCOPES[id] ?? []) set.add(s);
  return [...set].sort();
}

// Analytics: AccessBinding.roles valid values
// (https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1alpha/accounts.accessBindings).
export const ANALYTICS_ROLES: Readonly<Record<string, string>> = {
  administrator: "predefinedRoles/admin",
  editor: "predefinedRoles/editor",
  analyst: "predefinedRoles/analyst",
  viewer: "predefinedRoles/viewer",
};
/** Weakest first: a binding holding a later role already includes the earlier ones. */
export const ANALYTICS_ROLE_ORDER = [
  "predefinedRoles/viewer",
  "predefinedRoles/analyst",
  "predefinedRoles/editor",
  "predefinedRoles/admin",
] as const;

// Tag Manager: ContainerAccess.permission is ONE value per container
// (https://developers.google.com/tag-platform/tag-manager/api/reference/rest/v2/accounts.user_permissions#ContainerAccess):
// read < edit < approve < publish, each including the ones before it.
export const TAG_MANAGER_PERMISSION_ORDER = ["read", "edit", "approve", "publish"] as const;
export type TagManagerPermission = (typeof TAG_MANAGER_PERMISSION_ORDER)[number];

// Google Ads: CustomerUserAccessInvitation.access_role (AccessRoleEnum:
// https://developers.google.com/google-ads/api/reference/rpc/v26/AccessRoleEnum.AccessRole).
// The enum has no billing role: "billing" cannot be granted through the API.
export const ADS_ACCESS_ROLES: Readonly<Record<string, string>> = {
  admin: "ADMIN",
  standard: "STANDARD",
  read_only: "READ_ONLY",
  email_only: "EMAIL_ONLY",
};

// Merchant API: User.accessRights (AccessRight enum:
// https://developers.google.com/merchant/api/reference/rest/accounts_v1/accounts.users#AccessRight).
export const MERCHANT_ACCESS_RIGHTS: Readonly<Record<string, readonly string[]>> = {
  admin: ["ADMIN"],
  standard: ["STANDARD"],
  reporting: ["PERFORMANCE_REPORTING"],
};

// Business Profile: Admin.role (AdminRole:
// https://developers.google.com/my-business/reference/accountmanagement/rest/v1/accounts.admins#AdminRole).
export const BUSINESS_PROFILE_ROLES: Readonly<Record<string, string>> = {
  owner: "OWNER",
  manager: "MANAGER",
};

/**
 * Which role includes which, per service, as Google documents it (RoleOrder chains, strongest
 * first), for "a grant never leaves the agency with less access than it had":
 * - Analytics: Administrator includes Editor, which includes Analyst, which includes Viewer
 *   ("Access and data-restriction management", https://support.google.com/analytics/answer/9305587;
 *   AccessBinding.roles, https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1alpha/accounts.accessBindings).
 *   The data restrictions (no-cost-data, no-revenue-data) are in no chain and are kept as held.
 * - Tag Manager: publish includes approve, edit and read, one permission per container
 *   (ContainerAccess.permission, https://developers.google.com/tag-platform/tag-manager/api/reference/rest/v2/accounts.user_permissions#ContainerAccess;
 *   "User permissions", https://support.google.com/tagmanager/answer/6107011).
 * - Google Ads: Admin includes Standard, Read only and Email only
 *   (AccessRoleEnum, https://developers.google.com/google-ads/api/reference/rpc/v26/AccessRoleEnum.AccessRole;
 *   "About access levels", https://support.google.com/google-ads/answer/9978556).
 * - Merchant Center: ADMIN includes STANDARD (which includes READ_ONLY) and PERFORMANCE_REPORTING
 *   (AccessRight, https://developers.google.com/merchant/api/reference/rest/accounts_v1/accounts.users#AccessRight).
 * - Business Profile: PRIMARY_OWNER includes OWNER, which includes MANAGER and SITE_MANAGER
 *   (AdminRole, https://developers.google.com/my-business/reference/accountmanagement/rest/v1/accounts.admins#AdminRole).
 */
export const GOOGLE_ROLE_ORDER: Readonly<Record<string, RoleOrder>> = {
  google_analytics: [
    ["predefinedRoles/admin", "predefinedRoles/editor", "predefinedRoles/analyst", "predefinedRoles/viewer"],
  ],
  google_tag_manager: [["publish", "approve", "edit", "read"]],
  google_ads: [["ADMIN", "STANDARD", "READ_ONLY", "EMAIL_ONLY"]],
  google_merchant_center: [
    ["ADMIN", "STANDARD", "READ_ONLY"],
    ["ADMIN", "PERFORMANCE_REPORTING"],
  ],
  google_business_profile: [["PRIMARY_OWNER", "OWNER", "MANAGER", "SITE_MANAGER"]],
};

/**
 * The Tag Manager permission for a catalog role value: a single role (`edit`) or a
 * bracketed multi-role list (`[publish,read]`). The API takes one permission per
 * container and each includes the weaker ones, so the strongest of the list is granted.
 * Null when the list names nothing Tag Manager knows.
 */
export function tagManagerPermission(role: string | null): TagManagerPermission | null {
  if (!role) return null;
  const items = role
    .replace(/^\[|\]$/g, "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  let best = -1;
  for (const item of items) {
    const rank = (TAG_MANAGER_PERMISSION_ORDER as readonly string[]).indexOf(item);
    if (rank < 0) return null;
    best = Math.max(best, rank);
  }
  return best < 0 ? null : TAG_MANAGER_PERMISSION_ORDER[best]!;
}

export function tagManagerRank(permission: string | undefined): number {
  return permission ? (TAG_MANAGER_PERMISSION_ORDER as readonly string[]).indexOf(permission) : -1;
}

export function analyticsRank(roles: readonly string[] | undefined): number {
  return Math.max(-1, ...(roles ?? []).map((r) => (ANALYTICS_ROLE_ORDER as readonly string[]).indexOf(r)));
}

/** Google Ads customer ids are shown as 123-456-7890; the API wants the ten digits. */
export function adsCustomerId(value: string | null | undefined): string | null {
  const digits = (value ?? "").replace(/-/g, "").trim();
  return /^\d{10}$/.test(digits) ? digits : null;
}
