// Squarespace in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const SQUARESPACE_MANIFEST = definePlatform({
  id: "squarespace",
  name: "Squarespace",
  connectorKind: "none",
  mark: { bg: "#000", fg: "#fff", text: "Sq" },
  services: {
    squarespace_site: {
      name: "Squarespace Site",
      roles: [
        role("administrator", "Administrator"),
        role("website_editor", "Website editor"),
        role("store_manager", "Store manager"),
        role("analytics", "Analytics", true),
      ],
      flow: "client_invite",
      steps: [
        "Sign in to Squarespace as the site owner or an administrator.",
        "Open Settings, then Permissions & ownership, and click Invite contributor.",
        "Enter the agency's name and {agencyAccount}, and switch on the permission requested.",
        "Click Invite.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://support.squarespace.com/hc/en-us/articles/206537297-Squarespace-permissions-explained",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    squarespace_site: ["Squarespace Site", "Sitio de Squarespace", "Squarespace-site"],
  },
  steps: {
    "squarespace_site.step1": [
      "Sign in to Squarespace as the site owner or an administrator.",
      "Inicia sesión en Squarespace como propietario del sitio o administrador.",
      "Log in bij Squarespace als eigenaar van de site of als beheerder.",
    ],
    "squarespace_site.step2": [
      "Open Settings, then Permissions & ownership, and click Invite contributor.",
      "Abre Configuración, después Permisos y propiedad, y haz clic en Invitar colaborador.",
      "Open Instellingen, daarna Rechten en eigendom, en klik op Bijdrager uitnodigen.",
    ],
    "squarespace_site.step3": [
      "Enter the agency's name and {agencyAccount}, and switch on the permission requested.",
      "Introduce el nombre de la agencia y {agencyAccount}, y activa el permiso solicitado.",
      "Vul de naam van het bureau en {agencyAccount} in, en zet de gevraagde rechten aan.",
    ],
    "squarespace_site.step4": ["Click Invite.", "Haz clic en Invitar.", "Klik op Uitnodigen."],
    "squarespace_site.step5": CONFIRM_INVITE,
  },
});
