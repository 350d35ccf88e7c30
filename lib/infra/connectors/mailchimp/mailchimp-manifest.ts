// Mailchimp in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const MAILCHIMP_MANIFEST = definePlatform({
  id: "mailchimp",
  name: "Mailchimp",
  connectorKind: "none",
  mark: { bg: "#FFE01B", fg: "#241C15", text: "M" },
  services: {
    mailchimp_account: {
      name: "Mailchimp Account",
      // User levels depend on the client's plan (Admin: Essentials and up; Manager: Premium).
      roles: [
        role("admin", "Admin"),
        role("manager", "Manager"),
        role("author", "Author"),
        role("viewer", "Viewer", true),
      ],
      flow: "client_invite",
      steps: [
        "Sign in to Mailchimp as the owner or an admin, click your profile icon, then Account & billing.",
        "Open the Settings menu and click Users.",
        "Click Invite a user, enter {agencyAccount} and choose the user level requested.",
        "Click Send invite.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://mailchimp.com/help/manage-user-levels-in-your-account/",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    mailchimp_account: ["Mailchimp Account", "Cuenta de Mailchimp", "Mailchimp-account"],
  },
  steps: {
    "mailchimp_account.step1": [
      "Sign in to Mailchimp as the owner or an admin, click your profile icon, then Account & billing.",
      "Inicia sesión en Mailchimp como propietario o administrador, haz clic en el icono de tu perfil y después en Cuenta y facturación.",
      "Log in bij Mailchimp als eigenaar of beheerder, klik op je profielpictogram en daarna op Account en facturering.",
    ],
    "mailchimp_account.step2": [
      "Open the Settings menu and click Users.",
      "Abre el menú Configuración y haz clic en Usuarios.",
      "Open het menu Instellingen en klik op Gebruikers.",
    ],
    "mailchimp_account.step3": [
      "Click Invite a user, enter {agencyAccount} and choose the user level requested.",
      "Haz clic en Invitar a un usuario, introduce {agencyAccount} y elige el nivel de usuario solicitado.",
      "Klik op Een gebruiker uitnodigen, vul {agencyAccount} in en kies het gevraagde gebruikersniveau.",
    ],
    "mailchimp_account.step4": [
      "Click Send invite.",
      "Haz clic en Enviar invitación.",
      "Klik op Uitnodiging versturen.",
    ],
    "mailchimp_account.step5": CONFIRM_INVITE,
  },
});
