// The catalog of platforms and services an agency can request access to, as
// typed in-memory data. Owns the stable ids, roles, how each service is
// granted, the extra account-link fields, the client-facing steps for manual
// services, and the API shape served by GET /services.

import { MORE_SERVICE_IDS, MORE_SERVICE_SPECS } from "@/lib/core/catalog/more-services";
import {
  PLATFORM_IDS,
  type AccountLinkField,
  type AgencyIdentifier,
  type CatalogRole,
  type ClientFlow,
  type ConnectorKind,
  type GrantMethod,
  type PlatformId,
  type ServiceSpec,
} from "@/lib/core/catalog/catalog-types";

export { PLATFORM_IDS };
export type {
  AccountLinkField,
  AgencyIdentifier,
  CatalogRole,
  ClientFlow,
  ConnectorKind,
  GrantMethod,
  PlatformId,
  ServiceSpec,
};

// The order here is the order of listCatalog() and GET /services.
export const SERVICE_IDS = [
  "meta_business_manager",
  "meta_ads",
  "meta_page",
  "meta_instagram",
  "meta_catalog",
  "meta_pixel",
  "google_ads",
  "google_ads_mcc",
  "google_analytics",
  "google_tag_manager",
  "google_search_console",
  "google_merchant_center",
  "google_business_profile",
  "google_youtube",
  "tiktok_ads",
  "tiktok_business_center",
  "linkedin_ads",
  "linkedin_page",
  "microsoft_ads",
  "pinterest_ads",
  "snapchat_ads",
  "x_ads",
  "shopify_store",
  "klaviyo_account",
  "hubspot_portal",
  "wordpress_site",
  // the larger catalog: appended, so the order of the services above never changes
  ...MORE_SERVICE_IDS,
] as const;
export type ServiceId = (typeof SERVICE_IDS)[number];

export interface CatalogPlatform {
  readonly id: PlatformId;
  readonly name: string;
  readonly connectorKind: ConnectorKind;
}

export interface CatalogService {
  readonly id: ServiceId;
  readonly platform: PlatformId;
  readonly name: string;
  readonly roles: readonly CatalogRole[];
  /** Several roles at once; accessLevel is then a bracketed list such as `[publish,approve]`. */
  readonly multiRole: boolean;
  readonly grantMethod: GrantMethod;
  readonly clientSignInRequired: boolean;
  readonly accountLinkFields: readonly AccountLinkField[];
  readonly clientFlow: ClientFlow;
  /**
   * A manual service the client pages grant in one click where its platform is live here
   * (HubSpot). The API contract keeps `clientFlow`, `grantMethod` and `clientSignInRequired`.
   */
  readonly oneClickWhenLive: boolean;
  /**
   * A manual service the client's own site approves in one click (WordPress): the client pages
   * ask for the site's address; the steps and "I've done this" stay beside it as the fallback.
   * The API contract keeps `clientFlow`, `grantMethod` and `clientSignInRequired`.
   */
  readonly siteApproval: boolean;
  /**
   * English steps for manual flows; `{agencyAccount}` stands for the agency's account. A
   * one-click service has none, unless its platform API cannot grant it on a live
   * installation: then these are the steps the client follows whenever the platform is
   * set up here (Snapchat Ads).
   */
  readonly instructions: readonly string[];
  /** One translation key per step, same order as `instructions`. */
  readonly stepKeys: readonly string[];
  /** The platform's help page the steps follow; null for a service granted in one click only. */
  readonly documentationUrl: string | null;
  /**
   * What of the agency's the client enters on the platform: the connected account's email
   * (the default), its business id (the link's `businessManagerId` or the account's business)
   * or a manager account id (the link's `adsMccAccountId`).
   */
  readonly agencyIdentifier: AgencyIdentifier;
}

/** The Catalog service object of the API contract, and nothing more. */
export interface ApiCatalogService {
  readonly id: ServiceId;
  readonly platform: PlatformId;
  readonly roles: readonly CatalogRole[];
  readonly grantMethod: GrantMethod;
  readonly clientSignInRequired: boolean;
  readonly accountLinkFields: readonly AccountLinkField[];
}

