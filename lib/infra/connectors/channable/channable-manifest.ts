// Channable in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const CHANNABLE_MANIFEST = definePlatform({
  id: "channable",
  name: "Channable",
  connectorKind: "none",
  mark: { bg: "#2F5BEA", fg: "#fff", text: "Ch" },
  services: {
    channable_company: {
      name: "Channable Company",
      roles: [role("employee", "Employee"), role("collaborator", "Collaborator"), role("read_only", "Read-only", true)],
      flow: "client_invite",
      steps: [
        "Sign in to Channable as the owner of your company.",
        "Open your company, then Company settings, and go to the Manage access tab.",
        "Click Invite user, enter {agencyAccount}, choose the role requested and click Invite user.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://helpcenter.channable.com/hc/en-us/articles/360011022479-Managing-access-to-a-Channable-account",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    channable_company: ["Channable Company", "Empresa en Channable", "Channable-bedrijf"],
  },
  steps: {
    "channable_company.step1": [
      "Sign in to Channable as the owner of your company.",
      "Inicia sesión en Channable como propietario de tu empresa.",
      "Log in bij Channable als eigenaar van je bedrijf.",
    ],
    "channable_company.step2": [
      "Open your company, then Company settings, and go to the Manage access tab.",
      "Abre tu empresa, después Company settings, y ve a la pestaña Manage access.",
      "Open je bedrijf, daarna Company settings, en ga naar het tabblad Manage access.",
    ],
    "channable_company.step3": [
      "Click Invite user, enter {agencyAccount}, choose the role requested and click Invite user.",
      "Haz clic en Invite user, introduce {agencyAccount}, elige el rol solicitado y haz clic en Invite user.",
      "Klik op Invite user, vul {agencyAccount} in, kies de gevraagde rol en klik op Invite user.",
    ],
    "channable_company.step4": CONFIRM_INVITE,
  },
});
