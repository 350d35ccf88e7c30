// The real platform connectors: per platform, when it is configured (its credentials
// are set), how to make it, and its setup notes and Verify for the Platforms page. One entry per platform; the connector's own folder holds
// everything else. This file makes no platform call: each connector names the
// documentation page of every call beside it (lib/infra/connectors/<platform>/).
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import type { TEnv } from "@/lib/infra/env";
import type { PlatformSetupNotes } from "@/lib/infra/connectors/setup-fields";
import type { PlatformVerifier } from "@/lib/infra/connectors/verify-probe";
import { verifyMeta } from "@/lib/infra/connectors/meta/meta-credentials";
import { verifyGoogle } from "@/lib/infra/connectors/google/google-credentials";
import { verifyTikTok } from "@/lib/infra/connectors/tiktok/tiktok-credentials";
import { verifyLinkedIn } from "@/lib/infra/connectors/linkedin/linkedin-credentials";
import { verifyPinterest } from "@/lib/infra/connectors/pinterest/pinterest-credentials";
import { verifyMicrosoft } from "@/lib/infra/connectors/microsoft/microsoft-credentials";
import { verifySnapchat } from "@/lib/infra/connectors/snapchat/snapchat-credentials";
import { verifyHubSpot } from "@/lib/infra/connectors/hubspot/hubspot-credentials";
import { META_SETUP } from "@/lib/infra/connectors/meta/meta-setup";
import { GOOGLE_SETUP } from "@/lib/infra/connectors/google/google-setup";
import { TIKTOK_SETUP } from "@/lib/infra/connectors/tiktok/tiktok-setup";
import { LINKEDIN_SETUP } from "@/lib/infra/connectors/linkedin/linkedin-setup";
import { PINTEREST_SETUP } from "@/lib/infra/connectors/pinterest/pinterest-setup";
import { MICROSOFT_SETUP } from "@/lib/infra/connectors/microsoft/microsoft-setup";
import { SNAPCHAT_SETUP } from "@/lib/infra/connectors/snapchat/snapchat-setup";
import { HUBSPOT_SETUP } from "@/lib/infra/connectors/hubspot/hubspot-setup";
import { createLinkedInConnector } from "@/lib/infra/connectors/linkedin/linkedin-connector";
import { createTikTokConnector } from "@/lib/infra/connectors/tiktok/tiktok-connector";
import { createGoogleConnector } from "@/lib/infra/connectors/google/google-connector";
import { createPinterestConnector } from "@/lib/infra/connectors/pinterest/pinterest-connector";
import { createMetaConnector } from "@/lib/infra/connectors/meta/meta-connector";
import { createMicrosoftConnector } from "@/lib/infra/connectors/microsoft/microsoft-connector";
import { createSnapchatConnector } from "@/lib/infra/connectors/snapchat/snapchat-connector";
import { createHubSpotConnector } from "@/lib/infra/connectors/hubspot/hubspot-connector";

export type ConnectorEnv = Pick<
  TEnv,
  | "META_APP_ID"
  | "META_APP_SECRET"
  | "GOOGLE_CLIENT_ID"
  | "GOOGLE_CLIENT_SECRET"
  | "GOOGLE_ADS_DEVELOPER_TOKEN"
  | "TIKTOK_APP_ID"
  | "TIKTOK_APP_SECRET"
  | "LINKEDIN_CLIENT_ID"
  | "LINKEDIN_CLIENT_SECRET"
  | "PINTEREST_APP_ID"
  | "PINTEREST_APP_SECRET"
  | "SNAPCHAT_CLIENT_ID"
  | "SNAPCHAT_CLIENT_SECRET"
  | "MICROSOFT_CLIENT_ID"
  | "MICROSOFT_CLIENT_SECRET"
  | "MICROSOFT_ADS_DEVELOPER_TOKEN"
  | "HUBSPOT_CLIENT_ID"
  | "HUBSPOT_CLIENT_SECRET"
  | "sandboxPlatformList"
  | "platformHostOverrides"
>;

export type RealConnectorEntry = {
  configured: (e: ConnectorEnv) => boolean;
  create: (e: ConnectorEnv, http: ConnectorHttp) => PlatformConnector;
  /** what the operator registers on the platform's side, for the Platforms page (`<platform>-setup.ts`) */
  setup: PlatformSetupNotes;
  /** Verify on the Platforms page: proves the credentials without any client (`<platform>-credentials.ts`) */
  verify: PlatformVerifier;
};

