// What each Meta service asks for: the Facebook Login permissions (scopes) a sign-in for
// it needs, and the partner tasks (`permitted_tasks`) or Business Manager role that each
// catalog role maps to. The Meta table in docs/platforms.md repeats it.
//
// Task names per asset type:
// - ad account: MANAGE, ADVERTISE, ANALYZE ("Ad Account Agencies",
//   https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/ad-account/agencies)
// - Page: MANAGE, CREATE_CONTENT, MODERATE, ADVERTISE, ANALYZE ("Page Agencies",
//   https://developers.facebook.com/docs/graph-api/reference/page/agencies/ and the business-to-business guide,
//   https://developers.facebook.com/docs/marketing-api/businessmanager/business-to-business)
// - catalog: MANAGE, ADVERTISE (ProductCatalog.PermittedTasks in Meta's facebook-nodejs-business-sdk)
// - pixel (dataset): ANALYZE, UPLOAD, ADVERTISE; EDIT is allow-listed by Meta ("Business pixel sharing",
//   https://developers.facebook.com/docs/business-management-apis/business-asset-management/guides/business-pixel-sharing)
// - Business Manager roles: ADMIN, EMPLOYEE ("Business Business Users",
//   https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/business/business_users)

import type { RoleOrder } from "@/lib/infra/connectors/role-order";

export type MetaServiceId =
  "meta_business_manager" | "meta_ads" | "meta_page" | "meta_instagram" | "meta_catalog" | "meta_pixel";

export const META_SERVICE_IDS: readonly MetaServiceId[] = [
  "meta_business_manager",
  "meta_ads",
  "meta_page",
  "meta_instagram",
  "meta_catalog",
  "meta_pixel",
];

export function isMetaService(id: string): id is MetaServiceId {
  return (META_SERVICE_IDS as readonly string[]).includes(id);
}

/** Facebook Login permissions per service ("Permissions Reference", https://developers.facebook.com/docs/permissions). */
export const META_SCOPES: Readonly<Record<MetaServiceId, readonly string[]>> = {
  meta_business_manager: ["business_management"],
  meta_ads: ["ads_management", "business_management"],
  // Page partner requests need a Page token: pages_show_list lists the Pages with their tokens,
  // pages_manage_metadata is asked for Pages that no business owns.
  meta_page: ["pages_show_list", "pages_manage_metadata", "business_management"],
  meta_instagram: ["instagram_basic", "pages_show_list", "business_management"],
  meta_catalog: ["catalog_management", "business_management"],
  meta_pixel: ["ads_management", "business_management"],
};

/**
 * The agency user's own sign-in on the dashboard: their Business Managers and email, and the
 * reads its access checks and receipts make of what clients shared with its business
 * (meta-agency-read.ts): business_management for the Business edges, ads_read for client ad
 * accounts and pixels, pages_show_list for client Pages, catalog_management for client catalogs
 * (Meta has no read-only catalog permission) ("Permissions Reference",
 * https://developers.facebook.com/docs/permissions).
 */
export const META_AGENCY_SCOPES: readonly string[] = [
  "business_management",
  "email",
  "ads_read",
  "pages_show_list",
  "catalog_management",
];

export function metaScopesFor(serviceIds: readonly string[]): string[] {
  const out = new Set<string>();
  for (const id of serviceIds) if (isMetaService(id)) for (const s of META_SCOPES[id]) out.add(s);
  return [...out].sort();
}

