// Google in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark and its documented sign-in answers. Read through lib/infra/connectors/platforms.ts.
import {
  CONFIRM_INVITE,
  CONFIRM_INVITE_STEP,
  OIDC_PROMPT,
  RFC6749,
  definePlatform,
  role,
} from "@/lib/infra/connectors/platform-manifest";

export const GOOGLE_MANIFEST = definePlatform({
  id: "google",
  name: "Google",
  connectorKind: "oauth",
  mark: { bg: "#fff", fg: "#1A73E8", text: "G" },
  demoAccount: { platformAccountId: "123-456-7890", business: null },
  attemptEvent: true,
  // Its one-click grants report a failure per service (one asset refused while others succeed).
  grantFailedEvent: true,
  searchAliases: "youtube gmp",
  services: {
    google_ads: {
      name: "Google Ads",
      roles: [
        role("admin", "Admin"),
        role("standard", "Standard"),
        role("read_only", "Read only", true),
        role("email_only", "Email only", true),
        role("billing", "Billing"),
      ],
      flow: "one_click",
    },
    google_ads_mcc: {
      name: "Google Ads (manager account link)",
      // Linking to a manager account gives that manager's access; there is no role to pick.
      roles: [],
      flow: "one_click",
      accountLinkFields: [{ name: "adsMccAccountId", required: true }],
    },
    google_analytics: {
      name: "Google Analytics",
      roles: [
        role("administrator", "Administrator"),
        role("editor", "Editor"),
        role("analyst", "Analyst"),
        role("viewer", "Viewer", true),
      ],
      flow: "one_click",
    },
    google_tag_manager: {
      name: "Google Tag Manager",
      // Container permissions combine; ordered from most to least powerful.
      roles: [role("publish", "Publish"), role("approve", "Approve"), role("edit", "Edit"), role("read", "Read", true)],
      multiRole: true,
      flow: "one_click",
    },
    google_search_console: {
      name: "Google Search Console",
      roles: [role("owner", "Owner"), role("full", "Full user"), role("restricted", "Restricted user", true)],
      // The Search Console API manages sites, sitemaps and search data but has no call to add
      // a user (https://developers.google.com/webmaster-tools/v1/api_reference_index): the
      // owner adds the agency in Search Console.
      flow: "instructions",
      steps: [
        "Open Search Console and sign in with an account that owns the property.",
        "Choose the property, then go to Settings, then Users and permissions.",
        "Click Add user, enter {agencyAccount} and choose the permission requested.",
        "Click Add.",
      ],
      docs: "https://support.google.com/webmasters/answer/7687615",
    },
    google_merchant_center: {
      name: "Google Merchant Center",
      roles: [
        role("admin", "Admin"),
        role("standard", "Standard"),
        role("reporting", "Performance and insights", true),
      ],
      flow: "one_click",
    },
    google_business_profile: {
      name: "Google Business Profile",
      roles: [role("owner", "Owner"), role("manager", "Manager")],
      flow: "one_click",
    },
    google_youtube: {
      name: "YouTube Channel",
      roles: [role("manager", "Manager"), role("editor", "Editor"), role("viewer", "Viewer", true)],
      // Channel permissions can only be given from YouTube Studio by the owner.
      flow: "client_invite",
      steps: [
        "Open YouTube Studio and sign in with the channel owner's account.",
        "Go to Settings, then Permissions.",
        "Click Invite, enter {agencyAccount} and choose the access requested.",
        "Click Done, then Save.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://support.google.com/youtube/answer/9481328",
    },
    google_looker_studio: {
      name: "Looker Studio",
      roles: [role("editor", "Editor"), role("viewer", "Viewer", true)],
      // Client-side grant API: the Looker Studio API adds members to an asset
      // (POST https://datastudio.googleapis.com/v1/assets/{assetName}/permissions:addMembers,
      // https://developers.google.com/looker-studio/integrate/api/reference/permissions/addMembers),
      // but only for Google Workspace or Cloud Identity organisations that enable it; a report
      // shared from a personal account is shared by hand, so this stays manual.
      flow: "instructions",
      steps: [
        "Open the report in Looker Studio (lookerstudio.google.com) with an account that owns or can edit it.",
        "Click Share at the top right.",
        "Enter {agencyAccount}, choose the access requested (Can edit or Can view) and click Send.",
      ],
      docs: "https://support.google.com/looker-studio/answer/7660024",
      catalogRelease: 2,
    },
    google_search_ads_360: {
      name: "Search Ads 360",
      roles: [
        role("admin", "Admin"),
        role("admin_without_billing", "Admin without billing"),
        role("standard", "Standard without billing"),
        role("read_only", "Read-only without billing", true),
      ],
      flow: "client_invite",
      steps: [
        "Sign in to Search Ads 360 and open your manager or sub-manager account.",
        "In the page menu, under Tools and settings, click Setup, then Access & security.",
        "On the Users tab, click the plus button, enter {agencyAccount} and choose the access level requested.",
        "Click Send invitation.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://support.google.com/sa360/answer/12357023",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    google_ads: ["Google Ads", "Google Ads", "Google Ads"],
    google_ads_mcc: [
      "Google Ads (manager account link)",
      "Google Ads (vinculación con cuenta de administrador)",
      "Google Ads (koppeling met managersaccount)",
    ],
    google_analytics: ["Google Analytics", "Google Analytics", "Google Analytics"],
    google_tag_manager: ["Google Tag Manager", "Google Tag Manager", "Google Tag Manager"],
    google_search_console: ["Google Search Console", "Google Search Console", "Google Search Console"],
    google_merchant_center: ["Google Merchant Center", "Google Merchant Center", "Google Merchant Center"],
    google_business_profile: ["Google Business Profile", "Perfil de Empresa de Google", "Google Bedrijfsprofiel"],
    google_youtube: ["YouTube Channel", "Canal de YouTube", "YouTube-kanaal"],
    google_looker_studio: ["Looker Studio", "Looker Studio", "Looker Studio"],
    google_search_ads_360: ["Search Ads 360", "Search Ads 360", "Search Ads 360"],
  },
  steps: {
    "google_youtube.step1": [
      "Open YouTube Studio and sign in with the channel owner's account.",
      "Abre YouTube Studio e inicia sesión con la cuenta propietaria del canal.",
      "Open YouTube Studio en log in met het account van de eigenaar van het kanaal.",
    ],
    "google_youtube.step2": [
      "Go to Settings, then Permissions.",
      "Ve a Configuración y después a Permisos.",
      "Ga naar Instellingen en daarna naar Rechten.",
    ],
    "google_youtube.step3": [
      "Click Invite, enter {agencyAccount} and choose the access requested.",
      "Haz clic en Invitar, introduce {agencyAccount} y elige el acceso solicitado.",
      "Klik op Uitnodigen, vul {agencyAccount} in en kies de gevraagde toegang.",
    ],
    "google_youtube.step4": [
      "Click Done, then Save.",
      "Haz clic en Listo y después en Guardar.",
      "Klik op Klaar en daarna op Opslaan.",
    ],
    "google_youtube.step5": CONFIRM_INVITE,
    "google_search_console.step1": [
      "Open Search Console and sign in with an account that owns the property.",
      "Abre Search Console e inicia sesión con una cuenta propietaria de la propiedad.",
      "Open Search Console en log in met een account dat eigenaar is van de property.",
    ],
    "google_search_console.step2": [
      "Choose the property, then go to Settings, then Users and permissions.",
      "Elige la propiedad y ve a Configuración y después a Usuarios y permisos.",
      "Kies de property en ga naar Instellingen en daarna naar Gebruikers en rechten.",
    ],
    "google_search_console.step3": [
      "Click Add user, enter {agencyAccount} and choose the permission requested.",
      "Haz clic en Añadir usuario, introduce {agencyAccount} y elige el permiso solicitado.",
      "Klik op Gebruiker toevoegen, vul {agencyAccount} in en kies de gevraagde rechten.",
    ],
    "google_search_console.step4": ["Click Add.", "Haz clic en Añadir.", "Klik op Toevoegen."],
    "google_looker_studio.step1": [
      "Open the report in Looker Studio (lookerstudio.google.com) with an account that owns or can edit it.",
      "Abre el informe en Looker Studio (lookerstudio.google.com) con una cuenta propietaria o con permiso de edición.",
      "Open het rapport in Looker Studio (lookerstudio.google.com) met een account dat eigenaar is of het mag bewerken.",
    ],
    "google_looker_studio.step2": [
      "Click Share at the top right.",
      "Haz clic en Compartir, arriba a la derecha.",
      "Klik rechtsboven op Delen.",
    ],
    "google_looker_studio.step3": [
      "Enter {agencyAccount}, choose the access requested (Can edit or Can view) and click Send.",
      "Introduce {agencyAccount}, elige el acceso solicitado (Puede editar o Puede ver) y haz clic en Enviar.",
      "Vul {agencyAccount} in, kies de gevraagde toegang (Kan bewerken of Kan bekijken) en klik op Verzenden.",
    ],
    "google_search_ads_360.step1": [
      "Sign in to Search Ads 360 and open your manager or sub-manager account.",
      "Inicia sesión en Search Ads 360 y abre tu cuenta de administrador o subadministrador.",
      "Log in bij Search Ads 360 en open je manager- of submanageraccount.",
    ],
    "google_search_ads_360.step2": [
      "In the page menu, under Tools and settings, click Setup, then Access & security.",
      "En el menú de la página, en Tools and settings, haz clic en Setup y después en Access & security.",
      "Klik in het paginamenu onder Tools and settings op Setup en daarna op Access & security.",
    ],
    "google_search_ads_360.step3": [
      "On the Users tab, click the plus button, enter {agencyAccount} and choose the access level requested.",
      "En la pestaña Users, haz clic en el botón más, introduce {agencyAccount} y elige el nivel de acceso solicitado.",
      "Klik op het tabblad Users op de plusknop, vul {agencyAccount} in en kies het gevraagde toegangsniveau.",
    ],
    "google_search_ads_360.step4": [
      "Click Send invitation.",
      "Haz clic en Send invitation.",
      "Klik op Send invitation.",
    ],
    "google_search_ads_360.step5": CONFIRM_INVITE,
  },
  // Sign-in answers, from Using OAuth 2.0 for Web Server Applications, "Handle the OAuth 2.0 server
  //   response" and "Authorization errors" (access_denied, admin_policy_enforced,
  //   disallowed_useragent, org_internal, invalid_client, deleted_client, invalid_grant,
  //   redirect_uri_mismatch, invalid_request), https://developers.google.com/identity/protocols/oauth2/web-server
  //   and OpenID Connect prompt answers (consent_required, interaction_required, login_required),
  //   https://developers.google.com/identity/openid-connect/openid-connect#authenticationuriparameters
  oauthAnswers: {
    ...RFC6749,
    ...OIDC_PROMPT,
    admin_policy_enforced: "policy",
    org_internal: "policy",
    disallowed_useragent: "browser",
    deleted_client: "setup",
    redirect_uri_mismatch: "setup",
  },
});
