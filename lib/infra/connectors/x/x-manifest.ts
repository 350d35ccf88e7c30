// X in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const X_MANIFEST = definePlatform({
  id: "x",
  name: "X",
  connectorKind: "none",
  mark: { bg: "#000", fg: "#fff", text: "X" },
  searchAliases: "twitter",
  services: {
    x_ads: {
      name: "X Ads",
      roles: [
        role("account_admin", "Account administrator"),
        role("ad_manager", "Ad manager"),
        role("creative_manager", "Creative manager"),
        role("analyst", "Analyst", true),
      ],
      flow: "instructions",
      steps: [
        "Sign in to ads.x.com with the account that owns the ads account.",
        "Open the account menu and choose Edit access to account.",
        "Click Add access, enter {agencyAccount} and choose the access requested.",
        "Click Save changes.",
      ],
      docs: "https://business.x.com/en/help/account-setup/multi-user-login-faq",
    },
  },
  serviceNames: {
    x_ads: ["X Ads", "X Ads", "X Ads"],
  },
  steps: {
    "x_ads.step1": [
      "Sign in to ads.x.com with the account that owns the ads account.",
      "Inicia sesión en ads.x.com con la cuenta propietaria de la cuenta publicitaria.",
      "Log in op ads.x.com met het account dat eigenaar is van het advertentieaccount.",
    ],
    "x_ads.step2": [
      "Open the account menu and choose Edit access to account.",
      "Abre el menú de la cuenta y elige Editar acceso a la cuenta.",
      "Open het accountmenu en kies Toegang tot account bewerken.",
    ],
    "x_ads.step3": [
      "Click Add access, enter {agencyAccount} and choose the access requested.",
      "Haz clic en Añadir acceso, introduce {agencyAccount} y elige el acceso solicitado.",
      "Klik op Toegang toevoegen, vul {agencyAccount} in en kies de gevraagde toegang.",
    ],
    "x_ads.step4": ["Click Save changes.", "Haz clic en Guardar cambios.", "Klik op Wijzigingen opslaan."],
  },
});