// The spec says two platforms send service.grant_failed without naming them.
// Meta and Google are the ones whose one-click grants report a failure per
// service (one asset refused while others succeed), so they get the event.
export const GRANT_FAILED_PLATFORMS = ["meta", "google"] as const satisfies readonly PlatformId[];

// The spec says six platforms send connection.attempt_completed for one-step
// grant attempts. These are the connector platforms whose grant is one call (or
// calls the connector makes at once) after sign-in, answered per asset:
// Microsoft Advertising's SendUserInvitation is such a call (Customer Management,
// sent after sign-in, refused or accepted per account). Snapchat joined them once its
// Marketing API was read in full: the client's organization invites the agency's email as
// a Member, gives it the organization role `member`, then the ad account role, all in the
// attempt (Members and Roles pages); HubSpot too: one user provisioning call per portal;
// WordPress too: the site's approval, then the user created or raised on the site.
// X has no connector at all.
export const ATTEMPT_EVENT_PLATFORMS = [
  "meta",
  "google",
  "tiktok",
  "linkedin",
  "pinterest",
  "microsoft",
  "snapchat",
  "hubspot",
  "wordpress",
] as const satisfies readonly PlatformId[];

// Every "I've sent the invite" waits for the agency's confirmation, HubSpot's included:
// the client's card and the banner say the same thing, and the agency is the one who sees
// the user in its HubSpot account. Where HubSpot is live the connector creates (or raises)
// the user in a one-click grant instead, read back from HubSpot.

const PLATFORMS: readonly CatalogPlatform[] = deepFreeze([
  { id: "meta", name: "Meta", connectorKind: "oauth" },
  { id: "google", name: "Google", connectorKind: "oauth" },
  { id: "tiktok", name: "TikTok", connectorKind: "oauth" },
  { id: "linkedin", name: "LinkedIn", connectorKind: "oauth" },
  { id: "microsoft", name: "Microsoft Advertising", connectorKind: "oauth" },
  { id: "pinterest", name: "Pinterest", connectorKind: "oauth" },
  { id: "snapchat", name: "Snapchat", connectorKind: "oauth" },
  { id: "x", name: "X", connectorKind: "none" },
  { id: "shopify", name: "Shopify", connectorKind: "none" },
  { id: "klaviyo", name: "Klaviyo", connectorKind: "none" },
  { id: "hubspot", name: "HubSpot", connectorKind: "oauth" },
  { id: "wordpress", name: "WordPress", connectorKind: "none" },
  { id: "amazon", name: "Amazon Ads", connectorKind: "none" },
  { id: "apple", name: "Apple Ads", connectorKind: "none" },
  { id: "reddit", name: "Reddit Ads", connectorKind: "none" },
  { id: "clarity", name: "Microsoft Clarity", connectorKind: "none" },
  { id: "bing", name: "Bing Webmaster Tools", connectorKind: "none" },
  { id: "hotjar", name: "Hotjar", connectorKind: "none" },
  { id: "semrush", name: "Semrush", connectorKind: "none" },
  { id: "cookiebot", name: "Cookiebot", connectorKind: "none" },
  { id: "profitmetrics", name: "ProfitMetrics", connectorKind: "none" },
  { id: "channable", name: "Channable", connectorKind: "none" },
  { id: "lightspeed", name: "Lightspeed", connectorKind: "none" },
  { id: "mailchimp", name: "Mailchimp", connectorKind: "none" },
  { id: "activecampaign", name: "ActiveCampaign", connectorKind: "none" },
  { id: "wix", name: "Wix", connectorKind: "none" },
  { id: "webflow", name: "Webflow", connectorKind: "none" },
  { id: "squarespace", name: "Squarespace", connectorKind: "none" },
] satisfies CatalogPlatform[]);

function role(value: string, label: string, readOnly = false): CatalogRole {
  return { value, label, readOnly };
}

