// The client's texts of offboarding with consent (the removal link's email and page), in
// the three client languages. Kept apart from dictionary.ts: one feature, one table.
import type { Locale } from "@/lib/infra/i18n/dictionary";
import { messageTable } from "@/lib/infra/i18n/message-table";

const EN = {
  "email.subject": (v: { agency: string }) => `${v.agency} asks you to remove its access`,
  "email.body": (v: { agency: string; platform: string }) =>
    `${v.agency} no longer needs access to your ${v.platform} assets. Open the link, sign in with ${v.platform} and confirm: the access is removed for you, nothing else changes.`,
  "email.cta": () => "Review and remove access",
  "email.expires": (v: { date: string }) => `This link works once and until ${v.date}.`,
  "email.fallback": (v: { url: string }) => `If the button does not work, open this address: ${v.url}`,
  "email.greeting": (v: { name: string }) => `Hello ${v.name},`,
  "page.title": (v: { agency: string }) => `Remove ${v.agency}'s access`,
  "page.intro": (v: { agency: string; platform: string }) =>
    `${v.agency} asks you to remove its access to these ${v.platform} assets. Sign in with ${v.platform} as an admin of them, then confirm.`,
  "page.listLabel": () => "Access that will be removed",
  "page.signIn": (v: { platform: string }) => `Sign in with ${v.platform}`,
  "page.signedIn": (v: { platform: string }) =>
    `You are signed in with ${v.platform}. Confirm to remove the access listed above.`,
  "page.confirm": () => "Confirm and remove access",
  "page.done": () => "Done. Here is what happened:",
  "page.removed": () => "Removed",
  "page.notRemoved": () => "Not removed",
  "page.receipt": () => "See the removal receipt",
  "page.nothing": () => "There is nothing left to remove on this link.",
  "page.expired": () => "This link has expired or was already used. Ask the agency for a new one.",
  "page.preview": () => "Preview: this is what your client sees. Nothing is removed from here.",
  "page.error.denied": () => "You did not allow the sign-in. Nothing was removed; you can try again.",
  "page.error.generic": () => "The sign-in did not work. Nothing was removed; please try again.",
  "page.error.expired": () => "The sign-in took too long. Please sign in again.",
  "page.error.unavailable": () => "This platform is not available right now. Please try again later.",
  "page.siteIntro": (v: { agency: string; platform: string }) =>
    `${v.agency} asks you to remove its user from your ${v.platform} site. Approve on your site, signed in as an administrator: approving removes the user, and the user's posts go to you.`,
  "page.approveOnSite": () => "Approve on my site and remove access",
  "page.error.siteRejected": () => "You declined on your site, so nothing was removed. You can try again.",
  "page.error.siteUnavailable": () =>
    "Your site does not offer the approval now (application passwords off, or the site out of reach). Nothing was removed: delete the agency's user under Users in your dashboard, or try again later.",
};

type Messages = { [K in keyof typeof EN]: (typeof EN)[K] };

const ES: Messages = {
  "email.subject": (v) => `${v.agency} te pide que retires su acceso`,
  "email.body": (v) =>
    `${v.agency} ya no necesita acceso a tus activos de ${v.platform}. Abre el enlace, inicia sesión con ${v.platform} y confirma: el acceso se retira por ti, nada más cambia.`,
  "email.cta": () => "Revisar y retirar el acceso",
  "email.expires": (v) => `Este enlace funciona una vez y hasta el ${v.date}.`,
  "email.fallback": (v) => `Si el botón no funciona, abre esta dirección: ${v.url}`,
  "email.greeting": (v) => `Hola ${v.name}:`,
  "page.title": (v) => `Retirar el acceso de ${v.agency}`,
  "page.intro": (v) =>
    `${v.agency} te pide que retires su acceso a estos activos de ${v.platform}. Inicia sesión con ${v.platform} como administrador y confirma.`,
  "page.listLabel": () => "Acceso que se retirará",
  "page.signIn": (v) => `Iniciar sesión con ${v.platform}`,
  "page.signedIn": (v) => `Has iniciado sesión con ${v.platform}. Confirma para retirar el acceso indicado arriba.`,
  "page.confirm": () => "Confirmar y retirar el acceso",
  "page.done": () => "Listo. Esto es lo que ocurrió:",
  "page.removed": () => "Retirado",
  "page.notRemoved": () => "No retirado",
  "page.receipt": () => "Ver el justificante de retirada",
  "page.nothing": () => "No queda nada que retirar con este enlace.",
  "page.expired": () => "Este enlace ha caducado o ya se usó. Pide uno nuevo a la agencia.",
  "page.preview": () => "Vista previa: esto es lo que ve tu cliente. Desde aquí no se retira nada.",
  "page.error.denied": () => "No permitiste el inicio de sesión. No se retiró nada; puedes intentarlo de nuevo.",
  "page.error.generic": () => "El inicio de sesión no funcionó. No se retiró nada; inténtalo de nuevo.",
  "page.error.expired": () => "El inicio de sesión tardó demasiado. Vuelve a iniciar sesión.",
  "page.error.unavailable": () => "Esta plataforma no está disponible ahora. Inténtalo más tarde.",
  "page.siteIntro": (v) =>
    `${v.agency} te pide que retires su usuario de tu sitio de ${v.platform}. Apruébalo en tu sitio, con una sesión de administrador: al aprobar se retira el usuario y sus entradas pasan a ti.`,
  "page.approveOnSite": () => "Aprobar en mi sitio y retirar el acceso",
  "page.error.siteRejected": () => "Lo rechazaste en tu sitio, así que no se retiró nada. Puedes intentarlo de nuevo.",
  "page.error.siteUnavailable": () =>
    "Tu sitio no ofrece la aprobación ahora (contraseñas de aplicación desactivadas, o el sitio no responde). No se retiró nada: borra el usuario de la agencia en Usuarios de tu escritorio, o inténtalo más tarde.",
};

