// The catalog's types and platform ids, apart from its data so the larger catalog's files
// (more-services.ts, more-catalog-messages.ts) can use them without importing catalog.ts,
// which imports them.

export const PLATFORM_IDS = [
  "meta",
  "google",
  "tiktok",
  "linkedin",
  "microsoft",
  "pinterest",
  "snapchat",
  "x",
  "shopify",
  "klaviyo",
  "hubspot",
  "wordpress",
  // manual-only platforms added with the larger catalog (lib/core/catalog/more-services.ts)
  "amazon",
  "apple",
  "reddit",
  "clarity",
  "bing",
  "hotjar",
  "semrush",
  "cookiebot",
  "profitmetrics",
  "channable",
  "lightspeed",
  "mailchimp",
  "activecampaign",
  "wix",
  "webflow",
  "squarespace",
] as const;
export type PlatformId = (typeof PLATFORM_IDS)[number];

/** "oauth": the platform has a connector the client signs in through; "none": manual only. */
export type ConnectorKind = "oauth" | "none";
export type GrantMethod = "automatic" | "manual";
/**
 * How the client pages grant a service:
 * - one_click: automatic through the platform connector after the client signs in;
 * - instructions: the client follows the steps and the agency marks it granted;
 * - client_invite: the client sends an invite from the platform and says so; the
 *   service stays pending until the agency confirms.
 */
export type ClientFlow = "one_click" | "instructions" | "client_invite";

export interface CatalogRole {
  readonly value: string;
  readonly label: string;
  readonly readOnly: boolean;
}

export interface AccountLinkField {
  readonly name: string;
  readonly required: boolean;
}

export type AgencyIdentifier = "email" | "business_id" | "manager_id";

export interface ServiceSpec {
  platform: PlatformId;
  name: string;
  roles: CatalogRole[];
  multiRole?: boolean;
  flow: ClientFlow;
  oneClickWhenLive?: boolean;
  /**
   * The client's own site approves the app (WordPress's application passwords): the client
   * pages ask for the site's address and grant in one click, the steps staying as the fallback.
   */
  siteApproval?: boolean;
  accountLinkFields?: AccountLinkField[];
  steps?: string[];
  /** the platform's help page the steps were written from */
  docs?: string;
  /** default "email" */
  agencyIdentifier?: AgencyIdentifier;
}

/** English, Spanish and Dutch, in that order. */
export type Triple = readonly [en: string, es: string, nl: string];
