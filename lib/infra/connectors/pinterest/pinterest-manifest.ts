// Pinterest in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark and its documented sign-in answers. Read through lib/infra/connectors/platforms.ts.
import { RFC6749, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const PINTEREST_MANIFEST = definePlatform({
  id: "pinterest",
  name: "Pinterest",
  connectorKind: "oauth",
  mark: { bg: "#E60023", fg: "#fff", text: "P" },
  acceptsInvitationNow: true,
  attemptEvent: true,
  services: {
    pinterest_ads: {
      name: "Pinterest Ads",
      roles: [role("admin", "Admin"), role("campaign_manager", "Campaign manager"), role("analyst", "Analyst", true)],
      flow: "one_click",
    },
  },
  serviceNames: {
    pinterest_ads: ["Pinterest Ads", "Pinterest Ads", "Pinterest Ads"],
  },
  // Sign-in answers, from Authentication and scopes (RFC 6749 answers, access_denied on Decline),
  //   https://developers.pinterest.com/docs/getting-started/authentication-and-scopes/
  oauthAnswers: { ...RFC6749 },
});
