// Webflow in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const WEBFLOW_MANIFEST = definePlatform({
  id: "webflow",
  name: "Webflow",
  connectorKind: "none",
  mark: { bg: "#146EF5", fg: "#fff", text: "wf" },
  services: {
    webflow_site: {
      name: "Webflow Site",
      // Freelancer and agency guests of a Workspace take these site roles.
      roles: [
        role("site_manager", "Site manager"),
        role("designer", "Designer"),
        role("marketer", "Marketer"),
        role("content_editor", "Content editor"),
        role("reviewer", "Reviewer", true),
      ],
      flow: "client_invite",
      steps: [
        "Sign in to Webflow as a Workspace owner or admin and open the Workspace settings.",
        "Go to the Members tab and click Invite.",
        "Enter {agencyAccount} as a guest, give the site role requested for your site and send the invite.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://help.webflow.com/hc/en-us/articles/41015530193811-Workspace-roles-and-permissions",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    webflow_site: ["Webflow Site", "Sitio de Webflow", "Webflow-site"],
  },
  steps: {
    "webflow_site.step1": [
      "Sign in to Webflow as a Workspace owner or admin and open the Workspace settings.",
      "Inicia sesión en Webflow como propietario o administrador del Workspace y abre su configuración.",
      "Log in bij Webflow als eigenaar of beheerder van de Workspace en open de Workspace-instellingen.",
    ],
    "webflow_site.step2": [
      "Go to the Members tab and click Invite.",
      "Ve a la pestaña Members y haz clic en Invite.",
      "Ga naar het tabblad Members en klik op Invite.",
    ],
    "webflow_site.step3": [
      "Enter {agencyAccount} as a guest, give the site role requested for your site and send the invite.",
      "Introduce {agencyAccount} como invitado, asigna el rol de sitio solicitado para tu sitio y envía la invitación.",
      "Vul {agencyAccount} in als gast, geef de gevraagde siterol voor je site en verstuur de uitnodiging.",
    ],
    "webflow_site.step4": CONFIRM_INVITE,
  },
});