const optionalBusinessManager: AccountLinkField[] = [{ name: "businessManagerId", required: false }];
const confirmInvite = "Confirm below that you've sent the invite.";

const SPECS: Record<ServiceId, ServiceSpec> = {
  meta_business_manager: {
    platform: "meta",
    name: "Meta Business Manager",
    roles: [role("admin", "Admin"), role("employee", "Employee")],
    flow: "one_click",
    accountLinkFields: optionalBusinessManager,
  },
  meta_ads: {
    platform: "meta",
    name: "Meta Ad Account",
    roles: [role("admin", "Admin"), role("advertiser", "Advertiser"), role("analyst", "Analyst", true)],
    flow: "one_click",
    accountLinkFields: optionalBusinessManager,
  },
  meta_page: {
    platform: "meta",
    name: "Facebook Page",
    roles: [
      role("admin", "Full control"),
      role("editor", "Editor"),
      role("moderator", "Moderator"),
      role("advertiser", "Advertiser"),
      role("analyst", "Analyst", true),
    ],
    flow: "one_click",
    accountLinkFields: optionalBusinessManager,
  },
  meta_instagram: {
    platform: "meta",
    name: "Instagram Account",
    roles: [role("admin", "Full control"), role("advertiser", "Advertiser"), role("analyst", "Analyst", true)],
    // Graph documents reading an Instagram account's partners (IGUser /agencies) but no call
    // that adds one: partners are assigned in Meta's Business settings by the client.
    flow: "instructions",
    accountLinkFields: optionalBusinessManager,
    steps: [
      "Open Meta Business settings (business.facebook.com/settings) with the business that owns the Instagram account.",
      "Go to Accounts, then Instagram accounts, and select the account.",
      "Click Assign partners, choose Business ID and enter {agencyAccount}.",
      "Choose the access requested and click Assign.",
    ],
    docs: "https://www.facebook.com/business/help/1097287717019434",
  },
  meta_catalog: {
    platform: "meta",
    name: "Meta Catalog",
    roles: [role("admin", "Admin"), role("advertiser", "Advertiser")],
    flow: "one_click",
    accountLinkFields: optionalBusinessManager,
  },
  meta_pixel: {
    platform: "meta",
    name: "Meta Pixel",
    roles: [],
    flow: "one_click",
    accountLinkFields: optionalBusinessManager,
  },
  google_ads: {
    platform: "google",
    name: "Google Ads",
    roles: [
      role("admin", "Admin"),
      role("standard", "Standard"),
      role("read_only", "Read only", true),
      role("email_only", "Email only", true),
      role("billing", "Billing"),
    ],
    flow: "one_click",
  },
  google_ads_mcc: {
    platform: "google",
    name: "Google Ads (manager account link)",
    // Linking to a manager account gives that manager's access; there is no role to pick.
    roles: [],
    flow: "one_click",
    accountLinkFields: [{ name: "adsMccAccountId", required: true }],
  },
  google_analytics: {
    platform: "google",
    name: "Google Analytics",
    roles: [
      role("administrator", "Administrator"),
      role("editor", "Editor"),
      role("analyst", "Analyst"),
      role("viewer", "Viewer", true),
    ],
    flow: "one_click",
  },
  google_tag_manager: {
    platform: "google",
    name: "Google Tag Manager",
    // Container permissions combine; ordered from most to least powerful.
    roles: [role("publish", "Publish"), role("approve", "Approve"), role("edit", "Edit"), role("read", "Read", true)],
    multiRole: true,
    flow: "one_click",
  },
  google_search_console: {
    platform: "google",
    name: "Google Search Console",
    roles: [role("owner", "Owner"), role("full", "Full user"), role("restricted", "Restricted user", true)],
    // The Search Console API manages sites, sitemaps and search data but has no call to add
    // a user (https://developers.google.com/webmaster-tools/v1/api_reference_index): the
    // owner adds the agency in Search Console.
    flow: "instructions",
    steps: [
      "Open Search Console and sign in with an account that owns the property.",
      "Choose the property, then go to Settings, then Users and permissions.",
      "Click Add user, enter {agencyAccount} and choose the permission requested.",
      "Click Add.",
    ],
    docs: "https://support.google.com/webmasters/answer/7687615",
  },
  google_merchant_center: {
    platform: "google",
    name: "Google Merchant Center",
    roles: [role("admin", "Admin"), role("standard", "Standard"), role("reporting", "Performance and insights", true)],
    flow: "one_click",
  },
  google_business_profile: {
    platform: "google",
    name: "Google Business Profile",
    roles: [role("owner", "Owner"), role("manager", "Manager")],
    flow: "one_click",
  },
  google_youtube: {
    platform: "google",
    name: "YouTube Channel",
    roles: [role("manager", "Manager"), role("editor", "Editor"), role("viewer", "Viewer", true)],
    // Channel permissions can only be given from YouTube Studio by the owner.
    flow: "client_invite",
    steps: [
      "Open YouTube Studio and sign in with the channel owner's account.",
      "Go to Settings, then Permissions.",
      "Click Invite, enter {agencyAccount} and choose the access requested.",
      "Click Done, then Save.",
      confirmInvite,
    ],
    docs: "https://support.google.com/youtube/answer/9481328",
  },
  tiktok_ads: {
    platform: "tiktok",
    name: "TikTok Ads",
    roles: [role("admin", "Admin"), role("operator", "Operator"), role("analyst", "Analyst", true)],
    flow: "one_click",
  },
  tiktok_business_center: {
    platform: "tiktok",
    name: "TikTok Business Center",
    roles: [role("admin", "Admin"), role("standard", "Standard")],
    flow: "one_click",
  },
  linkedin_ads: {
    platform: "linkedin",
    name: "LinkedIn Ads",
    roles: [
      role("account_manager", "Account manager"),
      role("campaign_manager", "Campaign manager"),
      role("creative_manager", "Creative manager"),
      role("viewer", "Viewer", true),
    ],
    flow: "one_click",
  },
  linkedin_page: {
    platform: "linkedin",
    name: "LinkedIn Page",
    roles: [
      role("super_admin", "Super admin"),
      role("content_admin", "Content admin"),
      role("analyst", "Analyst", true),
    ],
    flow: "one_click",
  },
  microsoft_ads: {
    platform: "microsoft",
    name: "Microsoft Advertising",
    roles: [
      role("super_admin", "Super admin"),
      role("standard", "Standard user"),
      role("campaign_manager", "Campaign manager"),
      role("viewer", "Viewer", true),
    ],
    flow: "one_click",
  },
  pinterest_ads: {
    platform: "pinterest",
    name: "Pinterest Ads",
    roles: [role("admin", "Admin"), role("campaign_manager", "Campaign manager"), role("analyst", "Analyst", true)],
    flow: "one_click",
  },
  snapchat_ads: {
    platform: "snapchat",
    name: "Snapchat Ads",
    roles: [
      role("account_manager", "Account manager"),
      role("creative_manager", "Creative manager"),
      role("reports", "Reports", true),
    ],
    // One click where Snapchat is live: the client's organization invites the agency's email
    // as a Member (https://developers.snap.com/api/marketing-api/Ads-API/members) and gives it
    // the organization role `member`, then the ad account role
    // (https://developers.snap.com/api/marketing-api/Ads-API/roles). Where Snapchat is not set
    // up, the client follows these Business Manager steps instead.
    flow: "one_click",
    steps: [
      "Open Snapchat Business Manager (business.snapchat.com) with an account that is an admin of the organization that owns the ad account.",
      "Go to Members and click Invite Members.",
      "Enter {agencyAccount}, choose the ad account and give it the role requested.",
      "Click Send Invite. The agency accepts the invitation, and then has access.",
    ],
    docs: "https://developers.snap.com/api/marketing-api/Ads-API/members",
  },
  x_ads: {
    platform: "x",
    name: "X Ads",
    roles: [
      role("account_admin", "Account administrator"),
      role("ad_manager", "Ad manager"),
      role("creative_manager", "Creative manager"),
      role("analyst", "Analyst", true),
    ],
    flow: "instructions",
    steps: [
      "Sign in to ads.x.com with the account that owns the ads account.",
      "Open the account menu and choose Edit access to account.",
      "Click Add access, enter {agencyAccount} and choose the access requested.",
      "Click Save changes.",
    ],
    docs: "https://business.x.com/en/help/account-setup/multi-user-login-faq",
  },
  shopify_store: {
    platform: "shopify",
    name: "Shopify Store",
    // Staff permissions in Shopify are chosen one by one, not as a named role.
    roles: [],
    flow: "client_invite",
    steps: [
      "Sign in to your Shopify admin as the store owner.",
      "Go to Settings, then Users and permissions.",
      "Click Add staff, enter {agencyAccount} and select the permissions to share.",
      "Click Send invite.",
      confirmInvite,
    ],
    docs: "https://help.shopify.com/en/manual/your-account/staff-accounts/create-staff-accounts",
  },
  klaviyo_account: {
    platform: "klaviyo",
    name: "Klaviyo Account",
    roles: [
      role("admin", "Admin"),
      role("manager", "Manager"),
      role("campaign_coordinator", "Campaign coordinator"),
      role("analyst", "Analyst", true),
    ],
    flow: "client_invite",
    steps: [
      "Sign in to Klaviyo and open Settings from your account menu.",
      "Go to the Users tab and click Add new user.",
      "Enter {agencyAccount}, choose the role requested and click Add user.",
      confirmInvite,
    ],
    docs: "https://help.klaviyo.com/hc/en-us/articles/115000802012",
  },
  hubspot_portal: {
    platform: "hubspot",
    name: "HubSpot Account",
    roles: [
      role("super_admin", "Super admin"),
      role("standard", "Standard user"),
      role("view_only", "View only", true),
    ],
    // A client invite in the contract (GET /services does not change with configuration).
    // Where HubSpot is live (its credentials set, not in the sandbox) the client page makes
    // it one click instead: the client signs in to HubSpot and the connector adds the
    // agency's user through user provisioning (POST /settings/v3/users,
    // https://developers.hubspot.com/docs/api-reference/settings-user-provisioning-v3/guide).
    flow: "client_invite",
    oneClickWhenLive: true,
    steps: [
      "Sign in to HubSpot and click the settings icon.",
      "Go to Users & Teams and click Create user.",
      "Enter {agencyAccount}, choose the access requested and send the invite.",
      confirmInvite,
    ],
    docs: "https://knowledge.hubspot.com/user-management/add-and-remove-users",
  },
  wordpress_site: {
    platform: "wordpress",
    name: "WordPress Site",
    // The agency always needs an administrator account; there is no choice to make.
    // Client-side grant API: the WordPress REST API creates a user with a role (POST
    // /wp-json/wp/v2/users, https://developer.wordpress.org/rest-api/reference/users/#create-a-user),
    // authenticated as a site administrator. The client pages offer it in one click: the
    // client enters the site's address and approves an application password on the site
    // (lib/infra/connectors/wordpress/); the steps stay as the fallback where the site cannot.
    roles: [],
    flow: "instructions",
    siteApproval: true,
    steps: [
      "Sign in to your WordPress dashboard as an administrator.",
      "Go to Users, then Add New User.",
      "Use {agencyAccount} as both username and email, and set the role to Administrator.",
      "Click Add New User.",
    ],
    docs: "https://wordpress.org/documentation/article/users-add-new-screen/",
  },
  ...MORE_SERVICE_SPECS,
};

