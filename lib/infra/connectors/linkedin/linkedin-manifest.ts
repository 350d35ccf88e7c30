// LinkedIn in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark and its documented sign-in answers. Read through lib/infra/connectors/platforms.ts.
import { RFC6749, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const LINKEDIN_MANIFEST = definePlatform({
  id: "linkedin",
  name: "LinkedIn",
  connectorKind: "oauth",
  mark: { bg: "#0A66C2", fg: "#fff", text: "in" },
  demoAccount: { platformAccountId: "501234567", business: null },
  attemptEvent: true,
  services: {
    linkedin_ads: {
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
      name: "LinkedIn Page",
      roles: [
        role("super_admin", "Super admin"),
        role("content_admin", "Content admin"),
        role("analyst", "Analyst", true),
      ],
      flow: "one_click",
    },
  },
  serviceNames: {
    linkedin_ads: ["LinkedIn Ads", "LinkedIn Ads", "LinkedIn Ads"],
    linkedin_page: ["LinkedIn Page", "Página de LinkedIn", "LinkedIn-pagina"],
  },
  // Sign-in answers, from Authorization Code Flow, "Failed requests" (user_cancelled_login: the member
  //   declined to log in; user_cancelled_authorize: the member refused to authorize the
  //   permissions request; unauthorized_scope_error), https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow
  oauthAnswers: {
    ...RFC6749,
    user_cancelled_login: "denied",
    user_cancelled_authorize: "denied",
    unauthorized_scope_error: "setup",
  },
});
