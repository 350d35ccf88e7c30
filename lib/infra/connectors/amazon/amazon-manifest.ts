// Amazon Ads in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const AMAZON_MANIFEST = definePlatform({
  id: "amazon",
  name: "Amazon Ads",
  connectorKind: "none",
  mark: { bg: "#232F3E", fg: "#FF9900", text: "a" },
  searchAliases: "sponsored",
  services: {
    amazon_ads: {
      name: "Amazon Ads Account",
      roles: [role("admin", "Admin"), role("editor", "Editor"), role("viewer", "Viewer", true)],
      // Client-side grant API: the Amazon Ads API links advertiser accounts to a manager account
      // (POST /managerAccounts/{managerAccountId}/associateAccounts, Manager Accounts API,
      // https://advertising.amazon.com/API/docs/en-us/reference/manager-accounts), but the caller
      // must already have access to both sides, which the agency does not; so the client invites.
      flow: "client_invite",
      steps: [
        "Sign in to the Amazon Ads console (advertising.amazon.com) as an admin of the account.",
        "Open the Administration menu and click Access and settings.",
        "Click Invite user, enter {agencyAccount} and choose the access level requested.",
        "Send the invite. The agency accepts it from the email Amazon sends.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://advertising.amazon.in/help/G2WDQSK87WSDWPQC",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    amazon_ads: ["Amazon Ads Account", "Cuenta de Amazon Ads", "Amazon Ads-account"],
  },
  steps: {
    "amazon_ads.step1": [
      "Sign in to the Amazon Ads console (advertising.amazon.com) as an admin of the account.",
      "Inicia sesión en la consola de Amazon Ads (advertising.amazon.com) como administrador de la cuenta.",
      "Log in op de Amazon Ads-console (advertising.amazon.com) als beheerder van het account.",
    ],
    "amazon_ads.step2": [
      "Open the Administration menu and click Access and settings.",
      "Abre el menú Administración y haz clic en Acceso y configuración.",
      "Open het menu Beheer en klik op Toegang en instellingen.",
    ],
    "amazon_ads.step3": [
      "Click Invite user, enter {agencyAccount} and choose the access level requested.",
      "Haz clic en Invitar usuario, introduce {agencyAccount} y elige el nivel de acceso solicitado.",
      "Klik op Gebruiker uitnodigen, vul {agencyAccount} in en kies het gevraagde toegangsniveau.",
    ],
    "amazon_ads.step4": [
      "Send the invite. The agency accepts it from the email Amazon sends.",
      "Envía la invitación. La agencia la acepta desde el correo que envía Amazon.",
      "Verstuur de uitnodiging. Het bureau accepteert die via de e-mail van Amazon.",
    ],
    "amazon_ads.step5": CONFIRM_INVITE,
  },
});