function buildService(id: ServiceId, spec: ServiceSpec): CatalogService {
  // Grant method and sign-in follow from the flow, so they cannot disagree with it.
  const oneClick = spec.flow === "one_click";
  const steps = spec.steps ?? [];
  return {
    id,
    platform: spec.platform,
    name: spec.name,
    roles: spec.roles.map((r) => ({ ...r })),
    multiRole: spec.multiRole ?? false,
    grantMethod: oneClick ? "automatic" : "manual",
    clientSignInRequired: oneClick,
    accountLinkFields: (spec.accountLinkFields ?? []).map((f) => ({ ...f })),
    clientFlow: spec.flow,
    oneClickWhenLive: spec.oneClickWhenLive ?? false,
    siteApproval: spec.siteApproval ?? false,
    instructions: [...steps],
    stepKeys: steps.map((_, i) => `${id}.step${i + 1}`),
    documentationUrl: spec.docs ?? null,
    agencyIdentifier:
      spec.agencyIdentifier ??
      (spec.accountLinkFields?.some((f) => f.name === "businessManagerId")
        ? "business_id"
        : spec.accountLinkFields?.some((f) => f.name === "adsMccAccountId")
          ? "manager_id"
          : "email"),
  };
}

const SERVICES: readonly CatalogService[] = deepFreeze(SERVICE_IDS.map((id) => buildService(id, SPECS[id])));
const SERVICES_BY_ID: ReadonlyMap<string, CatalogService> = new Map(SERVICES.map((s) => [s.id, s]));
const PLATFORMS_BY_ID: ReadonlyMap<string, CatalogPlatform> = new Map(PLATFORMS.map((p) => [p.id, p]));

