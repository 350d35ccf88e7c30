// The catalog's client-facing words in English, Spanish and Dutch: service names,
// role labels and the steps of manual services. Kept apart from the page dictionary
// because they follow the catalog (one entry per service, role label and step key)
// rather than the pages; the test checks that every catalog entry has all three.
//
// Role labels are keyed by their English label, since several services share one.
// Brand names (Google Ads, TikTok Ads...) stay as the platforms write them. Lives
// with the catalog: the access pages and the dashboard read it.

import { getCatalogService, renderInstructionStep, type ServiceId } from "@/lib/core/catalog/catalog";
import type { Locale } from "@/lib/infra/i18n/dictionary";
import { MORE_INSTRUCTION_STEPS, MORE_ROLE_LABELS, MORE_SERVICE_NAMES } from "@/lib/core/catalog/more-catalog-messages";

import type { Triple } from "@/lib/core/catalog/catalog-types";

export type { Triple };

const LOCALE_INDEX: Record<Locale, 0 | 1 | 2> = { en: 0, es: 1, nl: 2 };

export const SERVICE_NAMES: Readonly<Record<ServiceId, Triple>> = {
  meta_business_manager: ["Meta Business Manager", "Meta Business Manager", "Meta Business Manager"],
  meta_ads: ["Meta Ad Account", "Cuenta publicitaria de Meta", "Meta-advertentieaccount"],
  meta_page: ["Facebook Page", "Página de Facebook", "Facebook-pagina"],
  meta_instagram: ["Instagram Account", "Cuenta de Instagram", "Instagram-account"],
  meta_catalog: ["Meta Catalog", "Catálogo de Meta", "Meta-catalogus"],
  meta_pixel: ["Meta Pixel", "Píxel de Meta", "Meta-pixel"],
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
  tiktok_ads: ["TikTok Ads", "TikTok Ads", "TikTok Ads"],
  tiktok_business_center: ["TikTok Business Center", "TikTok Business Center", "TikTok Business Center"],
  linkedin_ads: ["LinkedIn Ads", "LinkedIn Ads", "LinkedIn Ads"],
  linkedin_page: ["LinkedIn Page", "Página de LinkedIn", "LinkedIn-pagina"],
  microsoft_ads: ["Microsoft Advertising", "Microsoft Advertising", "Microsoft Advertising"],
  pinterest_ads: ["Pinterest Ads", "Pinterest Ads", "Pinterest Ads"],
  snapchat_ads: ["Snapchat Ads", "Snapchat Ads", "Snapchat Ads"],
  x_ads: ["X Ads", "X Ads", "X Ads"],
  shopify_store: ["Shopify Store", "Tienda de Shopify", "Shopify-winkel"],
  klaviyo_account: ["Klaviyo Account", "Cuenta de Klaviyo", "Klaviyo-account"],
  hubspot_portal: ["HubSpot Account", "Cuenta de HubSpot", "HubSpot-account"],
  wordpress_site: ["WordPress Site", "Sitio de WordPress", "WordPress-site"],
  ...MORE_SERVICE_NAMES,
};

export const ROLE_LABELS: Readonly<Record<string, Triple>> = {
  Admin: ["Admin", "Administrador", "Beheerder"],
  Employee: ["Employee", "Empleado", "Medewerker"],
  Advertiser: ["Advertiser", "Anunciante", "Adverteerder"],
  Analyst: ["Analyst", "Analista", "Analist"],
  "Full control": ["Full control", "Control total", "Volledige controle"],
  Editor: ["Editor", "Editor", "Redacteur"],
  Moderator: ["Moderator", "Moderador", "Moderator"],
  Standard: ["Standard", "Estándar", "Standaard"],
  "Read only": ["Read only", "Solo lectura", "Alleen lezen"],
  "Email only": ["Email only", "Solo correo electrónico", "Alleen e-mail"],
  Billing: ["Billing", "Facturación", "Facturering"],
  Administrator: ["Administrator", "Administrador", "Beheerder"],
  Viewer: ["Viewer", "Lector", "Kijker"],
  Publish: ["Publish", "Publicar", "Publiceren"],
  Approve: ["Approve", "Aprobar", "Goedkeuren"],
  Edit: ["Edit", "Editar", "Bewerken"],
  Read: ["Read", "Leer", "Lezen"],
  Owner: ["Owner", "Propietario", "Eigenaar"],
  "Full user": ["Full user", "Usuario completo", "Volledige gebruiker"],
  "Restricted user": ["Restricted user", "Usuario restringido", "Beperkte gebruiker"],
  "Performance and insights": ["Performance and insights", "Rendimiento y estadísticas", "Prestaties en inzichten"],
  Manager: ["Manager", "Administrador", "Beheerder"],
  Operator: ["Operator", "Operador", "Operator"],
  "Account manager": ["Account manager", "Gestor de cuenta", "Accountmanager"],
  "Campaign manager": ["Campaign manager", "Gestor de campañas", "Campagnemanager"],
  "Creative manager": ["Creative manager", "Gestor de creatividades", "Creatiemanager"],
  "Super admin": ["Super admin", "Superadministrador", "Superbeheerder"],
  "Content admin": ["Content admin", "Administrador de contenido", "Contentbeheerder"],
  "Standard user": ["Standard user", "Usuario estándar", "Standaardgebruiker"],
  Reports: ["Reports", "Informes", "Rapporten"],
  "Account administrator": ["Account administrator", "Administrador de la cuenta", "Accountbeheerder"],
  "Ad manager": ["Ad manager", "Gestor de anuncios", "Advertentiemanager"],
  "Campaign coordinator": ["Campaign coordinator", "Coordinador de campañas", "Campagnecoördinator"],
  "View only": ["View only", "Solo visualización", "Alleen bekijken"],
  ...MORE_ROLE_LABELS,
};

