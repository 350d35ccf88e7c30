// HubSpot in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark and its documented sign-in answers. Read through lib/infra/connectors/platforms.ts.
import {
  CONFIRM_INVITE,
  CONFIRM_INVITE_STEP,
  RFC6749,
  definePlatform,
  role,
} from "@/lib/infra/connectors/platform-manifest";

export const HUBSPOT_MANIFEST = definePlatform({
  id: "hubspot",
  name: "HubSpot",
  connectorKind: "oauth",
  mark: { bg: "#FF5C35", fg: "#fff", text: "H" },
  // One user provisioning call per portal.
  attemptEvent: true,
  services: {
    hubspot_portal: {
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
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://knowledge.hubspot.com/user-management/add-and-remove-users",
    },
  },
  serviceNames: {
    hubspot_portal: ["HubSpot Account", "Cuenta de HubSpot", "HubSpot-account"],
  },
  steps: {
    "hubspot_portal.step1": [
      "Sign in to HubSpot and click the settings icon.",
      "Inicia sesión en HubSpot y haz clic en el icono de configuración.",
      "Log in bij HubSpot en klik op het instellingenpictogram.",
    ],
    "hubspot_portal.step2": [
      "Go to Users & Teams and click Create user.",
      "Ve a Usuarios y equipos y haz clic en Crear usuario.",
      "Ga naar Gebruikers en teams en klik op Gebruiker aanmaken.",
    ],
    "hubspot_portal.step3": [
      "Enter {agencyAccount}, choose the access requested and send the invite.",
      "Introduce {agencyAccount}, elige el acceso solicitado y envía la invitación.",
      "Vul {agencyAccount} in, kies de gevraagde toegang en verstuur de uitnodiging.",
    ],
    "hubspot_portal.step4": CONFIRM_INVITE,
  },
  // Sign-in answers, from OAuth quickstart and the v1 token guide (RFC 6749 answers on the redirect,
  //   access_denied when the user declines the install; token errors BAD_CLIENT_ID,
  //   BAD_AUTH_CODE, BAD_REDIRECT_URI, BAD_GRANT_TYPE),
  //   https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/guide
  oauthAnswers: {
    ...RFC6749,
    BAD_CLIENT_ID: "setup",
    BAD_REDIRECT_URI: "setup",
    BAD_GRANT_TYPE: "setup",
    BAD_AUTH_CODE: "expired",
  },
});
