// What the operator registers on Google's side and the credentials the installation needs,
// for the instance's Platforms page (read through the registry, lib/infra/connectors/registry.ts).
// It makes no call itself; the calls these settings allow are documented beside them in
// google-api.ts and the grant files. The pages these notes follow:
// - OAuth client and redirect URIs: https://developers.google.com/identity/protocols/oauth2/web-server#creatingcred
// - scopes: https://developers.google.com/identity/protocols/oauth2/scopes
// - developer token: https://developers.google.com/google-ads/api/docs/api-policy/access-levels
// - Cloud-managed access levels (no developer token): https://developers.google.com/google-ads/api/docs/concepts/no-developer-token
// - consent screen verification: https://support.google.com/cloud/answer/13463073
import { CALLBACKS, field, type PlatformSetupNotes } from "@/lib/infra/connectors/setup-fields";

export const GOOGLE_SETUP: PlatformSetupNotes = {
  name: "Google",
  fields: [
    field("GOOGLE_CLIENT_ID", "OAuth client ID", false),
    field("GOOGLE_CLIENT_SECRET", "OAuth client secret", true),
    field(
      "GOOGLE_ADS_DEVELOPER_TOKEN",
      "Google Ads developer token",
      true,
      false,
      "Optional, for the Google Ads services only. Set: every Google Ads call sends it. Empty: calls go without it, which works where your Cloud project's Google Ads access level is managed by its Google Cloud organisation (Cloud-managed access levels). Verify says which mode it found.",
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
    "OAuth consent screen verification for the sensitive and restricted scopes above. Google Ads, one of two modes: a developer token with Basic or Standard access (enter it below), or Cloud-managed access levels, where the Google Cloud organisation that holds this project manages its Google Ads access and no developer token is sent (leave it empty).",
  consoleUrl: "https://console.cloud.google.com/apis/credentials",
  reviewDocsUrl: "https://support.google.com/cloud/answer/13463073",
};
