// Klaviyo in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const KLAVIYO_MANIFEST = definePlatform({
  id: "klaviyo",
  name: "Klaviyo",
  connectorKind: "none",
  mark: { bg: "#232426", fg: "#fff", text: "K" },
  services: {
    klaviyo_account: {
      name: "Klaviyo Account",
      roles: [
        role("admin", "Admin"),
        role("manager", "Manager"),
        role("campaign_coordinator", "Campaign coordinator"),
        role("analyst", "Analyst", true),
      ],
      flow: "client_invite",
      steps: [
        "Sign in to Klaviyo and open Settings from your account menu.",
        "Go to the Users tab and click Add new user.",
        "Enter {agencyAccount}, choose the role requested and click Add user.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://help.klaviyo.com/hc/en-us/articles/115000802012",
    },
  },
  serviceNames: {
    klaviyo_account: ["Klaviyo Account", "Cuenta de Klaviyo", "Klaviyo-account"],
  },
  steps: {
    "klaviyo_account.step1": [
      "Sign in to Klaviyo and open Settings from your account menu.",
      "Inicia sesión en Klaviyo y abre Configuración desde el menú de tu cuenta.",
      "Log in bij Klaviyo en open Instellingen via je accountmenu.",
    ],
    "klaviyo_account.step2": [
      "Go to the Users tab and click Add new user.",
      "Ve a la pestaña Usuarios y haz clic en Añadir nuevo usuario.",
      "Ga naar het tabblad Gebruikers en klik op Nieuwe gebruiker toevoegen.",
    ],
    "klaviyo_account.step3": [
      "Enter {agencyAccount}, choose the role requested and click Add user.",
      "Introduce {agencyAccount}, elige el rol solicitado y haz clic en Añadir usuario.",
      "Vul {agencyAccount} in, kies de gevraagde rol en klik op Gebruiker toevoegen.",
    ],
    "klaviyo_account.step4": CONFIRM_INVITE,
  },
});
