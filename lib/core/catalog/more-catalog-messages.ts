// The client-facing words of the larger catalog's services (lib/core/catalog/more-services.ts)
// in English, Spanish and Dutch: names, role labels as each platform writes them, and the
// manual steps. Merged into catalog-messages.ts; its test checks every entry has all three.
// Button and menu names follow the platforms' own Spanish and Dutch interfaces where they
// have one, and stay in English where the platform is English-only (Search Ads 360 menus,
// Cookiebot, ProfitMetrics, Channable).

import type { MoreServiceId } from "@/lib/core/catalog/more-services";
import type { Triple } from "@/lib/core/catalog/catalog-types";

const CONFIRM_INVITE: Triple = [
  "Confirm below that you've sent the invite.",
  "Confirma abajo que has enviado la invitación.",
  "Bevestig hieronder dat je de uitnodiging hebt verstuurd.",
];

export const MORE_SERVICE_NAMES: Readonly<Record<MoreServiceId, Triple>> = {
  google_looker_studio: ["Looker Studio", "Looker Studio", "Looker Studio"],
  google_search_ads_360: ["Search Ads 360", "Search Ads 360", "Search Ads 360"],
  snapchat_business_manager: ["Snapchat Business Manager", "Snapchat Business Manager", "Snapchat Business Manager"],
  amazon_ads: ["Amazon Ads Account", "Cuenta de Amazon Ads", "Amazon Ads-account"],
  apple_search_ads: ["Apple Search Ads", "Apple Search Ads", "Apple Search Ads"],
  reddit_ads: ["Reddit Ads", "Reddit Ads", "Reddit Ads"],
  clarity_project: ["Microsoft Clarity Project", "Proyecto de Microsoft Clarity", "Microsoft Clarity-project"],
  bing_webmaster_tools: ["Bing Webmaster Tools Site", "Sitio en Bing Webmaster Tools", "Site in Bing Webmaster Tools"],
  hotjar_organization: ["Hotjar Organization", "Organización de Hotjar", "Hotjar-organisatie"],
  semrush_project: ["Semrush Project", "Proyecto de Semrush", "Semrush-project"],
  cookiebot_account: ["Cookiebot Account", "Cuenta de Cookiebot", "Cookiebot-account"],
  profitmetrics_account: ["ProfitMetrics Account", "Cuenta de ProfitMetrics", "ProfitMetrics-account"],
  channable_company: ["Channable Company", "Empresa en Channable", "Channable-bedrijf"],
  lightspeed_store: ["Lightspeed eCom Store", "Tienda de Lightspeed eCom", "Lightspeed eCom-winkel"],
  mailchimp_account: ["Mailchimp Account", "Cuenta de Mailchimp", "Mailchimp-account"],
  activecampaign_account: ["ActiveCampaign Account", "Cuenta de ActiveCampaign", "ActiveCampaign-account"],
  wix_site: ["Wix Site", "Sitio de Wix", "Wix-site"],
  webflow_site: ["Webflow Site", "Sitio de Webflow", "Webflow-site"],
  squarespace_site: ["Squarespace Site", "Sitio de Squarespace", "Squarespace-site"],
};

