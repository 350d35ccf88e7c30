// The client's own access page (`/i/{token}/access`) in the three client languages: what the
// agency can access, each line's state at the last check, and removal. Kept apart from
// dictionary.ts: one feature, one table.
import type { Locale } from "@/lib/infra/i18n/dictionary";
import { messageTable } from "@/lib/infra/i18n/message-table";

const EN = {
  "page.title": (v: { agency: string }) => `What ${v.agency} can access`,
  "page.intro": (v: { agency: string }) =>
    `Everything you, or colleagues you handed a request to, granted ${v.agency}. You can remove any line, or everything, at any time.`,
  "page.empty": (v: { agency: string }) => `${v.agency} has no access left from what you granted.`,
  "page.print": () => "Print this list",
  "page.back": () => "Back to the request",
  "page.link": (v: { agency: string }) => `See everything ${v.agency} can access, and remove it`,
  "col.role": () => "Role",
  "col.granted": () => "Granted",
  "col.state": () => "State",
  "by.client": (v: { name: string }) => `by ${v.name}`,
  "by.colleague": (v: { name: string }) => `by ${v.name} (a colleague you handed it to)`,
  "by.agency": (v: { agency: string }) => `recorded by ${v.agency}'s team`,
  "state.active": () => "Active",
  "state.pending_acceptance": () => "Pending acceptance by the agency",
  "state.lost": () => "No longer there",
  "state.unchecked": () => "Not checked automatically",
  "state.checkedAgo": (v: { when: string }) => `checked ${v.when}`,
  "action.remove": () => "Remove",
  "action.removeLabel": (v: { asset: string }) => `Remove access to ${v.asset}`,
  "action.removeAll": () => "Remove everything",
  "action.removeAllHelp": (v: { agency: string }) =>
    `Ends ${v.agency}'s access to everything listed here. Where the platform needs your sign-in, you will be asked for it.`,
  "action.continue": (v: { platform: string }) => `Continue the removal: sign in with ${v.platform}`,
  "confirm.titleOne": () => "Remove this access?",
  "confirm.titleAll": () => "Remove everything?",
  "confirm.intro": (v: { agency: string }) =>
    `${v.agency} will lose access to what is listed below. Nothing else changes.`,
  "confirm.introAll": (v: { agency: string }) => `${v.agency} will lose access to everything listed below.`,
  "confirm.list": () => "What goes",
  "confirm.wide": (v: { platform: string }) =>
    `${v.platform} removes the agency from the whole site at once: this also ends the other access granted on that site, listed here, not only the line you chose.`,
  "confirm.agency": () => "It takes effect at once, and you get a receipt.",
  "confirm.link": (v: { platform: string }) => `To finish, you will sign in with ${v.platform}.`,
  "confirm.site": () => "To finish, you will approve the removal on your site.",
  "confirm.manual": (v: { platform: string; agency: string }) =>
    `${v.platform} cannot remove it for you: you will see how to remove it by hand, and ${v.agency} is told.`,
  "confirm.yes": () => "Yes, remove",
  "confirm.yesAll": () => "Yes, remove everything",
  "confirm.cancel": () => "Cancel",
  "result.removed": (v: { count: number }) =>
    v.count === 1 ? "1 access was removed." : `${v.count} accesses were removed.`,
  "result.failed": (v: { count: number }) =>
    v.count === 1 ? "1 access could not be removed." : `${v.count} accesses could not be removed.`,
  "result.signIn": () => "Some platforms need your own sign-in to remove the agency. Continue below.",
  "result.manual": (v: { agency: string }) =>
    `Some platforms cannot remove access for you. Remove ${v.agency} from the asset's users or partners in the platform's settings; ${v.agency} was told.`,
  "result.invalid": () => "Choose a line to remove.",
  "result.receipt": () => "See the removal receipt",
  "manual.help": (v: { platform: string; account: string }) =>
    `Remove by hand: in ${v.platform}, open the asset's users or partners and remove ${v.account}.`,
  "email.subject": (v: { agency: string }) => `You granted ${v.agency} access: here is what it can reach`,
  "email.greeting": (v: { name: string }) => `Hello ${v.name},`,
  "email.body": (v: { agency: string }) =>
    `Thank you: your access request from ${v.agency} is complete. You can see everything ${v.agency} can access, print it, and remove any of it at any time from this page.`,
  "email.cta": () => "See what the agency can access",
  "email.fallback": (v: { url: string }) => `If the button does not work, open this link: ${v.url}`,
  "email.footer": (v: { agency: string }) => `Sent on behalf of ${v.agency}. Keep this email: the link is yours.`,
};

type Messages = { [K in keyof typeof EN]: (typeof EN)[K] };

