// What the operator registers on each platform's side and which credentials the
// installation needs, for the instance's Platforms page. The list of platforms comes
// from the connector registry (REAL_CONNECTORS); a platform with a connector but no
// entry here still gets a card, its fields read from the environment variables named
// after it (`<PLATFORM>_...`).
import { HUBSPOT_APP_SCOPES, HUBSPOT_BASE_SCOPES } from "@/lib/infra/connectors/hubspot/hubspot-oauth";
import { REAL_CONNECTORS } from "@/lib/infra/connectors/registry";

export type SetupField = {
  /** the environment variable; also the key under which a saved value is kept */
  key: string;
  label: string;
  secret: boolean;
  required: boolean;
  hint?: string;
};

export type PlatformSetup = {
  platform: string;
  name: string;
  fields: SetupField[];
  /** the paths of this installation's OAuth callbacks (joined to APP_URL by the page), and who signs in there */
  redirectPaths: { path: string; use: string }[];
  scopes: string[];
  /** how the scopes are to be configured, where the platform distinguishes kinds of scopes */
  scopeNote?: string;
  products: string[];
  review: string;
  consoleUrl?: string;
  reviewDocsUrl?: string;
};

const CALLBACKS = [
  { path: "/api/access/callback", use: "Clients granting access" },
  { path: "/api/dashboard/accounts/connect/callback", use: "Your agencies connecting their accounts" },
];
const field = (key: string, label: string, secret: boolean, required = true, hint?: string): SetupField => ({
  key,
  label,
  secret,
  required,
  ...(hint ? { hint } : {}),
});

const KNOWN: Record<string, Omit<PlatformSetup, "platform">> = {
  meta: {
    name: "Meta",
    fields: [
      field("META_APP_ID", "App ID", false, true, "The numeric id on the app's dashboard."),
      field("META_APP_SECRET", "App secret", true),
    ],
    redirectPaths: CALLBACKS,
    scopes: [
      "business_management",
      "ads_management",
      "catalog_management",
      "pages_show_list",
      "pages_manage_metadata",
      "instagram_basic",
      "email",
    ],
    products: ["Facebook Login for Business", "Marketing API"],
    review: "App Review with Advanced Access for each permission above, and Business Verification of your business.",
    consoleUrl: "https://developers.facebook.com/apps/",
    reviewDocsUrl: "https://developers.facebook.com/docs/resp-plat-initiatives/individual-processes/app-review",
  },
  google: {
    name: "Google",
    fields: [
      field("GOOGLE_CLIENT_ID", "OAuth client ID", false),
      field("GOOGLE_CLIENT_SECRET", "OAuth client secret", true),
      field(
        "GOOGLE_ADS_DEVELOPER_TOKEN",
        "Google Ads developer token",
        true,
        false,
        "Needed for the Google Ads services only.",
      ),
    ],
    redirectPaths: CALLBACKS,
    scopes: [
      "openid",
      "email",
      "https://www.googleapis.com/auth/analytics.readonly",
      "https://www.googleapis.com/auth/analytics.manage.users",
      "https://www.googleapis.com/auth/tagmanager.readonly",
      "https://www.googleapis.com/auth/tagmanager.manage.users",
      "https://www.googleapis.com/auth/adwords",
      "https://www.googleapis.com/auth/content",
      "https://www.googleapis.com/auth/business.manage",
    ],
    products: [
      "Google Analytics Admin API",
      "Tag Manager API",
      "Google Ads API",
      "Merchant API",
      "My Business Account Management API",
    ],
    review:
      "OAuth consent screen verification for the sensitive and restricted scopes above; Basic or Standard access for the Ads developer token.",
    consoleUrl: "https://console.cloud.google.com/apis/credentials",
    reviewDocsUrl: "https://support.google.com/cloud/answer/13463073",
  },
  tiktok: {
    name: "TikTok",
    fields: [field("TIKTOK_APP_ID", "App ID", false), field("TIKTOK_APP_SECRET", "App secret", true)],
    redirectPaths: CALLBACKS,
    scopes: ["Ad Account Management", "Business Center Management"],
    products: ["TikTok API for Business"],
    review: "TikTok reviews the developer app before it can be used with accounts other than your own.",
    consoleUrl: "https://business-api.tiktok.com/portal/apps",
    reviewDocsUrl: "https://business-api.tiktok.com/portal/docs?id=1738855176671234",
  },
  linkedin: {
    name: "LinkedIn",
    fields: [field("LINKEDIN_CLIENT_ID", "Client ID", false), field("LINKEDIN_CLIENT_SECRET", "Client secret", true)],
    redirectPaths: CALLBACKS,
    scopes: ["openid", "profile", "email", "r_ads", "rw_ads", "r_organization_admin", "rw_organization_admin"],
    products: ["Sign In with LinkedIn using OpenID Connect", "Advertising API", "Community Management API"],
    review: "Access to the Advertising and Community Management APIs is granted by LinkedIn after an application form.",
    consoleUrl: "https://www.linkedin.com/developers/apps",
    reviewDocsUrl: "https://learn.microsoft.com/en-us/linkedin/marketing/increasing-access",
  },
  pinterest: {
    name: "Pinterest",
    fields: [field("PINTEREST_APP_ID", "App ID", false), field("PINTEREST_APP_SECRET", "App secret key", true)],
    redirectPaths: CALLBACKS,
    scopes: ["user_accounts:read", "biz_access:read", "biz_access:write", "ads:read"],
    products: ["Pinterest API v5"],
    review: "Trial access at first; apply for Standard access to work with other people's business accounts.",
    consoleUrl: "https://developers.pinterest.com/apps/",
    reviewDocsUrl: "https://developers.pinterest.com/docs/getting-started/set-up-app/",
  },
  microsoft: {
    name: "Microsoft Advertising",
    fields: [
      field("MICROSOFT_CLIENT_ID", "Application (client) ID", false),
      field("MICROSOFT_CLIENT_SECRET", "Client secret", true),
      field(
        "MICROSOFT_ADS_DEVELOPER_TOKEN",
        "Developer token",
        true,
        true,
        "From the Microsoft Advertising Developer Portal.",
      ),
    ],
    redirectPaths: CALLBACKS,
    scopes: ["openid", "offline_access", "https://ads.microsoft.com/msads.manage"],
    products: [
      "Microsoft Entra app registration (accounts in any organization and personal Microsoft accounts)",
      "Microsoft Advertising API",
    ],
    review:
      "A production developer token is approved by Microsoft Advertising; the sandbox token works only against the sandbox.",
    consoleUrl: "https://entra.microsoft.com/#view/Microsoft_AAD_RegisteredApps/ApplicationsListBlade",
    reviewDocsUrl: "https://learn.microsoft.com/en-us/advertising/guides/get-started",
  },
  snapchat: {
    name: "Snapchat",
    fields: [field("SNAPCHAT_CLIENT_ID", "Client ID", false), field("SNAPCHAT_CLIENT_SECRET", "Client secret", true)],
    redirectPaths: CALLBACKS,
    scopes: ["snapchat-marketing-api"],
    products: ["Snapchat Marketing API (OAuth app in Business Manager)"],
    review: "Snap approves Marketing API access for the organization that owns the app.",
    consoleUrl: "https://business.snapchat.com/",
    reviewDocsUrl: "https://developers.snap.com/api/marketing-api/Ads-API/authentication",
  },
  hubspot: {
    name: "HubSpot",
    fields: [field("HUBSPOT_CLIENT_ID", "Client ID", false), field("HUBSPOT_CLIENT_SECRET", "Client secret", true)],
    redirectPaths: CALLBACKS,
    scopes: [...HUBSPOT_APP_SCOPES],
    // Scopes reference, https://developers.hubspot.com/scopes: required scopes must all be in
    // an install URL's `scope`; conditionally required ones only when the URL asks for them.
    scopeNote: `On the app's Auth settings, make ${HUBSPOT_BASE_SCOPES.join(", ")} a required scope (every HubSpot app has it) and ${HUBSPOT_APP_SCOPES.filter((s) => !(HUBSPOT_BASE_SCOPES as readonly string[]).includes(s)).join(" and ")} conditionally required: clients' sign-ins ask for all three, your agencies' own connection for oauth alone.`,
    products: ["HubSpot public app"],
    review: "A public app is listed or used unlisted; no review is needed to install it on your clients' accounts.",
    consoleUrl: "https://developers.hubspot.com/",
    reviewDocsUrl: "https://developers.hubspot.com/docs/api/oauth-quickstart-guide",
  },
};

