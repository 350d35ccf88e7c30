// The client's texts of handing services to a colleague (the form on the access page,
// what the page shows of each handed service, the colleague's email and page), in the
// three client languages. Kept apart from dictionary.ts: one feature, one table.
import type { Locale } from "@/lib/infra/i18n/dictionary";
import { messageTable } from "@/lib/infra/i18n/message-table";

const EN = {
  "form.summary": () => "Someone else manages this?",
  "form.summaryAll": () => "Someone else manages these accounts?",
  "form.help": () =>
    "Send this to a colleague who has admin rights. They get a link of their own for just these accounts; what they grant counts for this request.",
  "form.services": () => "Accounts to hand over",
  "form.name": () => "Colleague's name",
  "form.email": () => "Colleague's email",
  "form.note": () => "Note (optional)",
  "form.submit": () => "Send to my colleague",
  "sent.to": (v: { name: string; email: string }) => `Sent to ${v.name} (${v.email})`,
  "sent.granted": (v: { name: string }) => `Granted by ${v.name}`,
  "sent.waiting": (v: { name: string }) => `Waiting for ${v.name}`,
  "action.takeBack": () => "I'll do it myself after all",
  "action.resend": () => "Resend the email",
  "notice.forwarded": () => "Sent. We emailed your colleague a link of their own for these accounts.",
  "notice.taken_back": () => "It's yours again: your colleague's link no longer covers it.",
  "notice.resent": () => "We emailed your colleague the link again.",
  "colleague.intro": (v: { name: string; agency: string }) =>
    `${v.name} asked you to grant ${v.agency} access to the accounts below. Only these accounts are on this link.`,
  "colleague.note": (v: { name: string }) => `Note from ${v.name}:`,
  "colleague.takenBack": (v: { name: string; services: string }) =>
    `${v.name} will do these themselves after all, so they are no longer yours to do: ${v.services}.`,
  "colleague.revokedTitle": () => "Nothing left for you to do",
  "colleague.revokedBody": (v: { name: string; services: string }) =>
    `${v.name} will do this themselves after all: ${v.services}. This link no longer covers anything, and nothing was shared through it.`,
  "email.subject": (v: { name: string; agency: string }) => `${v.name} asks you to grant ${v.agency} access`,
  "email.greeting": (v: { name: string }) => `Hi ${v.name},`,
  "email.body": (v: { name: string; agency: string; services: string }) =>
    `${v.name} asked you to grant ${v.agency} access to: ${v.services}. Open the link and sign in with the account that manages them; you never share your password.`,
  "email.note": (v: { name: string; note: string }) => `Note from ${v.name}: ${v.note}`,
  "email.cta": () => "Open the request",
  "email.reminderSubject": (v: { name: string; agency: string }) =>
    `Reminder: ${v.name} asks you to grant ${v.agency} access`,
  "email.reminderBody": (v: { name: string; agency: string; services: string }) =>
    `${v.name} is still waiting for you to grant ${v.agency} access to: ${v.services}. Open the link and sign in with the account that manages them; it takes a few minutes, and you never share your password.`,
  "summary.othersHeading": () => "Done by someone else",
  "summary.otherGranted": (v: { name: string; service: string; platform: string }) =>
    `${v.name} shared ${v.service} on ${v.platform}`,
  "summary.otherSkipped": (v: { name: string; service: string }) => `${v.name} skipped ${v.service}`,
  "decline.summary": () => "I can't do this",
  "decline.help": (v: { name: string }) => `${v.name} gets it back and can do it or ask someone else.`,
  "decline.reason": () => "Why not? (optional)",
  "decline.submit": (v: { name: string }) => `Hand it back to ${v.name}`,
  "notice.declined": (v: { name: string }) => `Done: ${v.name} has it back, and this link no longer covers it.`,
  "colleague.declined": (v: { name: string; services: string }) => `You handed these back to ${v.name}: ${v.services}.`,
  "back.title": (v: { name: string }) => `${v.name} could not do this; it's yours again.`,
  "back.reason": (v: { name: string }) => `${v.name}'s reason:`,
};

type Messages = { [K in keyof typeof EN]: (typeof EN)[K] };

