// Cookiebot in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform } from "@/lib/infra/connectors/platform-manifest";

export const COOKIEBOT_MANIFEST = definePlatform({
  id: "cookiebot",
  name: "Cookiebot",
  connectorKind: "none",
  mark: { bg: "#1032CF", fg: "#fff", text: "C" },
  services: {
    cookiebot_account: {
      name: "Cookiebot Account",
      // Every invited user has the same access: there is no role to choose.
      roles: [],
      flow: "client_invite",
      steps: [
        "Sign in to the Cookiebot Admin and click Manage subscription at the top.",
        "Select the User Management tab and click Invite user.",
        "Enter {agencyAccount} and click Send invite.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://support.cookiebot.com/hc/en-us/articles/15747810371612-Adding-additional-users-to-your-Cookiebot-account",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    cookiebot_account: ["Cookiebot Account", "Cuenta de Cookiebot", "Cookiebot-account"],
  },
  steps: {
    "cookiebot_account.step1": [
      "Sign in to the Cookiebot Admin and click Manage subscription at the top.",
      "Inicia sesión en Cookiebot Admin y haz clic en Manage subscription, arriba.",
      "Log in bij Cookiebot Admin en klik bovenaan op Manage subscription.",
    ],
    "cookiebot_account.step2": [
      "Select the User Management tab and click Invite user.",
      "Selecciona la pestaña User Management y haz clic en Invite user.",
      "Kies het tabblad User Management en klik op Invite user.",
    ],
    "cookiebot_account.step3": [
      "Enter {agencyAccount} and click Send invite.",
      "Introduce {agencyAccount} y haz clic en Send invite.",
      "Vul {agencyAccount} in en klik op Send invite.",
    ],
    "cookiebot_account.step4": CONFIRM_INVITE,
  },
});
