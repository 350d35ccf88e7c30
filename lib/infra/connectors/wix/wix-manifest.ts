// Wix in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const WIX_MANIFEST = definePlatform({
  id: "wix",
  name: "Wix",
  connectorKind: "none",
  mark: { bg: "#000", fg: "#fff", text: "wix" },
  services: {
    wix_site: {
      name: "Wix Site",
      // Client-side grant API: Wix documents site invites (Site Invites API, create invite with
      // an email and role ids, https://dev.wix.com/docs/rest/account-level/sites/site-invites),
      // called with the site's app token; not wired here, so the client invites by hand.
      roles: [
        role("admin", "Admin (Co-Owner)"),
        role("website_manager", "Website Manager"),
        role("marketing_manager", "Marketing Manager"),
      ],
      flow: "client_invite",
      steps: [
        "Sign in to Wix and open your site's dashboard.",
        "Go to Settings, then Roles & Permissions, and click Invite People.",
        "Enter {agencyAccount}, select the role requested and click Send Invite.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://www.wix.com/manage/roles-and-permissions",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    wix_site: ["Wix Site", "Sitio de Wix", "Wix-site"],
  },
  steps: {
    "wix_site.step1": [
      "Sign in to Wix and open your site's dashboard.",
      "Inicia sesión en Wix y abre el panel de control de tu sitio.",
      "Log in bij Wix en open het dashboard van je site.",
    ],
    "wix_site.step2": [
      "Go to Settings, then Roles & Permissions, and click Invite People.",
      "Ve a Ajustes, después a Roles y permisos, y haz clic en Invitar personas.",
      "Ga naar Instellingen, daarna naar Rollen en rechten, en klik op Mensen uitnodigen.",
    ],
    "wix_site.step3": [
      "Enter {agencyAccount}, select the role requested and click Send Invite.",
      "Introduce {agencyAccount}, selecciona el rol solicitado y haz clic en Enviar invitación.",
      "Vul {agencyAccount} in, selecteer de gevraagde rol en klik op Uitnodiging versturen.",
    ],
    "wix_site.step4": CONFIRM_INVITE,
  },
});
