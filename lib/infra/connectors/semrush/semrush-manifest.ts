// Semrush in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const SEMRUSH_MANIFEST = definePlatform({
  id: "semrush",
  name: "Semrush",
  connectorKind: "none",
  mark: { bg: "#FF642D", fg: "#fff", text: "S" },
  searchAliases: "seo",
  services: {
    semrush_project: {
      name: "Semrush Project",
      roles: [role("editor", "Editor"), role("viewer", "Viewer", true)],
      flow: "client_invite",
      steps: [
        "Sign in to Semrush and open your Projects dashboard.",
        "Click Share at the top right and select the project.",
        "Enter {agencyAccount}, choose Editor or Viewer access as requested and share.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://www.semrush.com/kb/314-how-do-i-share-projects",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    semrush_project: ["Semrush Project", "Proyecto de Semrush", "Semrush-project"],
  },
  steps: {
    "semrush_project.step1": [
      "Sign in to Semrush and open your Projects dashboard.",
      "Inicia sesión en Semrush y abre tu panel de Proyectos.",
      "Log in bij Semrush en open je dashboard Projecten.",
    ],
    "semrush_project.step2": [
      "Click Share at the top right and select the project.",
      "Haz clic en Compartir, arriba a la derecha, y selecciona el proyecto.",
      "Klik rechtsboven op Delen en selecteer het project.",
    ],
    "semrush_project.step3": [
      "Enter {agencyAccount}, choose Editor or Viewer access as requested and share.",
      "Introduce {agencyAccount}, elige acceso de Editor o de Lector según lo solicitado y comparte.",
      "Vul {agencyAccount} in, kies toegang als Editor of Kijker zoals gevraagd en deel.",
    ],
    "semrush_project.step4": CONFIRM_INVITE,
  },
});