// In the Platforms page's order.
export const REAL_CONNECTORS: Readonly<Partial<Record<string, RealConnectorEntry>>> = {
  // Docs: https://developers.facebook.com/docs/marketing-api/business-manager (Graph API, Business Manager)
  meta: {
    configured: (e) => !!e.META_APP_ID && !!e.META_APP_SECRET,
    create: (e, http) => createMetaConnector({ appId: e.META_APP_ID!, appSecret: e.META_APP_SECRET! }, http),
    setup: META_SETUP,
    verify: verifyMeta,
  },
  // The Ads developer token is optional: without it Google Ads calls go without the header
  // (Cloud-managed access levels, google-call.ts); where Google still wants one, the Ads services
  // say so while Analytics, Tag Manager, Merchant Center and Business Profile work.
  // Docs: https://developers.google.com/identity/protocols/oauth2/web-server (sign-in) and each API's own reference
  google: {
    configured: (e) => !!e.GOOGLE_CLIENT_ID && !!e.GOOGLE_CLIENT_SECRET,
    create: (e, http) =>
      createGoogleConnector(
        {
          clientId: e.GOOGLE_CLIENT_ID!,
          clientSecret: e.GOOGLE_CLIENT_SECRET!,
          developerToken: e.GOOGLE_ADS_DEVELOPER_TOKEN ?? null,
        },
        http,
      ),
    setup: GOOGLE_SETUP,
    verify: verifyGoogle,
  },
  // Docs: https://business-api.tiktok.com/portal/docs?id=1738373164380162 (Business API authentication)
  tiktok: {
    configured: (e) => !!e.TIKTOK_APP_ID && !!e.TIKTOK_APP_SECRET,
    create: (e, http) => createTikTokConnector({ appId: e.TIKTOK_APP_ID!, appSecret: e.TIKTOK_APP_SECRET! }, http),
    setup: TIKTOK_SETUP,
    verify: verifyTikTok,
  },
  // Docs: https://learn.microsoft.com/en-us/linkedin/marketing/ (Marketing API: ad account users, organization ACLs)
  linkedin: {
    configured: (e) => !!e.LINKEDIN_CLIENT_ID && !!e.LINKEDIN_CLIENT_SECRET,
    create: (e, http) =>
      createLinkedInConnector({ clientId: e.LINKEDIN_CLIENT_ID!, clientSecret: e.LINKEDIN_CLIENT_SECRET! }, http),
    setup: LINKEDIN_SETUP,
    verify: verifyLinkedIn,
  },
  // Docs: https://developers.pinterest.com/docs/api/v5/ (API v5: OAuth, business access)
  pinterest: {
    configured: (e) => !!e.PINTEREST_APP_ID && !!e.PINTEREST_APP_SECRET,
    create: (e, http) =>
      createPinterestConnector({ appId: e.PINTEREST_APP_ID!, appSecret: e.PINTEREST_APP_SECRET! }, http),
    setup: PINTEREST_SETUP,
    verify: verifyPinterest,
  },
  // The developer token is required: every Customer Management call carries it.
  // Docs: https://learn.microsoft.com/en-us/advertising/customer-management-service/ (Customer Management)
  microsoft: {
    configured: (e) => !!e.MICROSOFT_CLIENT_ID && !!e.MICROSOFT_CLIENT_SECRET && !!e.MICROSOFT_ADS_DEVELOPER_TOKEN,
    create: (e, http) =>
      createMicrosoftConnector(
        {
          clientId: e.MICROSOFT_CLIENT_ID!,
          clientSecret: e.MICROSOFT_CLIENT_SECRET!,
          developerToken: e.MICROSOFT_ADS_DEVELOPER_TOKEN!,
        },
        http,
      ),
    setup: MICROSOFT_SETUP,
    verify: verifyMicrosoft,
  },
  // Docs: https://developers.snap.com/api/marketing-api/Ads-API/authentication (Marketing API: members and roles)
  snapchat: {
    configured: (e) => !!e.SNAPCHAT_CLIENT_ID && !!e.SNAPCHAT_CLIENT_SECRET,
    create: (e, http) =>
      createSnapchatConnector({ clientId: e.SNAPCHAT_CLIENT_ID!, clientSecret: e.SNAPCHAT_CLIENT_SECRET! }, http),
    setup: SNAPCHAT_SETUP,
    verify: verifySnapchat,
  },
  // Docs: https://developers.hubspot.com/docs/api-reference/settings-user-provisioning-v3/guide (user provisioning)
  hubspot: {
    configured: (e) => !!e.HUBSPOT_CLIENT_ID && !!e.HUBSPOT_CLIENT_SECRET,
    create: (e, http) =>
      createHubSpotConnector({ clientId: e.HUBSPOT_CLIENT_ID!, clientSecret: e.HUBSPOT_CLIENT_SECRET! }, http),
    setup: HUBSPOT_SETUP,
    verify: verifyHubSpot,
  },
};