export const MORE_ROLE_LABELS: Readonly<Record<string, Triple>> = {
  "Admin without billing": ["Admin without billing", "Administrador sin facturación", "Beheerder zonder facturering"],
  "Standard without billing": ["Standard without billing", "Estándar sin facturación", "Standaard zonder facturering"],
  "Read-only without billing": [
    "Read-only without billing",
    "Solo lectura sin facturación",
    "Alleen lezen zonder facturering",
  ],
  "Organization admin": ["Organization admin", "Administrador de la organización", "Organisatiebeheerder"],
  Member: ["Member", "Miembro", "Lid"],
  "Account Admin": ["Account Admin", "Administrador de la cuenta", "Accountbeheerder"],
  "API Account Manager": ["API Account Manager", "Gestor de cuenta por API", "API-accountmanager"],
  "Account Read Only": ["Account Read Only", "Cuenta solo lectura", "Account alleen lezen"],
  "Team member": ["Team member", "Miembro del equipo", "Teamlid"],
  "Read/Write": ["Read/Write", "Lectura y escritura", "Lezen en schrijven"],
  "Read Only": ["Read Only", "Solo lectura", "Alleen lezen"],
  "Read & Write": ["Read & Write", "Lectura y escritura", "Lezen en schrijven"],
  Collaborator: ["Collaborator", "Colaborador", "Samenwerker"],
  "Read-only": ["Read-only", "Solo lectura", "Alleen lezen"],
  Author: ["Author", "Autor", "Auteur"],
  "Admin (Co-Owner)": ["Admin (Co-Owner)", "Administrador (copropietario)", "Beheerder (mede-eigenaar)"],
  "Website Manager": ["Website Manager", "Gestor del sitio web", "Websitebeheerder"],
  "Marketing Manager": ["Marketing Manager", "Gestor de marketing", "Marketingmanager"],
  "Site manager": ["Site manager", "Gestor del sitio", "Sitebeheerder"],
  Designer: ["Designer", "Diseñador", "Ontwerper"],
  Marketer: ["Marketer", "Especialista en marketing", "Marketeer"],
  "Content editor": ["Content editor", "Editor de contenido", "Contentredacteur"],
  Reviewer: ["Reviewer", "Revisor", "Beoordelaar"],
  "Website editor": ["Website editor", "Editor del sitio web", "Websiteredacteur"],
  "Store manager": ["Store manager", "Gestor de la tienda", "Winkelbeheerder"],
  Analytics: ["Analytics", "Analíticas", "Analyse"],
};