const ES: Messages = {
  "form.summary": () => "¿Lo gestiona otra persona?",
  "form.summaryAll": () => "¿Otra persona gestiona estas cuentas?",
  "form.help": () =>
    "Envíaselo a un compañero con permisos de administrador. Recibirá un enlace propio solo para estas cuentas; lo que conceda cuenta para esta solicitud.",
  "form.services": () => "Cuentas que quieres pasar",
  "form.name": () => "Nombre de tu compañero",
  "form.email": () => "Correo de tu compañero",
  "form.note": () => "Nota (opcional)",
  "form.submit": () => "Enviar a mi compañero",
  "sent.to": (v: { name: string; email: string }) => `Enviado a ${v.name} (${v.email})`,
  "sent.granted": (v: { name: string }) => `Concedido por ${v.name}`,
  "sent.waiting": (v: { name: string }) => `Esperando a ${v.name}`,
  "action.takeBack": () => "Al final lo hago yo",
  "action.resend": () => "Reenviar el correo",
  "notice.forwarded": () => "Enviado. Hemos mandado a tu compañero un enlace propio para estas cuentas.",
  "notice.taken_back": () => "Vuelve a ser tuyo: el enlace de tu compañero ya no lo incluye.",
  "notice.resent": () => "Hemos vuelto a enviar el enlace a tu compañero.",
  "colleague.intro": (v: { name: string; agency: string }) =>
    `${v.name} te pide que des a ${v.agency} acceso a las cuentas de abajo. Este enlace solo incluye estas cuentas.`,
  "colleague.note": (v: { name: string }) => `Nota de ${v.name}:`,
  "colleague.takenBack": (v: { name: string; services: string }) =>
    `Al final ${v.name} se encarga de esto, así que ya no te toca a ti: ${v.services}.`,
  "colleague.revokedTitle": () => "Ya no tienes nada que hacer aquí",
  "colleague.revokedBody": (v: { name: string; services: string }) =>
    `Al final ${v.name} se encarga de esto: ${v.services}. Este enlace ya no incluye nada y no se ha compartido nada a través de él.`,
  "email.subject": (v: { name: string; agency: string }) => `${v.name} te pide que des acceso a ${v.agency}`,
  "email.greeting": (v: { name: string }) => `Hola, ${v.name}:`,
  "email.body": (v: { name: string; agency: string; services: string }) =>
    `${v.name} te pide que des a ${v.agency} acceso a: ${v.services}. Abre el enlace e inicia sesión con la cuenta que las gestiona; nunca compartes tu contraseña.`,
  "email.note": (v: { name: string; note: string }) => `Nota de ${v.name}: ${v.note}`,
  "email.cta": () => "Abrir la solicitud",
  "email.reminderSubject": (v: { name: string; agency: string }) =>
    `Recordatorio: ${v.name} te pide que des acceso a ${v.agency}`,
  "email.reminderBody": (v: { name: string; agency: string; services: string }) =>
    `${v.name} sigue esperando que des acceso a ${v.agency} a: ${v.services}. Abre el enlace e inicia sesión con la cuenta que los gestiona; son unos minutos y nunca compartes tu contraseña.`,
  "summary.othersHeading": () => "Lo que hizo otra persona",
  "summary.otherGranted": (v: { name: string; service: string; platform: string }) =>
    `${v.name} compartió ${v.service} en ${v.platform}`,
  "summary.otherSkipped": (v: { name: string; service: string }) => `${v.name} omitió ${v.service}`,
  "decline.summary": () => "No puedo hacerlo",
  "decline.help": (v: { name: string }) => `${v.name} lo recupera y puede hacerlo o pedírselo a otra persona.`,
  "decline.reason": () => "¿Por qué? (opcional)",
  "decline.submit": (v: { name: string }) => `Devolvérselo a ${v.name}`,
  "notice.declined": (v: { name: string }) => `Hecho: ${v.name} lo vuelve a tener y este enlace ya no lo incluye.`,
  "colleague.declined": (v: { name: string; services: string }) => `Le devolviste esto a ${v.name}: ${v.services}.`,
  "back.title": (v: { name: string }) => `${v.name} no ha podido hacerlo; vuelve a ser tuyo.`,
  "back.reason": (v: { name: string }) => `Motivo de ${v.name}:`,
};

