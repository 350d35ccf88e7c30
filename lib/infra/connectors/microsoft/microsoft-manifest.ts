// Microsoft Advertising in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark and its documented sign-in answers. Read through lib/infra/connectors/platforms.ts.
import { OIDC_PROMPT, RFC6749, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const MICROSOFT_MANIFEST = definePlatform({
  id: "microsoft",
  name: "Microsoft Advertising",
  connectorKind: "oauth",
  mark: { bg: "#fff", fg: "#5E5E5E", text: "▦" },
  // Customer Management's SendUserInvitation is one call after sign-in, refused or accepted per account.
  attemptEvent: true,
  searchAliases: "bing",
  services: {
    microsoft_ads: {
      name: "Microsoft Advertising",
      roles: [
        role("super_admin", "Super admin"),
        role("standard", "Standard user"),
        role("campaign_manager", "Campaign manager"),
        role("viewer", "Viewer", true),
      ],
      flow: "one_click",
    },
  },
  serviceNames: {
    microsoft_ads: ["Microsoft Advertising", "Microsoft Advertising", "Microsoft Advertising"],
  },
  // Sign-in answers, from (Microsoft Advertising signs in on the Microsoft identity platform): OAuth 2.0
  //   authorization code flow, "Error codes for authorization endpoint errors"
  //   (invalid_request, unauthorized_client, access_denied, unsupported_response_type,
  //   server_error, temporarily_unavailable, invalid_resource, login_required,
  //   interaction_required) and OpenID Connect consent_required,
  //   https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow#error-codes-for-authorization-endpoint-errors
  oauthAnswers: { ...RFC6749, ...OIDC_PROMPT, invalid_resource: "setup" },
});
