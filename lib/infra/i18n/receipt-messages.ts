// Removal receipts in the three client languages: the email, the receipt page and the page
// that checks a verification code. Kept apart from dictionary.ts: one feature, one table.
import type { Locale } from "@/lib/infra/i18n/dictionary";
import { messageTable } from "@/lib/infra/i18n/message-table";

const EN = {
  "email.subject": (v: { agency: string }) => `Receipt: ${v.agency}'s access was removed`,
  "email.greeting": (v: { name: string }) => `Hello ${v.name},`,
  "email.body": (v: { agency: string; confirmed: number; unconfirmable: number; failed: number }) =>
    `${v.agency}'s access was removed. Confirmed by the platform: ${v.confirmed}. Removed but not confirmable: ${v.unconfirmable}. Not removed: ${v.failed}. The receipt lists each asset.`,
  "email.code": (v: { code: string }) => `Verification code: ${v.code}`,
  "email.cta": () => "Open the receipt",
  "email.fallback": (v: { url: string }) => `If the button does not work, open this address: ${v.url}`,
  "page.title": () => "Removal receipt",
  "page.intro": (v: { agency: string }) =>
    `What happened when ${v.agency}'s access was removed, read again on each platform afterwards.`,
  "page.date": () => "Date",
  "page.agency": () => "Agency",
  "page.removedBy": () => "Removed by",
  "page.removedBy.client": () => "You (or your colleague), with your sign-in or from your access page",
  "page.removedBy.agency": (v: { agency: string }) => `${v.agency}'s team`,
  "page.code": () => "Verification code",
  "page.codeHelp": (v: { url: string }) => `Anyone can check this receipt by entering the code at ${v.url}`,
  "page.print": () => "Print or save as PDF",
  "outcome.confirmed": () => "Removed, confirmed by the platform",
  "outcome.unconfirmable": () => "Removed, not confirmable",
  "outcome.failed": () => "Not removed",
  "reason.no_read": (v: { platform: string }) => `${v.platform} offers no way to read access back.`,
  "reason.no_token": (v: { platform: string }) =>
    `${v.platform} could not be read again: there was no sign-in to read it with.`,
  "reason.read_failed": (v: { platform: string }) => `${v.platform} could not be read again just now.`,
  "reason.still_listed": (v: { platform: string }) => `${v.platform} still lists the agency after the removal.`,
  "manual.step": (v: { platform: string; account: string }) =>
    `To finish by hand: in ${v.platform}, open the asset's users or partners and remove ${v.account}.`,
  "verify.title": () => "Check a removal receipt",
  "verify.intro": () => "Enter the verification code printed on the receipt.",
  "verify.label": () => "Verification code",
  "verify.submit": () => "Check",
  "verify.invalid": () => "The verification code has 20 letters and digits, for example K7QF-2M9X-ABCD-EFGH-0123.",
  "verify.unknown": () => "No receipt has this verification code on this installation.",
  "verify.valid": (v: { agency: string }) => `Valid receipt, issued on this installation for ${v.agency}.`,
};

type Messages = { [K in keyof typeof EN]: (typeof EN)[K] };

const ES: Messages = {
  "email.subject": (v) => `Justificante: se retiró el acceso de ${v.agency}`,
  "email.greeting": (v) => `Hola ${v.name}:`,
  "email.body": (v) =>
    `Se retiró el acceso de ${v.agency}. Confirmado por la plataforma: ${v.confirmed}. Retirado pero sin confirmar: ${v.unconfirmable}. No retirado: ${v.failed}. El justificante detalla cada activo.`,
  "email.code": (v) => `Código de verificación: ${v.code}`,
  "email.cta": () => "Abrir el justificante",
  "email.fallback": (v) => `Si el botón no funciona, abre esta dirección: ${v.url}`,
  "page.title": () => "Justificante de retirada",
  "page.intro": (v) =>
    `Lo que ocurrió al retirar el acceso de ${v.agency}, comprobado de nuevo en cada plataforma después.`,
  "page.date": () => "Fecha",
  "page.agency": () => "Agencia",
  "page.removedBy": () => "Retirado por",
  "page.removedBy.client": () => "Tú (o tu colega), con tu inicio de sesión o desde tu página de accesos",
  "page.removedBy.agency": (v) => `El equipo de ${v.agency}`,
  "page.code": () => "Código de verificación",
  "page.codeHelp": (v) => `Cualquiera puede comprobar este justificante introduciendo el código en ${v.url}`,
  "page.print": () => "Imprimir o guardar como PDF",
  "outcome.confirmed": () => "Retirado, confirmado por la plataforma",
  "outcome.unconfirmable": () => "Retirado, sin confirmar",
  "outcome.failed": () => "No retirado",
  "reason.no_read": (v) => `${v.platform} no ofrece ninguna forma de volver a leer el acceso.`,
  "reason.no_token": (v) => `No se pudo volver a leer ${v.platform}: no había un inicio de sesión con el que leerlo.`,
  "reason.read_failed": (v) => `No se pudo volver a leer ${v.platform} en este momento.`,
  "reason.still_listed": (v) => `${v.platform} sigue mostrando a la agencia después de la retirada.`,
  "manual.step": (v) =>
    `Para terminar a mano: en ${v.platform}, abre los usuarios o socios del activo y quita a ${v.account}.`,
  "verify.title": () => "Comprobar un justificante de retirada",
  "verify.intro": () => "Introduce el código de verificación impreso en el justificante.",
  "verify.label": () => "Código de verificación",
  "verify.submit": () => "Comprobar",
  "verify.invalid": () => "El código de verificación tiene 20 letras y cifras, por ejemplo K7QF-2M9X-ABCD-EFGH-0123.",
  "verify.unknown": () => "Ningún justificante tiene este código de verificación en esta instalación.",
  "verify.valid": (v) => `Justificante válido, emitido en esta instalación para ${v.agency}.`,
};

