// Apple Ads in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const APPLE_MANIFEST = definePlatform({
  id: "apple",
  name: "Apple Ads",
  connectorKind: "none",
  mark: { bg: "#1D1D1F", fg: "#fff", text: "A" },
  searchAliases: "app store",
  services: {
    apple_search_ads: {
      name: "Apple Search Ads",
      roles: [
        role("account_admin", "Account Admin"),
        role("api_account_manager", "API Account Manager"),
        role("account_read_only", "Account Read Only", true),
      ],
      flow: "client_invite",
      steps: [
        "Sign in to Apple Search Ads (searchads.apple.com) as an Account Admin.",
        "Click your name at the top right, open Account Settings and go to User Management.",
        "Click Invite User, enter the agency's name and {agencyAccount}, and give the role requested for the whole account.",
        "Send the invitation. The agency accepts it with the same Apple Account.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://searchads.apple.com/help/get-started/0011-invite-users-to-your-account",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    apple_search_ads: ["Apple Search Ads", "Apple Search Ads", "Apple Search Ads"],
  },
  steps: {
    "apple_search_ads.step1": [
      "Sign in to Apple Search Ads (searchads.apple.com) as an Account Admin.",
      "Inicia sesión en Apple Search Ads (searchads.apple.com) como administrador de la cuenta.",
      "Log in bij Apple Search Ads (searchads.apple.com) als accountbeheerder.",
    ],
    "apple_search_ads.step2": [
      "Click your name at the top right, open Account Settings and go to User Management.",
      "Haz clic en tu nombre arriba a la derecha, abre Configuración de la cuenta y ve a Gestión de usuarios.",
      "Klik rechtsboven op je naam, open Accountinstellingen en ga naar Gebruikersbeheer.",
    ],
    "apple_search_ads.step3": [
      "Click Invite User, enter the agency's name and {agencyAccount}, and give the role requested for the whole account.",
      "Haz clic en Invitar usuario, introduce el nombre de la agencia y {agencyAccount}, y asigna el rol solicitado para toda la cuenta.",
      "Klik op Gebruiker uitnodigen, vul de naam van het bureau en {agencyAccount} in en geef de gevraagde rol voor het hele account.",
    ],
    "apple_search_ads.step4": [
      "Send the invitation. The agency accepts it with the same Apple Account.",
      "Envía la invitación. La agencia la acepta con la misma cuenta de Apple.",
      "Verstuur de uitnodiging. Het bureau accepteert die met hetzelfde Apple-account.",
    ],
    "apple_search_ads.step5": CONFIRM_INVITE,
  },
});