/** Keyed by the catalog's step keys; the English text equals the catalog's own step. */
export const MORE_INSTRUCTION_STEPS: Readonly<Record<string, Triple>> = {
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
  "google_search_ads_360.step4": ["Click Send invitation.", "Haz clic en Send invitation.", "Klik op Send invitation."],
  "google_search_ads_360.step5": CONFIRM_INVITE,
  "snapchat_business_manager.step1": [
    "Open Snapchat Business Manager (business.snapchat.com) with an admin of your organization.",
    "Abre Snapchat Business Manager (business.snapchat.com) con un administrador de tu organización.",
    "Open Snapchat Business Manager (business.snapchat.com) met een beheerder van je organisatie.",
  ],
  "snapchat_business_manager.step2": [
    "Open the menu, go to Members and click Invite Members.",
    "Abre el menú, ve a Miembros y haz clic en Invitar miembros.",
    "Open het menu, ga naar Leden en klik op Leden uitnodigen.",
  ],
  "snapchat_business_manager.step3": [
    "Enter {agencyAccount} and choose the organization role requested.",
    "Introduce {agencyAccount} y elige el rol de organización solicitado.",
    "Vul {agencyAccount} in en kies de gevraagde organisatierol.",
  ],
  "snapchat_business_manager.step4": [
    "Click Send Invite.",
    "Haz clic en Enviar invitación.",
    "Klik op Uitnodiging versturen.",
  ],
  "snapchat_business_manager.step5": CONFIRM_INVITE,
  "amazon_ads.step1": [
    "Sign in to the Amazon Ads console (advertising.amazon.com) as an admin of the account.",
    "Inicia sesión en la consola de Amazon Ads (advertising.amazon.com) como administrador de la cuenta.",
    "Log in op de Amazon Ads-console (advertising.amazon.com) als beheerder van het account.",
  ],
  "amazon_ads.step2": [
    "Open the Administration menu and click Access and settings.",
    "Abre el menú Administración y haz clic en Acceso y configuración.",
    "Open het menu Beheer en klik op Toegang en instellingen.",
  ],
  "amazon_ads.step3": [
    "Click Invite user, enter {agencyAccount} and choose the access level requested.",
    "Haz clic en Invitar usuario, introduce {agencyAccount} y elige el nivel de acceso solicitado.",
    "Klik op Gebruiker uitnodigen, vul {agencyAccount} in en kies het gevraagde toegangsniveau.",
  ],
  "amazon_ads.step4": [
    "Send the invite. The agency accepts it from the email Amazon sends.",
    "Envía la invitación. La agencia la acepta desde el correo que envía Amazon.",
    "Verstuur de uitnodiging. Het bureau accepteert die via de e-mail van Amazon.",
  ],
  "amazon_ads.step5": CONFIRM_INVITE,
  "apple_search_ads.step1": [
    "Sign in to Apple Search Ads (searchads.apple.com) as an Account Admin.",
    "Inicia sesión en Apple Search Ads (searchads.apple.com) como administrador de la cuenta.",
    "Log in bij Apple Search Ads (searchads.apple.com) als accountbeheerder.",
  ],
  "apple_search_ads.step2": [
    "Click your name at the top right, open Account Settings and go to User Management.",
    "Haz clic en tu nombre arriba a la derecha, abre Configuración de la cuenta y ve a Gestión de usuarios.",
    "Klik rechtsboven op je naam, open Accountinstellingen en ga naar Gebruikersbeheer.",
  ],
  "apple_search_ads.step3": [
    "Click Invite User, enter the agency's name and {agencyAccount}, and give the role requested for the whole account.",
    "Haz clic en Invitar usuario, introduce el nombre de la agencia y {agencyAccount}, y asigna el rol solicitado para toda la cuenta.",
    "Klik op Gebruiker uitnodigen, vul de naam van het bureau en {agencyAccount} in en geef de gevraagde rol voor het hele account.",
  ],
  "apple_search_ads.step4": [
    "Send the invitation. The agency accepts it with the same Apple Account.",
    "Envía la invitación. La agencia la acepta con la misma cuenta de Apple.",
    "Verstuur de uitnodiging. Het bureau accepteert die met hetzelfde Apple-account.",
  ],
  "apple_search_ads.step5": CONFIRM_INVITE,
  "reddit_ads.step1": [
    "Sign in to Reddit Ads (ads.reddit.com) as a business admin.",
    "Inicia sesión en Reddit Ads (ads.reddit.com) como administrador del negocio.",
    "Log in bij Reddit Ads (ads.reddit.com) als beheerder van het bedrijf.",
  ],
  "reddit_ads.step2": [
    "Open Business, then Users, and select Invite new members.",
    "Abre Negocio, después Usuarios, y selecciona Invitar nuevos miembros.",
    "Open Bedrijf, daarna Gebruikers, en kies Nieuwe leden uitnodigen.",
  ],
  "reddit_ads.step3": [
    "Enter {agencyAccount}, choose the business role Member and click Next.",
    "Introduce {agencyAccount}, elige el rol de negocio Miembro y haz clic en Siguiente.",
    "Vul {agencyAccount} in, kies de bedrijfsrol Lid en klik op Volgende.",
  ],
  "reddit_ads.step4": [
    "Choose the ad account, give it the role requested and send the invite.",
    "Elige la cuenta publicitaria, asígnale el rol solicitado y envía la invitación.",
    "Kies het advertentieaccount, geef de gevraagde rol en verstuur de uitnodiging.",
  ],
  "reddit_ads.step5": CONFIRM_INVITE,
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
  "bing_webmaster_tools.step1": [
    "Sign in to Bing Webmaster Tools (bing.com/webmasters) as an administrator of the site.",
    "Inicia sesión en Bing Webmaster Tools (bing.com/webmasters) como administrador del sitio.",
    "Log in bij Bing Webmaster Tools (bing.com/webmasters) als beheerder van de site.",
  ],
  "bing_webmaster_tools.step2": [
    "Select the site and open User management.",
    "Selecciona el sitio y abre Administración de usuarios.",
    "Selecteer de site en open Gebruikersbeheer.",
  ],
  "bing_webmaster_tools.step3": [
    "Click Add user, enter {agencyAccount}, keep your site's URL and choose the role requested.",
    "Haz clic en Agregar usuario, introduce {agencyAccount}, deja la URL de tu sitio y elige el rol solicitado.",
    "Klik op Gebruiker toevoegen, vul {agencyAccount} in, laat de URL van je site staan en kies de gevraagde rol.",
  ],
  "bing_webmaster_tools.step4": ["Click Add.", "Haz clic en Agregar.", "Klik op Toevoegen."],
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
  "cookiebot_account.step1": [
    "Sign in to the Cookiebot Admin and click Manage subscription at the top.",
    "Inicia sesión en Cookiebot Admin y haz clic en Manage subscription, arriba.",
    "Log in bij Cookiebot Admin en klik bovenaan op Manage subscription.",
  ],
  "cookiebot_account.step2": [
    "Select the User Management tab and click Invite user.",
    "Selecciona la pestaña User Management y haz clic en Invite user.",
    "Kies het tabblad User Management en klik op Invite user.",
  ],
  "cookiebot_account.step3": [
    "Enter {agencyAccount} and click Send invite.",
    "Introduce {agencyAccount} y haz clic en Send invite.",
    "Vul {agencyAccount} in en klik op Send invite.",
  ],
  "cookiebot_account.step4": CONFIRM_INVITE,
  "profitmetrics_account.step1": [
    "Sign in to your ProfitMetrics business account (my.profitmetrics.io).",
    "Inicia sesión en tu cuenta de empresa de ProfitMetrics (my.profitmetrics.io).",
    "Log in op je ProfitMetrics-bedrijfsaccount (my.profitmetrics.io).",
  ],
  "profitmetrics_account.step2": [
    "Click Account, then Account Access, then New.",
    "Haz clic en Account, después en Account Access y después en New.",
    "Klik op Account, daarna op Account Access en daarna op New.",
  ],
  "profitmetrics_account.step3": [
    "Choose the agency account type and enter {agencyAccount}.",
    "Elige el tipo de cuenta de agencia e introduce {agencyAccount}.",
    "Kies het accounttype voor bureaus en vul {agencyAccount} in.",
  ],
  "profitmetrics_account.step4": [
    "Set how long the access lasts and click Save.",
    "Indica cuánto dura el acceso y haz clic en Save.",
    "Stel in hoe lang de toegang geldt en klik op Save.",
  ],
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
  "lightspeed_store.step1": [
    "Sign in to your Lightspeed eCom admin as the store owner.",
    "Inicia sesión en el panel de Lightspeed eCom como propietario de la tienda.",
    "Log in op je Lightspeed eCom-beheer als eigenaar van de winkel.",
  ],
  "lightspeed_store.step2": [
    "Go to Settings, then Staff accounts, and add a staff member.",
    "Ve a Configuración, después a Cuentas de personal, y añade un miembro del personal.",
    "Ga naar Instellingen, daarna naar Personeelsaccounts, en voeg een medewerker toe.",
  ],
  "lightspeed_store.step3": [
    "Enter {agencyAccount} and select the permissions to share.",
    "Introduce {agencyAccount} y selecciona los permisos que quieres compartir.",
    "Vul {agencyAccount} in en selecteer de machtigingen die je wilt delen.",
  ],
  "lightspeed_store.step4": ["Send the invite.", "Envía la invitación.", "Verstuur de uitnodiging."],
  "lightspeed_store.step5": CONFIRM_INVITE,
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
  "mailchimp_account.step4": ["Click Send invite.", "Haz clic en Enviar invitación.", "Klik op Uitnodiging versturen."],
  "mailchimp_account.step5": CONFIRM_INVITE,
  "activecampaign_account.step1": [
    "Sign in to ActiveCampaign as an admin, click Settings (gear icon), then Users and Groups.",
    "Inicia sesión en ActiveCampaign como administrador, haz clic en Configuración (icono de engranaje) y después en Usuarios y grupos.",
    "Log in bij ActiveCampaign als beheerder, klik op Instellingen (tandwielpictogram) en daarna op Gebruikers en groepen.",
  ],
  "activecampaign_account.step2": [
    "Click Add a new user.",
    "Haz clic en Añadir un nuevo usuario.",
    "Klik op Een nieuwe gebruiker toevoegen.",
  ],
  "activecampaign_account.step3": [
    "Enter {agencyAccount}, choose the Admin group or the group you agreed with the agency, and click Add user.",
    "Introduce {agencyAccount}, elige el grupo Admin o el grupo que acordaste con la agencia, y haz clic en Añadir usuario.",
    "Vul {agencyAccount} in, kies de groep Admin of de groep die je met het bureau hebt afgesproken, en klik op Gebruiker toevoegen.",
  ],
  "activecampaign_account.step4": CONFIRM_INVITE,
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
};
