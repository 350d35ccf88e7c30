// ActiveCampaign in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform } from "@/lib/infra/connectors/platform-manifest";

export const ACTIVECAMPAIGN_MANIFEST = definePlatform({
  id: "activecampaign",
  name: "ActiveCampaign",
  connectorKind: "none",
  mark: { bg: "#004CFF", fg: "#fff", text: "›" },
  services: {
    activecampaign_account: {
      name: "ActiveCampaign Account",
      // Permissions come from user groups the client defines (the built-in Admin group, or
      // their own), not from named roles, so there is no role to pick here.
      roles: [],
      flow: "client_invite",
      steps: [
        "Sign in to ActiveCampaign as an admin, click Settings (gear icon), then Users and Groups.",
        "Click Add a new user.",
        "Enter {agencyAccount}, choose the Admin group or the group you agreed with the agency, and click Add user.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://help.activecampaign.com/hc/en-us/articles/115000086230-Add-and-manage-ActiveCampaign-users",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    activecampaign_account: ["ActiveCampaign Account", "Cuenta de ActiveCampaign", "ActiveCampaign-account"],
  },
  steps: {
    "activecampaign_account.step1": [
      "Sign in to ActiveCampaign as an admin, click Settings (gear icon), then Users and Groups.",
      "Inicia sesión en ActiveCampaign como administrador, haz clic en Configuración (icono de engranaje) y después en Usuarios y grupos.",
      "Log in bij ActiveCampaign als beheerder, klik op Instellingen (tandwielpictogram) en daarna op Gebruikers en groepen.",
    ],
    "activecampaign_account.step2": [
      "Click Add a new user.",
      "Haz clic en Añadir un nuevo usuario.",
      "Klik op Een nieuwe gebruiker toevoegen.",
    ],
    "activecampaign_account.step3": [
      "Enter {agencyAccount}, choose the Admin group or the group you agreed with the agency, and click Add user.",
      "Introduce {agencyAccount}, elige el grupo Admin o el grupo que acordaste con la agencia, y haz clic en Añadir usuario.",
      "Vul {agencyAccount} in, kies de groep Admin of de groep die je met het bureau hebt afgesproken, en klik op Gebruiker toevoegen.",
    ],
    "activecampaign_account.step4": CONFIRM_INVITE,
  },
});
