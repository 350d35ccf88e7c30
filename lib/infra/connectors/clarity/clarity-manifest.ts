// Microsoft Clarity in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const CLARITY_MANIFEST = definePlatform({
  id: "clarity",
  name: "Microsoft Clarity",
  connectorKind: "none",
  mark: { bg: "#5B2D90", fg: "#fff", text: "C" },
  searchAliases: "microsoft",
  services: {
    clarity_project: {
      name: "Microsoft Clarity Project",
      // Clarity's roles (https://learn.microsoft.com/en-us/clarity/team-management): Admin and
      // Team member (reads and edits recordings and heatmaps, no settings).
      roles: [role("admin", "Admin"), role("team_member", "Team member")],
      flow: "client_invite",
      steps: [
        "Sign in to Microsoft Clarity (clarity.microsoft.com) and select the project.",
        "Go to Settings, then Team, and select Add team member.",
        "Enter {agencyAccount}, choose the role requested and select Add.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://learn.microsoft.com/en-us/clarity/team-management",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    clarity_project: ["Microsoft Clarity Project", "Proyecto de Microsoft Clarity", "Microsoft Clarity-project"],
  },
  steps: {
    "clarity_project.step1": [
      "Sign in to Microsoft Clarity (clarity.microsoft.com) and select the project.",
      "Inicia sesión en Microsoft Clarity (clarity.microsoft.com) y selecciona el proyecto.",
      "Log in bij Microsoft Clarity (clarity.microsoft.com) en selecteer het project.",
    ],
    "clarity_project.step2": [
      "Go to Settings, then Team, and select Add team member.",
      "Ve a Configuración, después a Equipo, y selecciona Añadir miembro del equipo.",
      "Ga naar Instellingen, daarna naar Team, en kies Teamlid toevoegen.",
    ],
    "clarity_project.step3": [
      "Enter {agencyAccount}, choose the role requested and select Add.",
      "Introduce {agencyAccount}, elige el rol solicitado y selecciona Añadir.",
      "Vul {agencyAccount} in, kies de gevraagde rol en kies Toevoegen.",
    ],
    "clarity_project.step4": CONFIRM_INVITE,
  },
});