const CONFIRM_INVITE: Triple = [
  "Confirm below that you've sent the invite.",
  "Confirma abajo que has enviado la invitación.",
  "Bevestig hieronder dat je de uitnodiging hebt verstuurd.",
];

/** Keyed by the catalog's `stepKeys`; the English text equals the catalog's own step. */
export const INSTRUCTION_STEPS: Readonly<Record<string, Triple>> = {
  "meta_instagram.step1": [
    "Open Meta Business settings (business.facebook.com/settings) with the business that owns the Instagram account.",
    "Abre la configuración del negocio de Meta (business.facebook.com/settings) con el negocio propietario de la cuenta de Instagram.",
    "Open de bedrijfsinstellingen van Meta (business.facebook.com/settings) met het bedrijf dat eigenaar is van het Instagram-account.",
  ],
  "meta_instagram.step2": [
    "Go to Accounts, then Instagram accounts, and select the account.",
    "Ve a Cuentas, después a Cuentas de Instagram, y selecciona la cuenta.",
    "Ga naar Accounts, daarna naar Instagram-accounts, en selecteer het account.",
  ],
  "meta_instagram.step3": [
    "Click Assign partners, choose Business ID and enter {agencyAccount}.",
    "Haz clic en Asignar socios, elige Identificador del negocio e introduce {agencyAccount}.",
    "Klik op Partners toewijzen, kies Bedrijfs-ID en vul {agencyAccount} in.",
  ],
  "meta_instagram.step4": [
    "Choose the access requested and click Assign.",
    "Elige el acceso solicitado y haz clic en Asignar.",
    "Kies de gevraagde toegang en klik op Toewijzen.",
  ],
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
  "snapchat_ads.step1": [
    "Open Snapchat Business Manager (business.snapchat.com) with an account that is an admin of the organization that owns the ad account.",
    "Abre Snapchat Business Manager (business.snapchat.com) con una cuenta administradora de la organización propietaria de la cuenta publicitaria.",
    "Open Snapchat Business Manager (business.snapchat.com) met een account dat beheerder is van de organisatie die eigenaar is van het advertentieaccount.",
  ],
  "snapchat_ads.step2": [
    "Go to Members and click Invite Members.",
    "Ve a Miembros y haz clic en Invitar miembros.",
    "Ga naar Leden en klik op Leden uitnodigen.",
  ],
  "snapchat_ads.step3": [
    "Enter {agencyAccount}, choose the ad account and give it the role requested.",
    "Introduce {agencyAccount}, elige la cuenta publicitaria y asígnale el rol solicitado.",
    "Vul {agencyAccount} in, kies het advertentieaccount en geef de gevraagde rol.",
  ],
  "snapchat_ads.step4": [
    "Click Send Invite. The agency accepts the invitation, and then has access.",
    "Haz clic en Enviar invitación. La agencia acepta la invitación y entonces tiene acceso.",
    "Klik op Uitnodiging versturen. Het bureau accepteert de uitnodiging en heeft dan toegang.",
  ],
  "x_ads.step1": [
    "Sign in to ads.x.com with the account that owns the ads account.",
    "Inicia sesión en ads.x.com con la cuenta propietaria de la cuenta publicitaria.",
    "Log in op ads.x.com met het account dat eigenaar is van het advertentieaccount.",
  ],
  "x_ads.step2": [
    "Open the account menu and choose Edit access to account.",
    "Abre el menú de la cuenta y elige Editar acceso a la cuenta.",
    "Open het accountmenu en kies Toegang tot account bewerken.",
  ],
  "x_ads.step3": [
    "Click Add access, enter {agencyAccount} and choose the access requested.",
    "Haz clic en Añadir acceso, introduce {agencyAccount} y elige el acceso solicitado.",
    "Klik op Toegang toevoegen, vul {agencyAccount} in en kies de gevraagde toegang.",
  ],
  "x_ads.step4": ["Click Save changes.", "Haz clic en Guardar cambios.", "Klik op Wijzigingen opslaan."],
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
  "klaviyo_account.step1": [
    "Sign in to Klaviyo and open Settings from your account menu.",
    "Inicia sesión en Klaviyo y abre Configuración desde el menú de tu cuenta.",
    "Log in bij Klaviyo en open Instellingen via je accountmenu.",
  ],
  "klaviyo_account.step2": [
    "Go to the Users tab and click Add new user.",
    "Ve a la pestaña Usuarios y haz clic en Añadir nuevo usuario.",
    "Ga naar het tabblad Gebruikers en klik op Nieuwe gebruiker toevoegen.",
  ],
  "klaviyo_account.step3": [
    "Enter {agencyAccount}, choose the role requested and click Add user.",
    "Introduce {agencyAccount}, elige el rol solicitado y haz clic en Añadir usuario.",
    "Vul {agencyAccount} in, kies de gevraagde rol en klik op Gebruiker toevoegen.",
  ],
  "klaviyo_account.step4": CONFIRM_INVITE,
  "hubspot_portal.step1": [
    "Sign in to HubSpot and click the settings icon.",
    "Inicia sesión en HubSpot y haz clic en el icono de configuración.",
    "Log in bij HubSpot en klik op het instellingenpictogram.",
  ],
  "hubspot_portal.step2": [
    "Go to Users & Teams and click Create user.",
    "Ve a Usuarios y equipos y haz clic en Crear usuario.",
    "Ga naar Gebruikers en teams en klik op Gebruiker aanmaken.",
  ],
  "hubspot_portal.step3": [
    "Enter {agencyAccount}, choose the access requested and send the invite.",
    "Introduce {agencyAccount}, elige el acceso solicitado y envía la invitación.",
    "Vul {agencyAccount} in, kies de gevraagde toegang en verstuur de uitnodiging.",
  ],
  "hubspot_portal.step4": CONFIRM_INVITE,
  "wordpress_site.step1": [
    "Sign in to your WordPress dashboard as an administrator.",
    "Inicia sesión en el escritorio de WordPress como administrador.",
    "Log in op je WordPress-dashboard als beheerder.",
  ],
  "wordpress_site.step2": [
    "Go to Users, then Add New User.",
    "Ve a Usuarios y después a Añadir nuevo usuario.",
    "Ga naar Gebruikers en daarna naar Nieuwe gebruiker toevoegen.",
  ],
  "wordpress_site.step3": [
    "Use {agencyAccount} as both username and email, and set the role to Administrator.",
    "Usa {agencyAccount} como nombre de usuario y como correo electrónico, y asigna el rol Administrador.",
    "Gebruik {agencyAccount} als gebruikersnaam en als e-mailadres, en stel de rol in op Beheerder.",
  ],
  "wordpress_site.step4": [
    "Click Add New User.",
    "Haz clic en Añadir nuevo usuario.",
    "Klik op Nieuwe gebruiker toevoegen.",
  ],
  ...MORE_INSTRUCTION_STEPS,
};

