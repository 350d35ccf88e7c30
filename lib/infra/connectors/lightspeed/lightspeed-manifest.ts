// Lightspeed in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform } from "@/lib/infra/connectors/platform-manifest";

export const LIGHTSPEED_MANIFEST = definePlatform({
  id: "lightspeed",
  name: "Lightspeed",
  connectorKind: "none",
  mark: { bg: "#E4002B", fg: "#fff", text: "L" },
  searchAliases: "ecom ecommerce",
  services: {
    lightspeed_store: {
      name: "Lightspeed eCom Store",
      // Staff permissions are chosen one by one (Sales, Catalog, Marketing...), not as a role.
      roles: [],
      flow: "client_invite",
      steps: [
        "Sign in to your Lightspeed eCom admin as the store owner.",
        "Go to Settings, then Staff accounts, and add a staff member.",
        "Enter {agencyAccount} and select the permissions to share.",
        "Send the invite.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://x-series-support.lightspeedhq.com/hc/en-us/articles/38699815951259-Creating-staff-accounts-in-Lightspeed-eCom",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    lightspeed_store: ["Lightspeed eCom Store", "Tienda de Lightspeed eCom", "Lightspeed eCom-winkel"],
  },
  steps: {
    "lightspeed_store.step1": [
      "Sign in to your Lightspeed eCom admin as the store owner.",
      "Inicia sesión en el panel de Lightspeed eCom como propietario de la tienda.",
      "Log in op je Lightspeed eCom-beheer als eigenaar van de winkel.",
    ],
    "lightspeed_store.step2": [
      "Go to Settings, then Staff accounts, and add a staff member.",
      "Ve a Configuración, después a Cuentas de personal, y añade un miembro del personal.",
      "Ga naar Instellingen, daarna naar Personeelsaccounts, en voeg een medewerker toe.",
    ],
    "lightspeed_store.step3": [
      "Enter {agencyAccount} and select the permissions to share.",
      "Introduce {agencyAccount} y selecciona los permisos que quieres compartir.",
      "Vul {agencyAccount} in en selecteer de machtigingen die je wilt delen.",
    ],
    "lightspeed_store.step4": ["Send the invite.", "Envía la invitación.", "Verstuur de uitnodiging."],
    "lightspeed_store.step5": CONFIRM_INVITE,
  },
});
