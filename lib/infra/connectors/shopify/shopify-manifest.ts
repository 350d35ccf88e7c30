// Shopify in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform } from "@/lib/infra/connectors/platform-manifest";

export const SHOPIFY_MANIFEST = definePlatform({
  id: "shopify",
  name: "Shopify",
  connectorKind: "none",
  mark: { bg: "#5E8E3E", fg: "#fff", text: "S" },
  searchAliases: "ecommerce",
  services: {
    shopify_store: {
      name: "Shopify Store",
      // Staff permissions in Shopify are chosen one by one, not as a named role.
      roles: [],
      flow: "client_invite",
      steps: [
        "Sign in to your Shopify admin as the store owner.",
        "Go to Settings, then Users and permissions.",
        "Click Add staff, enter {agencyAccount} and select the permissions to share.",
        "Click Send invite.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://help.shopify.com/en/manual/your-account/staff-accounts/create-staff-accounts",
    },
  },
  serviceNames: {
    shopify_store: ["Shopify Store", "Tienda de Shopify", "Shopify-winkel"],
  },
  steps: {
    "shopify_store.step1": [
      "Sign in to your Shopify admin as the store owner.",
      "Inicia sesión en el panel de Shopify como propietario de la tienda.",
      "Log in op je Shopify-beheer als eigenaar van de winkel.",
    ],
    "shopify_store.step2": [
      "Go to Settings, then Users and permissions.",
      "Ve a Configuración y después a Usuarios y permisos.",
      "Ga naar Instellingen en daarna naar Gebruikers en machtigingen.",
    ],
    "shopify_store.step3": [
      "Click Add staff, enter {agencyAccount} and select the permissions to share.",
      "Haz clic en Añadir personal, introduce {agencyAccount} y selecciona los permisos que quieres compartir.",
      "Klik op Medewerker toevoegen, vul {agencyAccount} in en selecteer de machtigingen die je wilt delen.",
    ],
    "shopify_store.step4": ["Click Send invite.", "Haz clic en Enviar invitación.", "Klik op Uitnodiging versturen."],
    "shopify_store.step5": CONFIRM_INVITE,
  },
});
