// TikTok in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark and its documented sign-in answers. Read through lib/infra/connectors/platforms.ts.
import { RFC6749, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const TIKTOK_MANIFEST = definePlatform({
  id: "tiktok",
  name: "TikTok",
  connectorKind: "oauth",
  mark: { bg: "#000", fg: "#fff", text: "♪" },
  demoAccount: {
    platformAccountId: "7012345678901234",
    business: { id: "7098765432109876", name: "Demo Agency Business Center" },
  },
  assignsPeople: {
    businessName: "Business Center",
    personKind: "member",
    roles: { tiktok_ads: ["admin", "operator", "analyst"] },
    assetPlaces: { tiktok_ads: "Business Center → Assets → Ad accounts" },
  },
  attemptEvent: true,
  services: {
    tiktok_ads: {
      name: "TikTok Ads",
      roles: [role("admin", "Admin"), role("operator", "Operator"), role("analyst", "Analyst", true)],
      flow: "one_click",
    },
    tiktok_business_center: {
      name: "TikTok Business Center",
      roles: [role("admin", "Admin"), role("standard", "Standard")],
      flow: "one_click",
    },
  },
  serviceNames: {
    tiktok_ads: ["TikTok Ads", "TikTok Ads", "TikTok Ads"],
    tiktok_business_center: ["TikTok Business Center", "TikTok Business Center", "TikTok Business Center"],
  },
  // Sign-in answers, from OAuth error handling (access_denied, invalid_client, invalid_grant,
  //   invalid_request, invalid_scope, unauthorized_client, unsupported_grant_type,
  //   unsupported_response_type, server_error, temporarily_unavailable),
  //   https://developers.tiktok.com/doc/oauth-error-handling
  oauthAnswers: { ...RFC6749 },
});