const NL: Messages = {
  "form.summary": () => "Beheert iemand anders dit?",
  "form.summaryAll": () => "Beheert iemand anders deze accounts?",
  "form.help": () =>
    "Stuur dit naar een collega met beheerdersrechten. Die krijgt een eigen link voor alleen deze accounts; wat die toegang geeft, telt voor dit verzoek.",
  "form.services": () => "Accounts om over te dragen",
  "form.name": () => "Naam van je collega",
  "form.email": () => "E-mailadres van je collega",
  "form.note": () => "Notitie (optioneel)",
  "form.submit": () => "Naar mijn collega sturen",
  "sent.to": (v: { name: string; email: string }) => `Gestuurd naar ${v.name} (${v.email})`,
  "sent.granted": (v: { name: string }) => `Toegang gegeven door ${v.name}`,
  "sent.waiting": (v: { name: string }) => `Wacht op ${v.name}`,
  "action.takeBack": () => "Ik doe het toch zelf",
  "action.resend": () => "E-mail opnieuw sturen",
  "notice.forwarded": () => "Verstuurd. We hebben je collega een eigen link voor deze accounts gemaild.",
  "notice.taken_back": () => "Het is weer aan jou: de link van je collega bevat het niet meer.",
  "notice.resent": () => "We hebben je collega de link opnieuw gemaild.",
  "colleague.intro": (v: { name: string; agency: string }) =>
    `${v.name} vraagt je om ${v.agency} toegang te geven tot de accounts hieronder. Deze link bevat alleen deze accounts.`,
  "colleague.note": (v: { name: string }) => `Notitie van ${v.name}:`,
  "colleague.takenBack": (v: { name: string; services: string }) =>
    `${v.name} doet dit toch zelf, dus het is niet meer aan jou: ${v.services}.`,
  "colleague.revokedTitle": () => "Er is niets meer voor je te doen",
  "colleague.revokedBody": (v: { name: string; services: string }) =>
    `${v.name} doet dit toch zelf: ${v.services}. Deze link bevat niets meer en er is niets via gedeeld.`,
  "email.subject": (v: { name: string; agency: string }) => `${v.name} vraagt je ${v.agency} toegang te geven`,
  "email.greeting": (v: { name: string }) => `Hallo ${v.name},`,
  "email.body": (v: { name: string; agency: string; services: string }) =>
    `${v.name} vraagt je om ${v.agency} toegang te geven tot: ${v.services}. Open de link en log in met het account dat ze beheert; je deelt nooit je wachtwoord.`,
  "email.note": (v: { name: string; note: string }) => `Notitie van ${v.name}: ${v.note}`,
  "email.cta": () => "Verzoek openen",
  "email.reminderSubject": (v: { name: string; agency: string }) =>
    `Herinnering: ${v.name} vraagt je ${v.agency} toegang te geven`,
  "email.reminderBody": (v: { name: string; agency: string; services: string }) =>
    `${v.name} wacht nog steeds tot je ${v.agency} toegang geeft tot: ${v.services}. Open de link en log in met het account dat ze beheert; het duurt een paar minuten en je deelt nooit je wachtwoord.`,
  "summary.othersHeading": () => "Gedaan door iemand anders",
  "summary.otherGranted": (v: { name: string; service: string; platform: string }) =>
    `${v.name} heeft ${v.service} op ${v.platform} gedeeld`,
  "summary.otherSkipped": (v: { name: string; service: string }) => `${v.name} heeft ${v.service} overgeslagen`,
  "decline.summary": () => "Ik kan dit niet",
  "decline.help": (v: { name: string }) => `${v.name} krijgt het terug en kan het zelf doen of iemand anders vragen.`,
  "decline.reason": () => "Waarom niet? (optioneel)",
  "decline.submit": (v: { name: string }) => `Teruggeven aan ${v.name}`,
  "notice.declined": (v: { name: string }) => `Gedaan: ${v.name} heeft het terug en deze link bevat het niet meer.`,
  "colleague.declined": (v: { name: string; services: string }) =>
    `Je hebt dit teruggegeven aan ${v.name}: ${v.services}.`,
  "back.title": (v: { name: string }) => `${v.name} kon dit niet doen; het is weer aan jou.`,
  "back.reason": (v: { name: string }) => `Reden van ${v.name}:`,
};

const TABLES: Record<Locale, Messages> = { en: EN, es: ES, nl: NL };

export type ForwardMessageKey = keyof Messages;

export const forwardText = messageTable(TABLES);