/** The partner tasks a catalog role grants, per service that uses partner access. */
export const META_PARTNER_TASKS = {
  meta_ads: {
    admin: ["MANAGE", "ADVERTISE", "ANALYZE"],
    advertiser: ["ADVERTISE", "ANALYZE"],
    analyst: ["ANALYZE"],
  },
  meta_page: {
    admin: ["MANAGE", "CREATE_CONTENT", "MODERATE", "ADVERTISE", "ANALYZE"],
    editor: ["CREATE_CONTENT", "MODERATE", "ADVERTISE", "ANALYZE"],
    moderator: ["MODERATE", "ADVERTISE", "ANALYZE"],
    advertiser: ["ADVERTISE", "ANALYZE"],
    analyst: ["ANALYZE"],
  },
  meta_catalog: {
    admin: ["MANAGE", "ADVERTISE"],
    advertiser: ["ADVERTISE"],
  },
  // The catalog has no roles for a pixel: the agency may use it in its ads and read its data.
  meta_pixel: {
    "": ["ADVERTISE", "ANALYZE"],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

export type MetaPartnerService = keyof typeof META_PARTNER_TASKS;

/**
 * Which task includes which, per partner service (RoleOrder chains, strongest first), for
 * "a grant never leaves the agency with less access than it had":
 * - ad account: MANAGE (manage the account, its people and partners) includes ADVERTISE (create
 *   and edit ads), which includes ANALYZE (see performance); DRAFT sits under ADVERTISE
 *   ("Ad Account Agencies", https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/ad-account/agencies;
 *   the task levels of "Business Manager permissions", https://www.facebook.com/business/help/195296697183682).
 * - Page: MANAGE (full control) includes CREATE_CONTENT, which includes MODERATE, ADVERTISE and
 *   ANALYZE, the five Page tasks in that order ("Page Agencies", https://developers.facebook.com/docs/graph-api/reference/page/agencies/;
 *   "Page tasks", https://developers.facebook.com/docs/pages-api/overview#tasks). MESSAGING sits under MODERATE.
 * - catalog: MANAGE includes ADVERTISE (ProductCatalog.PermittedTasks in facebook-nodejs-business-sdk).
 * - pixel: no task includes another; the held list must contain each asked task.
 * A held list covers an asked list when every asked task is included by a held one.
 */
export const META_TASK_ORDER: Readonly<Record<MetaPartnerService, RoleOrder>> = {
  meta_ads: [
    ["MANAGE", "ADVERTISE", "ANALYZE"],
    ["MANAGE", "ADVERTISE", "DRAFT"],
    ["MANAGE", "AA_ANALYZE"],
  ],
  meta_page: [
    ["MANAGE", "CREATE_CONTENT", "MODERATE", "ADVERTISE", "ANALYZE"],
    ["MANAGE", "CREATE_CONTENT", "MODERATE", "MESSAGING"],
  ],
  meta_catalog: [["MANAGE", "ADVERTISE"]],
  meta_pixel: [],
};

/**
 * Business Manager roles: ADMIN (full control of the business) includes EMPLOYEE ("Business
 * Business Users", https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/business/business_users;
 * "Roles in Business Manager", https://www.facebook.com/business/help/442345745885606). The finance and
 * developer roles are unrelated to EMPLOYEE and included only by ADMIN.
 */
export const META_BUSINESS_ROLE_ORDER: RoleOrder = [
  ["ADMIN", "EMPLOYEE"],
  ["ADMIN", "FINANCE_EDITOR", "FINANCE_ANALYST"],
  ["ADMIN", "DEVELOPER"],
  ["ADMIN", "ADS_RIGHTS_REVIEWER"],
];

export const META_BUSINESS_ROLES = { admin: "ADMIN", employee: "EMPLOYEE" } as const;

/** The tasks for a service and role, or null when the role is not one the table knows. */
export function partnerTasks(serviceId: MetaPartnerService, role: string | null): readonly string[] | null {
  const table = META_PARTNER_TASKS[serviceId] as Record<string, readonly string[]>;
  const key = role ?? "";
  return Object.hasOwn(table, key) ? table[key]! : null;
}

export function businessRole(role: string | null): string | null {
  return role && Object.hasOwn(META_BUSINESS_ROLES, role)
    ? META_BUSINESS_ROLES[role as keyof typeof META_BUSINESS_ROLES]
    : null;
}
