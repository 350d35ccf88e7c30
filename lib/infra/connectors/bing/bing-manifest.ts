// Bing Webmaster Tools in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts. No call reaches Bing (no connector: the
// client adds the agency by hand), and the steps follow Bing's own page for it, "How to add users to
// your site account" (https://www.bing.com/webmaster/help/how-to-add-users-to-your-site-account-d5c00364).
import { definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const BING_MANIFEST = definePlatform({
  id: "bing",
  name: "Bing Webmaster Tools",
  connectorKind: "none",
  mark: { bg: "#0C8484", fg: "#fff", text: "b" },
  searchAliases: "microsoft seo",
  services: {
    bing_webmaster_tools: {
      name: "Bing Webmaster Tools Site",
      roles: [
        role("administrator", "Administrator"),
        role("read_write", "Read/Write"),
        role("read_only", "Read Only", true),
      ],
      // Adding a user works at once (no invitation to accept), so the agency confirms.
      flow: "instructions",
      steps: [
        "Sign in to Bing Webmaster Tools (bing.com/webmasters) as an administrator of the site.",
        "Select the site and open User management.",
        "Click Add user, enter {agencyAccount}, keep your site's URL and choose the role requested.",
        "Click Add.",
      ],
      docs: "https://www.bing.com/webmaster/help/how-to-add-users-to-your-site-account-d5c00364",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    bing_webmaster_tools: [
      "Bing Webmaster Tools Site",
      "Sitio en Bing Webmaster Tools",
      "Site in Bing Webmaster Tools",
    ],
  },
  steps: {
    "bing_webmaster_tools.step1": [
      "Sign in to Bing Webmaster Tools (bing.com/webmasters) as an administrator of the site.",
      "Inicia sesión en Bing Webmaster Tools (bing.com/webmasters) como administrador del sitio.",
      "Log in bij Bing Webmaster Tools (bing.com/webmasters) als beheerder van de site.",
    ],
    "bing_webmaster_tools.step2": [
      "Select the site and open User management.",
      "Selecciona el sitio y abre Administración de usuarios.",
      "Selecteer de site en open Gebruikersbeheer.",
    ],
    "bing_webmaster_tools.step3": [
      "Click Add user, enter {agencyAccount}, keep your site's URL and choose the role requested.",
      "Haz clic en Agregar usuario, introduce {agencyAccount}, deja la URL de tu sitio y elige el rol solicitado.",
      "Klik op Gebruiker toevoegen, vul {agencyAccount} in, laat de URL van je site staan en kies de gevraagde rol.",
    ],
    "bing_webmaster_tools.step4": ["Click Add.", "Haz clic en Agregar.", "Klik op Toevoegen."],
  },
});