const ES: Messages = {
  "page.title": (v) => `A qué tiene acceso ${v.agency}`,
  "page.intro": (v) =>
    `Todo lo que tú, o los colegas a quienes pasaste una solicitud, concedisteis a ${v.agency}. Puedes retirar cualquier línea, o todo, cuando quieras.`,
  "page.empty": (v) => `${v.agency} ya no tiene ningún acceso de lo que concediste.`,
  "page.print": () => "Imprimir esta lista",
  "page.back": () => "Volver a la solicitud",
  "page.link": (v) => `Ver todo a lo que ${v.agency} tiene acceso, y retirarlo`,
  "col.role": () => "Rol",
  "col.granted": () => "Concedido",
  "col.state": () => "Estado",
  "by.client": (v) => `por ${v.name}`,
  "by.colleague": (v) => `por ${v.name} (un colega a quien se lo pasaste)`,
  "by.agency": (v) => `registrado por el equipo de ${v.agency}`,
  "state.active": () => "Activo",
  "state.pending_acceptance": () => "Pendiente de que la agencia lo acepte",
  "state.lost": () => "Ya no existe",
  "state.unchecked": () => "Sin comprobación automática",
  "state.checkedAgo": (v) => `comprobado ${v.when}`,
  "action.remove": () => "Retirar",
  "action.removeLabel": (v) => `Retirar el acceso a ${v.asset}`,
  "action.removeAll": () => "Retirarlo todo",
  "action.removeAllHelp": (v) =>
    `Termina el acceso de ${v.agency} a todo lo que aparece aquí. Si la plataforma necesita que inicies sesión, te lo pediremos.`,
  "action.continue": (v) => `Continuar la retirada: iniciar sesión con ${v.platform}`,
  "confirm.titleOne": () => "¿Retirar este acceso?",
  "confirm.titleAll": () => "¿Retirarlo todo?",
  "confirm.intro": (v) => `${v.agency} perderá el acceso a lo que aparece abajo. Nada más cambia.`,
  "confirm.introAll": (v) => `${v.agency} perderá el acceso a todo lo que aparece abajo.`,
  "confirm.list": () => "Lo que se retira",
  "confirm.wide": (v) =>
    `${v.platform} retira a la agencia de todo el sitio de una vez: esto termina también los demás accesos concedidos en ese sitio, que aparecen aquí, no solo la línea que elegiste.`,
  "confirm.agency": () => "Se aplica al momento y recibirás un justificante.",
  "confirm.link": (v) => `Para terminar, iniciarás sesión con ${v.platform}.`,
  "confirm.site": () => "Para terminar, aprobarás la retirada en tu sitio.",
  "confirm.manual": (v) =>
    `${v.platform} no puede retirarlo por ti: verás cómo hacerlo a mano, y ${v.agency} quedará avisada.`,
  "confirm.yes": () => "Sí, retirar",
  "confirm.yesAll": () => "Sí, retirarlo todo",
  "confirm.cancel": () => "Cancelar",
  "result.removed": (v) => (v.count === 1 ? "Se retiró 1 acceso." : `Se retiraron ${v.count} accesos.`),
  "result.failed": (v) =>
    v.count === 1 ? "No se pudo retirar 1 acceso." : `No se pudieron retirar ${v.count} accesos.`,
  "result.signIn": () =>
    "Algunas plataformas necesitan que inicies sesión para retirar a la agencia. Continúa más abajo.",
  "result.manual": (v) =>
    `Algunas plataformas no pueden retirar el acceso por ti. Quita a ${v.agency} de los usuarios o socios del activo en la configuración de la plataforma; ${v.agency} ya está avisada.`,
  "result.invalid": () => "Elige una línea para retirar.",
  "result.receipt": () => "Ver el justificante de retirada",
  "manual.help": (v) =>
    `Retíralo a mano: en ${v.platform}, abre los usuarios o socios del activo y quita a ${v.account}.`,
  "email.subject": (v) => `Diste acceso a ${v.agency}: esto es lo que puede ver`,
  "email.greeting": (v) => `Hola, ${v.name}:`,
  "email.body": (v) =>
    `Gracias: la solicitud de acceso de ${v.agency} está completa. En esta página puedes ver todo a lo que ${v.agency} tiene acceso, imprimirlo y retirar cualquier parte cuando quieras.`,
  "email.cta": () => "Ver a qué tiene acceso la agencia",
  "email.fallback": (v) => `Si el botón no funciona, abre este enlace: ${v.url}`,
  "email.footer": (v) => `Enviado en nombre de ${v.agency}. Guarda este correo: el enlace es tuyo.`,
};

