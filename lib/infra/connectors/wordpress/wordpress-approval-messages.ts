// What the client reads about approving the agency on their WordPress site (application
// passwords), in the three client languages: the address form on the service's card, and
// why one click did not work (the steps and "I've done this" stay below it). The rest of
// the app reads it through lib/infra/connectors/site-registry.ts.
import type { Locale } from "@/lib/infra/i18n/dictionary";
import { messageTable } from "@/lib/infra/i18n/message-table";

const EN = {
  "form.heading": () => "Grant it in one click",
  "form.label": () => "Your site's address",
  "form.help": () =>
    "You approve it on your own site, signed in as an administrator. The site's password is never shared, and nothing of yours is kept once the agency's user is added.",
  "form.submit": () => "Connect my site",
  "form.orSteps": () => "Or add the user yourself:",
  "error.address": () => "Enter your site's address, like example.com or https://example.com/blog.",
  "error.notHttps": () =>
    "Your site's address starts with http://, and WordPress approves apps only over HTTPS. Follow the steps below instead.",
  "error.unreachable": () =>
    "We could not reach your site at that address. Check it, or follow the steps below and tell us when you are done.",
  "error.noRestApi": () =>
    "Your site did not let us in: a password prompt in front of it, or its REST API turned off. Follow the steps below instead.",
  "error.appPasswordsOff": () =>
    "Your site does not offer application passwords (WordPress 5.6 or later on HTTPS, not turned off by a plugin). Follow the steps below instead.",
  "error.rejected": () =>
    "You declined on your site, so nothing was shared. You can connect it again when you are ready, or follow the steps.",
  "grant.refused": (v: { detail: string }) =>
    `Your site did not let us add the agency's user. Follow the steps below instead. (${v.detail})`,
  "grant.unavailable": () =>
    "Your site stopped answering while we added the agency's user. Please try again in a few minutes.",
};

type Messages = typeof EN;

const ES: Messages = {
  "form.heading": () => "Concédelo en un clic",
  "form.label": () => "La dirección de tu sitio",
  "form.help": () =>
    "Lo apruebas en tu propio sitio, con una sesión de administrador. La contraseña del sitio nunca se comparte y no se guarda nada tuyo una vez añadido el usuario de la agencia.",
  "form.submit": () => "Conectar mi sitio",
  "form.orSteps": () => "O añade tú el usuario:",
  "error.address": () => "Escribe la dirección de tu sitio, como ejemplo.com o https://ejemplo.com/blog.",
  "error.notHttps": () =>
    "La dirección de tu sitio empieza por http://, y WordPress solo aprueba aplicaciones con HTTPS. Sigue los pasos de abajo.",
  "error.unreachable": () =>
    "No hemos podido llegar a tu sitio en esa dirección. Revísala, o sigue los pasos de abajo y avísanos cuando termines.",
  "error.noRestApi": () =>
    "Tu sitio no nos dejó entrar: pide una contraseña antes de llegar a él, o su API REST está desactivada. Sigue los pasos de abajo.",
  "error.appPasswordsOff": () =>
    "Tu sitio no ofrece contraseñas de aplicación (WordPress 5.6 o posterior con HTTPS, sin un plugin que las desactive). Sigue los pasos de abajo.",
  "error.rejected": () =>
    "Lo rechazaste en tu sitio, así que no se ha compartido nada. Puedes conectarlo de nuevo cuando quieras, o seguir los pasos.",
  "grant.refused": (v: { detail: string }) =>
    `Tu sitio no nos dejó añadir el usuario de la agencia. Sigue los pasos de abajo. (${v.detail})`,
  "grant.unavailable": () =>
    "Tu sitio dejó de responder mientras añadíamos el usuario de la agencia. Inténtalo de nuevo en unos minutos.",
};

const NL: Messages = {
  "form.heading": () => "Geef toegang met één klik",
  "form.label": () => "Het adres van je site",
  "form.help": () =>
    "Je keurt het goed op je eigen site, ingelogd als beheerder. Het wachtwoord van de site wordt nooit gedeeld en er wordt niets van jou bewaard zodra de gebruiker van het bureau is toegevoegd.",
  "form.submit": () => "Mijn site koppelen",
  "form.orSteps": () => "Of voeg de gebruiker zelf toe:",
  "error.address": () => "Vul het adres van je site in, zoals voorbeeld.nl of https://voorbeeld.nl/blog.",
  "error.notHttps": () =>
    "Het adres van je site begint met http://, en WordPress keurt apps alleen via HTTPS goed. Volg de stappen hieronder.",
  "error.unreachable": () =>
    "We konden je site op dat adres niet bereiken. Controleer het, of volg de stappen hieronder en laat ons weten wanneer je klaar bent.",
  "error.noRestApi": () =>
    "Je site liet ons niet binnen: er staat een wachtwoordvraag voor, of de REST API staat uit. Volg de stappen hieronder.",
  "error.appPasswordsOff": () =>
    "Je site biedt geen applicatiewachtwoorden (WordPress 5.6 of later via HTTPS, niet uitgezet door een plug-in). Volg de stappen hieronder.",
  "error.rejected": () =>
    "Je hebt het op je site geweigerd, dus er is niets gedeeld. Je kunt het opnieuw koppelen wanneer je wilt, of de stappen volgen.",
  "grant.refused": (v: { detail: string }) =>
    `Je site liet ons de gebruiker van het bureau niet toevoegen. Volg de stappen hieronder. (${v.detail})`,
  "grant.unavailable": () =>
    "Je site reageerde niet meer terwijl we de gebruiker van het bureau toevoegden. Probeer het over een paar minuten opnieuw.",
};

const TABLES: Record<Locale, Messages> = { en: EN, es: ES, nl: NL };

export type SiteApprovalMessageKey = keyof Messages;

export const siteApprovalText = messageTable(TABLES);