export function listCatalog(): CatalogService[] {
  return [...SERVICES];
}

export function getCatalogService(id: string): CatalogService | undefined {
  return SERVICES_BY_ID.get(id);
}

export function isServiceId(id: string): id is ServiceId {
  return SERVICES_BY_ID.has(id);
}

export function listPlatforms(): CatalogPlatform[] {
  return [...PLATFORMS];
}

export function getPlatform(id: string): CatalogPlatform | undefined {
  return PLATFORMS_BY_ID.get(id);
}

export function listPlatformServices(platform: string): CatalogService[] {
  return SERVICES.filter((s) => s.platform === platform);
}

/**
 * Whether the client pages grant the service in one click on this installation, given its
 * platform's mode ("live", "sandbox" or "unconfigured").
 */
export function isOneClickHere(service: CatalogService | undefined, mode: string): boolean {
  if (!service) return false;
  return service.clientFlow === "one_click" || (service.oneClickWhenLive && mode === "live");
}

/**
 * Whether a request for the service needs one of the agency's accounts linked: the client's
 * steps name it ("enter {agencyAccount}"). That covers the manual services with such steps and
 * Snapchat Ads, one click where Snapchat is live (its grant invites that account) and steps
 * where it is not.
 */
export function needsAgencyAccount(service: CatalogService): boolean {
  return service.instructions.some((step) => step.includes("{agencyAccount}"));
}