const NL: Messages = {
  "email.subject": (v) => `${v.agency} vraagt je om zijn toegang in te trekken`,
  "email.body": (v) =>
    `${v.agency} heeft geen toegang meer nodig tot je ${v.platform}-onderdelen. Open de link, log in met ${v.platform} en bevestig: de toegang wordt voor je ingetrokken, verder verandert er niets.`,
  "email.cta": () => "Bekijken en toegang intrekken",
  "email.expires": (v) => `Deze link werkt één keer en tot ${v.date}.`,
  "email.fallback": (v) => `Werkt de knop niet? Open dan dit adres: ${v.url}`,
  "email.greeting": (v) => `Hallo ${v.name},`,
  "page.title": (v) => `Toegang van ${v.agency} intrekken`,
  "page.intro": (v) =>
    `${v.agency} vraagt je om zijn toegang tot deze ${v.platform}-onderdelen in te trekken. Log in met ${v.platform} als beheerder en bevestig.`,
  "page.listLabel": () => "Toegang die wordt ingetrokken",
  "page.signIn": (v) => `Inloggen met ${v.platform}`,
  "page.signedIn": (v) =>
    `Je bent ingelogd met ${v.platform}. Bevestig om de hierboven genoemde toegang in te trekken.`,
  "page.confirm": () => "Bevestigen en toegang intrekken",
  "page.done": () => "Klaar. Dit is er gebeurd:",
  "page.removed": () => "Ingetrokken",
  "page.notRemoved": () => "Niet ingetrokken",
  "page.receipt": () => "Het bewijs van intrekking bekijken",
  "page.nothing": () => "Er valt met deze link niets meer in te trekken.",
  "page.expired": () => "Deze link is verlopen of al gebruikt. Vraag het bureau om een nieuwe.",
  "page.preview": () => "Voorbeeld: dit ziet je klant. Hier wordt niets ingetrokken.",
  "page.error.denied": () => "Je hebt het inloggen niet toegestaan. Er is niets ingetrokken; probeer het opnieuw.",
  "page.error.generic": () => "Inloggen is niet gelukt. Er is niets ingetrokken; probeer het opnieuw.",
  "page.error.expired": () => "Inloggen duurde te lang. Log opnieuw in.",
  "page.error.unavailable": () => "Dit platform is nu niet beschikbaar. Probeer het later opnieuw.",
  "page.siteIntro": (v) =>
    `${v.agency} vraagt je om zijn gebruiker van je ${v.platform}-site te verwijderen. Keur het goed op je site, ingelogd als beheerder: goedkeuren verwijdert de gebruiker, en zijn berichten gaan naar jou.`,
  "page.approveOnSite": () => "Goedkeuren op mijn site en toegang intrekken",
  "page.error.siteRejected": () =>
    "Je hebt het op je site geweigerd, dus er is niets ingetrokken. Je kunt het opnieuw proberen.",
  "page.error.siteUnavailable": () =>
    "Je site biedt de goedkeuring nu niet (applicatiewachtwoorden uit, of de site onbereikbaar). Er is niets ingetrokken: verwijder de gebruiker van het bureau onder Gebruikers in je dashboard, of probeer het later opnieuw.",
};

const TABLES: Record<Locale, Messages> = { en: EN, es: ES, nl: NL };

export type RemovalMessageKey = keyof Messages;

export const removalText = messageTable(TABLES);