const NL: Messages = {
  "email.subject": (v) => `Bewijs: de toegang van ${v.agency} is ingetrokken`,
  "email.greeting": (v) => `Hallo ${v.name},`,
  "email.body": (v) =>
    `De toegang van ${v.agency} is ingetrokken. Bevestigd door het platform: ${v.confirmed}. Ingetrokken maar niet te bevestigen: ${v.unconfirmable}. Niet ingetrokken: ${v.failed}. Het bewijs noemt elk onderdeel.`,
  "email.code": (v) => `Verificatiecode: ${v.code}`,
  "email.cta": () => "Het bewijs openen",
  "email.fallback": (v) => `Werkt de knop niet? Open dan dit adres: ${v.url}`,
  "page.title": () => "Bewijs van intrekking",
  "page.intro": (v) =>
    `Wat er gebeurde toen de toegang van ${v.agency} werd ingetrokken, daarna op elk platform opnieuw gelezen.`,
  "page.date": () => "Datum",
  "page.agency": () => "Bureau",
  "page.removedBy": () => "Ingetrokken door",
  "page.removedBy.client": () => "Jij (of je collega), met je eigen inlog of vanaf je toegangspagina",
  "page.removedBy.agency": (v) => `Het team van ${v.agency}`,
  "page.code": () => "Verificatiecode",
  "page.codeHelp": (v) => `Iedereen kan dit bewijs controleren door de code in te voeren op ${v.url}`,
  "page.print": () => "Afdrukken of als pdf opslaan",
  "outcome.confirmed": () => "Ingetrokken, bevestigd door het platform",
  "outcome.unconfirmable": () => "Ingetrokken, niet te bevestigen",
  "outcome.failed": () => "Niet ingetrokken",
  "reason.no_read": (v) => `${v.platform} biedt geen manier om toegang terug te lezen.`,
  "reason.no_token": (v) => `${v.platform} kon niet opnieuw worden gelezen: er was geen inlog om mee te lezen.`,
  "reason.read_failed": (v) => `${v.platform} kon nu niet opnieuw worden gelezen.`,
  "reason.still_listed": (v) => `${v.platform} toont het bureau nog steeds na de intrekking.`,
  "manual.step": (v) =>
    `Met de hand afmaken: open in ${v.platform} de gebruikers of partners van het onderdeel en verwijder ${v.account}.`,
  "verify.title": () => "Een bewijs van intrekking controleren",
  "verify.intro": () => "Voer de verificatiecode in die op het bewijs staat.",
  "verify.label": () => "Verificatiecode",
  "verify.submit": () => "Controleren",
  "verify.invalid": () => "De verificatiecode heeft 20 letters en cijfers, bijvoorbeeld K7QF-2M9X-ABCD-EFGH-0123.",
  "verify.unknown": () => "Geen enkel bewijs heeft deze verificatiecode op deze installatie.",
  "verify.valid": (v) => `Geldig bewijs, uitgegeven op deze installatie voor ${v.agency}.`,
};

const TABLES: Record<Locale, Messages> = { en: EN, es: ES, nl: NL };

export type ReceiptMessageKey = keyof Messages;

export const receiptText = messageTable(TABLES);