const NL: Messages = {
  "page.title": (v) => `Waar ${v.agency} toegang toe heeft`,
  "page.intro": (v) =>
    `Alles wat jij, of collega's aan wie je een verzoek doorgaf, aan ${v.agency} hebben gegeven. Je kunt elke regel, of alles, op elk moment intrekken.`,
  "page.empty": (v) => `${v.agency} heeft geen toegang meer van wat je gaf.`,
  "page.print": () => "Deze lijst afdrukken",
  "page.back": () => "Terug naar het verzoek",
  "page.link": (v) => `Bekijk alles waar ${v.agency} toegang toe heeft, en trek het in`,
  "col.role": () => "Rol",
  "col.granted": () => "Gegeven",
  "col.state": () => "Status",
  "by.client": (v) => `door ${v.name}`,
  "by.colleague": (v) => `door ${v.name} (een collega aan wie je het doorgaf)`,
  "by.agency": (v) => `vastgelegd door het team van ${v.agency}`,
  "state.active": () => "Actief",
  "state.pending_acceptance": () => "Wacht op acceptatie door het bureau",
  "state.lost": () => "Niet meer aanwezig",
  "state.unchecked": () => "Niet automatisch gecontroleerd",
  "state.checkedAgo": (v) => `gecontroleerd ${v.when}`,
  "action.remove": () => "Intrekken",
  "action.removeLabel": (v) => `Toegang tot ${v.asset} intrekken`,
  "action.removeAll": () => "Alles intrekken",
  "action.removeAllHelp": (v) =>
    `Beëindigt de toegang van ${v.agency} tot alles wat hier staat. Waar het platform je inlog nodig heeft, vragen we erom.`,
  "action.continue": (v) => `Intrekken afmaken: inloggen met ${v.platform}`,
  "confirm.titleOne": () => "Deze toegang intrekken?",
  "confirm.titleAll": () => "Alles intrekken?",
  "confirm.intro": (v) => `${v.agency} verliest de toegang tot wat hieronder staat. Verder verandert er niets.`,
  "confirm.introAll": (v) => `${v.agency} verliest de toegang tot alles wat hieronder staat.`,
  "confirm.list": () => "Wat verdwijnt",
  "confirm.wide": (v) =>
    `${v.platform} verwijdert het bureau in één keer van de hele site: dit beëindigt ook de andere toegang op die site, die hier staat, niet alleen de regel die je koos.`,
  "confirm.agency": () => "Dit gebeurt meteen, en je krijgt een bewijs.",
  "confirm.link": (v) => `Om af te ronden log je in met ${v.platform}.`,
  "confirm.site": () => "Om af te ronden keur je het intrekken goed op je site.",
  "confirm.manual": (v) =>
    `${v.platform} kan het niet voor je intrekken: je ziet hoe je het met de hand doet, en ${v.agency} wordt op de hoogte gebracht.`,
  "confirm.yes": () => "Ja, intrekken",
  "confirm.yesAll": () => "Ja, alles intrekken",
  "confirm.cancel": () => "Annuleren",
  "result.removed": (v) => (v.count === 1 ? "1 toegang is ingetrokken." : `${v.count} toegangen zijn ingetrokken.`),
  "result.failed": (v) =>
    v.count === 1 ? "1 toegang kon niet worden ingetrokken." : `${v.count} toegangen konden niet worden ingetrokken.`,
  "result.signIn": () =>
    "Sommige platforms hebben je eigen inlog nodig om het bureau te verwijderen. Ga hieronder verder.",
  "result.manual": (v) =>
    `Sommige platforms kunnen de toegang niet voor je intrekken. Verwijder ${v.agency} bij de gebruikers of partners van het onderdeel in de instellingen van het platform; ${v.agency} is op de hoogte gebracht.`,
  "result.invalid": () => "Kies een regel om in te trekken.",
  "result.receipt": () => "Het bewijs van intrekking bekijken",
  "manual.help": (v) =>
    `Met de hand intrekken: open in ${v.platform} de gebruikers of partners van het onderdeel en verwijder ${v.account}.`,
  "email.subject": (v) => `Je gaf ${v.agency} toegang: dit kan het bureau bereiken`,
  "email.greeting": (v) => `Hallo ${v.name},`,
  "email.body": (v) =>
    `Bedankt: het toegangsverzoek van ${v.agency} is afgerond. Op deze pagina zie je alles waar ${v.agency} toegang toe heeft, kun je het afdrukken en kun je alles op elk moment intrekken.`,
  "email.cta": () => "Bekijk waar het bureau toegang toe heeft",
  "email.fallback": (v) => `Werkt de knop niet? Open deze link: ${v.url}`,
  "email.footer": (v) => `Verstuurd namens ${v.agency}. Bewaar deze e-mail: de link is van jou.`,
};

const TABLES: Record<Locale, Messages> = { en: EN, es: ES, nl: NL };

export type ClientAccessMessageKey = keyof Messages;

export const clientAccessText = messageTable(TABLES);