/**
 * Whether the client's steps for the service name the agency's account by its Business ID:
 * Meta's instructions services, where the client assigns a partner in Business settings by
 * "Business ID" (Add a partner to your Business Manager,
 * https://www.facebook.com/business/help/1097287717019434). A request for one needs an agency
 * account with a Business ID, or a `businessManagerId` on its link: a display name in its
 * place would send the client looking for a business that does not exist.
 */
export function needsAgencyBusinessId(service: CatalogService): boolean {
  return service.platform === "meta" && service.clientFlow === "instructions" && needsAgencyAccount(service);
}

/** Fills `{agencyAccount}` in one instruction step. */
export function renderInstructionStep(step: string, agencyAccount: string): string {
  // A replacer function, so `$` in an account id is not read as a pattern.
  return step.replaceAll("{agencyAccount}", () => agencyAccount);
}

export function toApiCatalogService(s: CatalogService): ApiCatalogService {
  return {
    id: s.id,
    platform: s.platform,
    roles: s.roles.map((r) => ({ value: r.value, label: r.label, readOnly: r.readOnly })),
    grantMethod: s.grantMethod,
    clientSignInRequired: s.clientSignInRequired,
    accountLinkFields: s.accountLinkFields.map((f) => ({ name: f.name, required: f.required })),
  };
}

/** GET /services is served from this; it never changes while the process runs. */
export const API_CATALOG_SERVICES: readonly ApiCatalogService[] = deepFreeze(SERVICES.map(toApiCatalogService));

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