function pick(triple: Triple | undefined, locale: Locale): string | undefined {
  return triple?.[LOCALE_INDEX[locale] ?? 0];
}

/** The service's name in the locale; unknown ids come back as given. */
export function serviceName(locale: Locale, serviceId: string): string {
  return (
    pick((SERVICE_NAMES as Record<string, Triple>)[serviceId], locale) ??
    getCatalogService(serviceId)?.name ??
    serviceId
  );
}

/**
 * The requested role in words: one label, or several joined for a multi-role
 * bracketed list such as `[publish,approve]`. Null for role-less services.
 */
export function roleLabel(locale: Locale, serviceId: string, accessLevel: string | null): string | null {
  if (accessLevel === null) return null;
  const service = getCatalogService(serviceId);
  const trimmed = accessLevel.trim();
  const values =
    trimmed.startsWith("[") && trimmed.endsWith("]")
      ? trimmed
          .slice(1, -1)
          .split(",")
          .map((v) => v.trim())
      : [trimmed];
  return values
    .filter((v) => v.length > 0)
    .map((value) => {
      const english = service?.roles.find((r) => r.value === value)?.label ?? value;
      return pick(ROLE_LABELS[english], locale) ?? english;
    })
    .join(", ");
}

/** The manual steps of a service in the locale, with the agency's account filled in. */
export function instructionSteps(locale: Locale, serviceId: string, agencyAccount: string): string[] {
  const service = getCatalogService(serviceId);
  if (!service) return [];
  return service.stepKeys.map((key, i) =>
    renderInstructionStep(pick(INSTRUCTION_STEPS[key], locale) ?? service.instructions[i]!, agencyAccount),
  );
}
