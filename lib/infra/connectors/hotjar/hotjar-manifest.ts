// Hotjar in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const HOTJAR_MANIFEST = definePlatform({
  id: "hotjar",
  name: "Hotjar",
  connectorKind: "none",
  mark: { bg: "#FF3C00", fg: "#fff", text: "h" },
  services: {
    hotjar_organization: {
      name: "Hotjar Organization",
      roles: [role("admin", "Admin"), role("read_write", "Read & Write"), role("read_only", "Read Only", true)],
      flow: "client_invite",
      steps: [
        "Sign in to Hotjar as the account owner or an admin.",
        "Click your profile icon, then Invite members.",
        "Choose the organization, enter {agencyAccount} with the access level requested and click Send invites.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://help.hotjar.com/hc/en-us/articles/115011585927",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    hotjar_organization: ["Hotjar Organization", "Organización de Hotjar", "Hotjar-organisatie"],
  },
  steps: {
    "hotjar_organization.step1": [
      "Sign in to Hotjar as the account owner or an admin.",
      "Inicia sesión en Hotjar como propietario de la cuenta o administrador.",
      "Log in bij Hotjar als eigenaar van het account of als beheerder.",
    ],
    "hotjar_organization.step2": [
      "Click your profile icon, then Invite members.",
      "Haz clic en el icono de tu perfil y después en Invitar miembros.",
      "Klik op je profielpictogram en daarna op Leden uitnodigen.",
    ],
    "hotjar_organization.step3": [
      "Choose the organization, enter {agencyAccount} with the access level requested and click Send invites.",
      "Elige la organización, introduce {agencyAccount} con el nivel de acceso solicitado y haz clic en Enviar invitaciones.",
      "Kies de organisatie, vul {agencyAccount} in met het gevraagde toegangsniveau en klik op Uitnodigingen versturen.",
    ],
    "hotjar_organization.step4": CONFIRM_INVITE,
  },
});