/** A platform the installation needs no app or credentials for, and what it needs instead. */
export type NoAppPlatform = { platform: string; name: string; notes: string[] };

/**
 * Platforms the client's own site approves (WordPress's application passwords): nothing to
 * register here, so they have no card; the Platforms page says what the clients' sites need.
 */
export const NO_APP_PLATFORMS: readonly NoAppPlatform[] = [
  {
    platform: "wordpress",
    name: "WordPress",
    notes: [
      "No app registration and no credentials: each client's site approves this installation itself, through WordPress's application passwords (WordPress 5.6 or later).",
      "The client's site must be on HTTPS, keep application passwords on (some security plugins and hosts turn them off) and have no password prompt (Basic Auth) in front of it; the client approving must be one of its administrators.",
      "Where a site cannot, the client is told why and adds your user by hand with the steps; your team confirms it. The application password the site gives is deleted as soon as your user is added.",
    ],
  },
];

function guessed(platform: string): Omit<PlatformSetup, "platform"> {
  const p = platform.toUpperCase();
  return {
    name: platform.charAt(0).toUpperCase() + platform.slice(1),
    fields: [field(`${p}_CLIENT_ID`, "Client ID", false), field(`${p}_CLIENT_SECRET`, "Client secret", true)],
    redirectPaths: CALLBACKS,
    scopes: [],
    products: [],
    review: "See the platform's developer documentation.",
  };
}

const ORDER = Object.keys(KNOWN);

/** Every platform with a real connector: the best-known first, then any other the registry has. */
export function setupPlatforms(): string[] {
  const rank = (p: string) => (ORDER.includes(p) ? ORDER.indexOf(p) : ORDER.length);
  return Object.keys(REAL_CONNECTORS).sort((a, b) => rank(a) - rank(b));
}

export function platformSetup(platform: string): PlatformSetup {
  return { platform, ...(Object.hasOwn(KNOWN, platform) ? KNOWN[platform]! : guessed(platform)) };
}

/** Every credential variable of every platform, for the resolver. */
export function allSetupKeys(): Map<string, string> {
  const out = new Map<string, string>();
  for (const platform of setupPlatforms()) for (const f of platformSetup(platform).fields) out.set(f.key, platform);
  return out;
}
