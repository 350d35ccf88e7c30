// The words of the client pages and client emails in English, Spanish and
// Dutch, and `t()` to look them up with `{name}` placeholders filled in.
//
// `en` is the source of keys; `es` and `nl` are typed against it, so a missing
// or extra key is a compile error, and `t()` checks at compile time that every
// placeholder of the message gets a value. Spanish uses "tú" and Dutch "je":
// the pages speak to one person at a client business, informally but politely.
// Values are plain text: whoever puts them into HTML escapes them (React does;
// email templates must).

export const LANGUAGES = ["English", "Spanish", "Dutch"] as const;
export type Language = (typeof LANGUAGES)[number];

export const LOCALES = ["en", "es", "nl"] as const;
export type Locale = (typeof LOCALES)[number];

const en = {
  // Client page
  "client.title": "Grant access to {agency}",
  "client.intro":
    "{agency} has asked for access to the accounts below. Grant each one here; you never share your password, and you can skip anything marked optional.",
  "client.progress": "{done} of {total} done",
  "serviceStatus.pending": "Pending",
  "serviceStatus.granted": "Granted",
  "serviceStatus.skipped": "Skipped",
  "serviceStatus.awaitingConfirmation": "Awaiting confirmation",
  "action.grant": "Grant access",
  "action.skip": "Skip",
  "action.reopen": "Reopen",
  "action.inviteSent": "I've sent the invite",
  "action.doneThis": "I've done this",
  "client.waitingForAgency":
    "You're done: nothing more is needed from you. {agency} will confirm the access you gave by hand.",
  "action.continue": "Continue",
  "action.submit": "Submit",
  "action.tryAgain": "Try again",
  "action.allow": "Allow",
  "action.deny": "Deny",
  "action.signInWith": "Sign in with {platform}",
  "service.role": "Your role for {agency}: {role}",
  "service.agencyAccount": "Agency account: {account}",
  "service.optional": "Optional",
  "service.required": "Required",
  "service.awaitingConfirmationHelp": "Thanks! {agency} will confirm as soon as the invite arrives.",
  "service.awaitingAgencyHelp":
    "Thanks! Waiting for {agency} to confirm that the access has arrived. Nothing more is needed from you for this one.",
  "assets.choose": "Choose the {platform} assets to share",
  "assets.none": "No assets found",
  "assets.noneHelp": "Sign in with the account that manages them, or ask {agency} for help.",
  "assets.needs_bc_admin":
    "You need admin rights on this Business Center to share it. Ask a colleague who is an admin to open this link.",
  "assets.needs_account_admin":
    "You need admin rights on this account to share it. Ask a colleague who is an admin to open this link.",
  "assets.needs_page_admin":
    "You need admin rights on this Page to share it. Ask a colleague who is an admin to open this link.",
  "assets.needs_org_admin":
    "Only an admin of the organization that owns this ad account can add members to it. Ask a colleague who is an admin to open this link.",
  "action.continueWith": "Continue with {platform}",
  "platform.oneSignIn": "One {platform} sign-in covers these {count} services.",
  "assets.chooseEach":
    "Choose what to share for each {platform} service. A service you choose nothing for stays pending.",
  "grant.error": "Access could not be granted: {reason}",
  "grant.genericError": "Something went wrong on our side. Please try again.",
  "grant.denied": "You cancelled the sign-in. Nothing was shared.",
  "grant.signInExpired": "Your sign-in has expired. Please try again.",
  "service.setupPending":
    "{agency} still has to finish setting this platform up before you can grant access here. You can come back to this link later; everything else can be done now.",
  "grant.signInAgain": "{platform} asks you to sign in again. Click the button once more to continue.",
  "grant.rateLimited": "{platform} is busy right now. Please try again in a few minutes.",
  "signIn.busy":
    "{platform} could not complete the sign-in right now. Nothing was shared. Please try again in a few minutes.",
  "signIn.again":
    "{platform} asks you to sign in again. Nothing was shared yet; click the button once more to continue.",
  "signIn.policy":
    "{platform} did not allow this sign-in: your organisation's settings do not allow this app. Nothing was shared. Ask your {platform} administrator, or let the agency know.",
  "signIn.browser":
    "{platform} does not allow signing in from this browser window. Nothing was shared. Open this link in your usual browser and try again.",
  "signIn.setup":
    "{platform} refused the sign-in because the agency's {platform} connection is not set up correctly. Nothing was shared. Please let the agency know.",
  "signIn.refused": "{platform} did not complete the sign-in. Nothing was shared. Please try again.",

  // Intake form
  "intake.title": "A few questions from {agency}",
  "intake.required": "This field is required",
  "intake.tooLong": "Answer is too long (max {max} characters)",
  "intake.chooseOne": "Choose one option",
  "intake.chooseAtLeastOne": "Choose at least one option",
  "intake.submitted": "Thanks, your answers have been sent.",

  // Finishing
  "thankYou.default": "Thank you! {agency} now has the access it needs.",
  "thankYou.redirecting": "You will be redirected shortly.",
  "summary.heading": "What you shared with {agency}",
  "summary.granted": "{service} on {platform}",
  "summary.skipped": "Skipped: {service}",
  "summary.refused": "Not shared on {platform}. {platform} said:",

  // Links that can no longer be used
  "final.cancelled.title": "This link has been cancelled",
  "final.cancelled.body": "This request was cancelled. If access is still needed, ask the agency for a new link.",
  "final.expired.title": "This link has expired",
  "final.expired.body": "This link can no longer be used. Ask the agency for a new link.",
  "final.completed.title": "This request is already complete",
  "final.completed.body":
    "All the access asked for has been handled, so nothing more is needed from you. If the agency needs more, this same link will ask you for it.",
  "final.notFound.title": "Link not found",
  "final.notFound.body": "Check that you opened the whole link, or ask the agency for a new one.",
  "unavailable.title": "Please try again in a moment",
  "unavailable.body": "This page is briefly unavailable. Nothing you did caused it; reload the page in a minute.",
  "preview.banner": "Preview: this is how your client sees the request. Nothing is granted and no allowance is used.",
  "preview.granted": "Preview: in a real request {service} would be granted now. Nothing was granted.",

  // Services the client grants by hand
  "manual.heading": "Follow these steps",
  "manual.step": "Step {n}",
  "manual.step.signIn": "Sign in to {platform}.",
  "manual.step.openSettings": "Open the settings for users or collaborators.",
  "manual.step.invite": "Invite {agencyAccount} with the role {role}.",
  "manual.step.inviteNoRole": "Invite {agencyAccount}.",
  "manual.step.confirm": "Come back here and confirm.",

  // Static link form
  "staticLink.title": "Request access for {agency}",
  "staticLink.intro": "Enter your details to start granting access.",
  "staticLink.name": "Name",
  "staticLink.email": "Email",
  "staticLink.company": "Company",
  "staticLink.start": "Start",
  "staticLink.unavailable": "This link is currently unavailable",
  "validation.nameRequired": "Enter your name",
  "validation.emailInvalid": "Enter a valid email address",
  "validation.tooLong": "Too long (max {max} characters)",
  "validation.invalidCharacters": "Remove the invisible or broken characters from this field",

  // Language selector
  "language.label": "Language",
  "language.English": "English",
  "language.Spanish": "Spanish",
  "language.Dutch": "Dutch",

  // Sandbox consent page
  "sandbox.title": "Sandbox: sign in with {platform}",
  "sandbox.request": "{agency} asks to manage your {platform} assets",
  "sandbox.notice": "This is a test screen; no real account is used.",

  // Client page: notices, errors and extra labels
  "client.logoAlt": "{agency} logo",
  "client.progressLabel": "Progress",
  "client.platformServices": "{platform} services",
  "service.grantedAssets": "Shared: {assets}",
  "service.agencyConfirms": "When you have done this, {agency} will confirm that access has arrived.",
  "service.opensNewWindow": "(opens in a new window)",
  "assets.chooseAtLeastOne": "Choose at least one asset.",
  "action.back": "Back",
  "grant.signInUsed": "This sign-in has already been used. Please start again.",
  "grant.unavailable": "{platform} cannot be connected right now. Please try again later.",
  "grant.partial": "Access was granted to some of your assets, but not all of them:",
  "grant.failedHeading": "Access could not be granted",
  "notice.granted": "Access granted. Thank you!",
  "notice.skipped": "Skipped. You can reopen it until the request is complete.",
  "notice.reopened": "Reopened. You can grant access now.",
  "error.rateLimited": "Too many attempts. Please wait a minute and try again.",
  "error.tryAgain": "We couldn't save this just now; please try again in a moment.",
  "error.notAllowed": "This is not possible for this service.",
  "error.closed": "This request can no longer be changed.",
  "intake.fixErrors": "Please check the answers marked below.",
  "form.tooLarge": "What you sent is too long. Please shorten your longest answer and send it again.",
  "intake.invalidOption": "Choose one of the options shown",
  "intake.requiredMark": "required",
  "popup.done": "All done. You can close this window.",
  "sandbox.badge": "Sandbox",
  "sandbox.simulate": "Simulate",
  "sandbox.mode.normal": "Normal sign-in",
  "sandbox.mode.fail": "Every grant fails",
  "sandbox.mode.serverError": "Server error on one asset",
  "sandbox.invalid": "This sign-in link is not valid. Start again from the access page.",
  // the sandbox's refusals: its words are ours, so they are in the client's language
  "sandbox.refused.partners": "{asset} does not accept new partners. Ask the asset's owner to allow partner access.",
  "sandbox.refused.notFound": "Asset {asset} was not found, or this account does not manage it.",
  "sandbox.refused.all": "The platform rejected this request. Please try again later.",
  "staticLink.unavailableBody": "Ask {agency} to send you a link directly.",
  "staticLink.formExpired": "This form has expired. We reloaded it; please send it again.",
  "staticLink.tooFast": "That was quick. Please check your details and send the form again.",
  "staticLink.sentTitle": "Check your email",
  "staticLink.sentBody":
    "A request for this email address is already open. We have sent the link to continue it to that address: please use the link in that email.",

  // Emails
  // the message the dashboard's "Email" button opens in the agency's own mail app
  "inviteMail.subject": "Access request",
  "inviteMail.body":
    "Hi {name},\n\nPlease grant us access to your accounts here:\n{url}\n\nIt takes a couple of minutes. Thank you!",
  "email.greeting": "Hi {name},",
  "email.invite.subject": "{agency} is requesting access to your accounts",
  "email.invite.body":
    "{agency} has asked you to grant access to some of your business accounts, such as advertising, analytics or your website. It takes a few minutes, and you never share your password.",
  "email.invite.cta": "Open the request",
  "email.expiresOn": "This link expires on {date}.",
  "email.linkFallback": "If the button does not work, copy this link into your browser: {url}",
  "email.reminder.subject": "Reminder: {agency} is waiting for access",
  "email.reminder.body":
    "{agency} is still waiting for access to some of your accounts. Open the request to finish where you left off.",
  "email.footer":
    "You received this email because {agency} asked for access to your accounts. If you weren't expecting it, you can ignore it.",
} as const;

export type MessageKey = keyof typeof en;
type Messages = Record<MessageKey, string>;

const es: Messages = {
  "client.title": "Da acceso a {agency}",
  "client.intro":
    "{agency} te ha pedido acceso a las cuentas que aparecen abajo. Concede cada una aquí; nunca compartes tu contraseña y puedes omitir las que sean opcionales.",
  "client.progress": "{done} de {total} completados",
  "serviceStatus.pending": "Pendiente",
  "serviceStatus.granted": "Concedido",
  "serviceStatus.skipped": "Omitido",
  "serviceStatus.awaitingConfirmation": "Pendiente de confirmación",
  "action.grant": "Dar acceso",
  "action.skip": "Omitir",
  "action.reopen": "Reabrir",
  "action.inviteSent": "Ya he enviado la invitación",
  "action.doneThis": "Ya lo he hecho",
  "client.waitingForAgency":
    "Ya has terminado: no necesitas hacer nada más. {agency} confirmará el acceso que has dado a mano.",
  "action.continue": "Continuar",
  "action.submit": "Enviar",
  "action.tryAgain": "Intentar de nuevo",
  "action.allow": "Permitir",
  "action.deny": "Denegar",
  "action.signInWith": "Iniciar sesión con {platform}",
  "service.role": "Rol de {agency}: {role}",
  "service.agencyAccount": "Cuenta de la agencia: {account}",
  "service.optional": "Opcional",
  "service.required": "Obligatorio",
  "service.awaitingConfirmationHelp": "¡Gracias! {agency} lo confirmará en cuanto reciba la invitación.",
  "service.awaitingAgencyHelp":
    "¡Gracias! Esperando a que {agency} confirme que ha recibido el acceso. No necesitas hacer nada más con este.",
  "assets.choose": "Elige los activos de {platform} que quieres compartir",
  "assets.none": "No se encontraron activos",
  "assets.noneHelp": "Inicia sesión con la cuenta que los administra o pide ayuda a {agency}.",
  "assets.needs_bc_admin":
    "Necesitas permisos de administrador en este Business Center para compartirlo. Pide a un compañero que sea administrador que abra este enlace.",
  "assets.needs_account_admin":
    "Necesitas permisos de administrador en esta cuenta para compartirla. Pide a un compañero que sea administrador que abra este enlace.",
  "assets.needs_page_admin":
    "Necesitas permisos de administrador en esta página para compartirla. Pide a un compañero que sea administrador que abra este enlace.",
  "assets.needs_org_admin":
    "Solo un administrador de la organización a la que pertenece esta cuenta publicitaria puede añadirle miembros. Pide a un compañero que sea administrador que abra este enlace.",
  "action.continueWith": "Continuar con {platform}",
  "platform.oneSignIn": "Un solo inicio de sesión en {platform} cubre estos {count} servicios.",
  "assets.chooseEach":
    "Elige qué compartir en cada servicio de {platform}. Un servicio en el que no elijas nada queda pendiente.",
  "grant.error": "No se pudo conceder el acceso: {reason}",
  "grant.genericError": "Algo ha fallado por nuestra parte. Inténtalo de nuevo.",
  "grant.denied": "Has cancelado el inicio de sesión. No se ha compartido nada.",
  "grant.signInExpired": "Tu inicio de sesión ha caducado. Inténtalo de nuevo.",
  "service.setupPending":
    "{agency} todavía tiene que terminar de configurar esta plataforma antes de que puedas dar acceso aquí. Puedes volver a este enlace más tarde; todo lo demás se puede hacer ahora.",
  "grant.signInAgain": "{platform} te pide que vuelvas a iniciar sesión. Pulsa el botón otra vez para continuar.",
  "grant.rateLimited": "{platform} está saturado en este momento. Inténtalo de nuevo en unos minutos.",
  "signIn.busy":
    "{platform} no ha podido completar el inicio de sesión en este momento. No se ha compartido nada. Inténtalo de nuevo en unos minutos.",
  "signIn.again":
    "{platform} te pide que vuelvas a iniciar sesión. Todavía no se ha compartido nada; pulsa el botón otra vez para continuar.",
  "signIn.policy":
    "{platform} no ha permitido este inicio de sesión: la configuración de tu organización no permite esta aplicación. No se ha compartido nada. Pregunta a tu administrador de {platform} o avisa a la agencia.",
  "signIn.browser":
    "{platform} no permite iniciar sesión desde esta ventana del navegador. No se ha compartido nada. Abre este enlace en tu navegador habitual y vuelve a intentarlo.",
  "signIn.setup":
    "{platform} ha rechazado el inicio de sesión porque la conexión de la agencia con {platform} no está bien configurada. No se ha compartido nada. Avisa a la agencia, por favor.",
  "signIn.refused": "{platform} no ha completado el inicio de sesión. No se ha compartido nada. Inténtalo de nuevo.",

  "intake.title": "Algunas preguntas de {agency}",
  "intake.required": "Este campo es obligatorio",
  "intake.tooLong": "La respuesta es demasiado larga (máximo {max} caracteres)",
  "intake.chooseOne": "Elige una opción",
  "intake.chooseAtLeastOne": "Elige al menos una opción",
  "intake.submitted": "Gracias, tus respuestas se han enviado.",

  "thankYou.default": "¡Gracias! {agency} ya tiene el acceso que necesita.",
  "thankYou.redirecting": "Te redirigiremos en unos instantes.",
  "summary.heading": "Lo que has compartido con {agency}",
  "summary.granted": "{service} en {platform}",
  "summary.skipped": "Omitido: {service}",
  "summary.refused": "No compartido en {platform}. {platform} respondió:",

  "final.cancelled.title": "Este enlace se ha cancelado",
  "final.cancelled.body":
    "Esta solicitud se ha cancelado. Si todavía hace falta dar acceso, pide un enlace nuevo a la agencia.",
  "final.expired.title": "Este enlace ha caducado",
  "final.expired.body": "Este enlace ya no se puede usar. Pide un enlace nuevo a la agencia.",
  "final.completed.title": "Esta solicitud ya está completa",
  "final.completed.body":
    "Ya se ha gestionado todo el acceso solicitado, así que no necesitas hacer nada más. Si la agencia necesita algo más, te lo pedirá en este mismo enlace.",
  "final.notFound.title": "Enlace no encontrado",
  "final.notFound.body": "Comprueba que has abierto el enlace completo o pide uno nuevo a la agencia.",
  "unavailable.title": "Inténtalo de nuevo en un momento",
  "unavailable.body":
    "Esta página no está disponible por un instante. No es culpa tuya; vuelve a cargarla en un minuto.",
  "preview.banner": "Vista previa: así ve tu cliente la solicitud. No se concede ningún acceso ni se consume la cuota.",
  "preview.granted": "Vista previa: en una solicitud real se concedería ahora {service}. No se ha concedido nada.",

  "manual.heading": "Sigue estos pasos",
  "manual.step": "Paso {n}",
  "manual.step.signIn": "Inicia sesión en {platform}.",
  "manual.step.openSettings": "Abre la configuración de usuarios o colaboradores.",
  "manual.step.invite": "Invita a {agencyAccount} con el rol {role}.",
  "manual.step.inviteNoRole": "Invita a {agencyAccount}.",
  "manual.step.confirm": "Vuelve aquí y confírmalo.",

  "staticLink.title": "Solicitud de acceso para {agency}",
  "staticLink.intro": "Introduce tus datos para empezar a dar acceso.",
  "staticLink.name": "Nombre",
  "staticLink.email": "Correo electrónico",
  "staticLink.company": "Empresa",
  "staticLink.start": "Empezar",
  "staticLink.unavailable": "Este enlace no está disponible en este momento",
  "validation.nameRequired": "Introduce tu nombre",
  "validation.emailInvalid": "Introduce una dirección de correo electrónico válida",
  "validation.tooLong": "Demasiado largo (máximo {max} caracteres)",
  "validation.invalidCharacters": "Quita los caracteres invisibles o dañados de este campo",

  "language.label": "Idioma",
  "language.English": "Inglés",
  "language.Spanish": "Español",
  "language.Dutch": "Neerlandés",

  "sandbox.title": "Entorno de pruebas: inicia sesión con {platform}",
  "sandbox.request": "{agency} solicita administrar tus activos de {platform}",
  "sandbox.notice": "Esta es una pantalla de prueba; no se usa ninguna cuenta real.",

  "client.logoAlt": "Logotipo de {agency}",
  "client.progressLabel": "Progreso",
  "client.platformServices": "Servicios de {platform}",
  "service.grantedAssets": "Compartido: {assets}",
  "service.agencyConfirms": "Cuando lo hayas hecho, {agency} confirmará que ha recibido el acceso.",
  "service.opensNewWindow": "(se abre en una ventana nueva)",
  "assets.chooseAtLeastOne": "Elige al menos un activo.",
  "action.back": "Volver",
  "grant.signInUsed": "Este inicio de sesión ya se ha usado. Vuelve a empezar.",
  "grant.unavailable": "Ahora mismo no se puede conectar con {platform}. Inténtalo más tarde.",
  "grant.partial": "Se concedió acceso a algunos de tus activos, pero no a todos:",
  "grant.failedHeading": "No se pudo conceder el acceso",
  "notice.granted": "Acceso concedido. ¡Gracias!",
  "notice.skipped": "Omitido. Puedes reabrirlo hasta que la solicitud esté completa.",
  "notice.reopened": "Reabierto. Ya puedes dar acceso.",
  "error.rateLimited": "Demasiados intentos. Espera un minuto y vuelve a intentarlo.",
  "error.tryAgain": "No hemos podido guardarlo ahora mismo; inténtalo de nuevo en un momento.",
  "error.notAllowed": "Esto no es posible para este servicio.",
  "error.closed": "Esta solicitud ya no se puede modificar.",
  "intake.fixErrors": "Revisa las respuestas marcadas abajo.",
  "form.tooLarge": "Lo que has enviado es demasiado largo. Acorta tu respuesta más larga y vuelve a enviarlo.",
  "intake.invalidOption": "Elige una de las opciones que se muestran",
  "intake.requiredMark": "obligatorio",
  "popup.done": "Listo. Ya puedes cerrar esta ventana.",
  "sandbox.badge": "Entorno de pruebas",
  "sandbox.simulate": "Simular",
  "sandbox.mode.normal": "Inicio de sesión normal",
  "sandbox.mode.fail": "Todas las concesiones fallan",
  "sandbox.mode.serverError": "Error del servidor en un activo",
  "sandbox.invalid": "Este enlace de inicio de sesión no es válido. Vuelve a empezar desde la página de acceso.",
  "sandbox.refused.partners":
    "{asset} no acepta nuevos socios. Pide a quien sea propietario del activo que permita el acceso de socios.",
  "sandbox.refused.notFound": "No se encontró el activo {asset}, o esta cuenta no lo administra.",
  "sandbox.refused.all": "La plataforma rechazó esta solicitud. Vuelve a intentarlo más tarde.",
  "staticLink.unavailableBody": "Pide a {agency} que te envíe un enlace directamente.",
  "staticLink.formExpired": "Este formulario ha caducado. Lo hemos vuelto a cargar; envíalo de nuevo.",
  "staticLink.tooFast": "Ha sido muy rápido. Revisa tus datos y envía el formulario de nuevo.",
  "staticLink.sentTitle": "Revisa tu correo",
  "staticLink.sentBody":
    "Ya hay una solicitud abierta para esta dirección de correo. Te hemos enviado a esa dirección el enlace para continuarla: usa el enlace de ese correo.",

  "inviteMail.subject": "Solicitud de acceso",
  "inviteMail.body":
    "Hola, {name}:\n\nDanos acceso a tus cuentas aquí:\n{url}\n\nSolo lleva un par de minutos. ¡Gracias!",
  "email.greeting": "Hola, {name}:",
  "email.invite.subject": "{agency} solicita acceso a tus cuentas",
  "email.invite.body":
    "{agency} te pide acceso a algunas de las cuentas de tu negocio, como publicidad, analítica o tu sitio web. Solo lleva unos minutos y nunca compartes tu contraseña.",
  "email.invite.cta": "Abrir la solicitud",
  "email.expiresOn": "Este enlace caduca el {date}.",
  "email.linkFallback": "Si el botón no funciona, copia este enlace en tu navegador: {url}",
  "email.reminder.subject": "Recordatorio: {agency} está esperando el acceso",
  "email.reminder.body":
    "{agency} sigue esperando acceso a algunas de tus cuentas. Abre la solicitud para terminar donde lo dejaste.",
  "email.footer":
    "Has recibido este correo porque {agency} ha solicitado acceso a tus cuentas. Si no lo esperabas, puedes ignorarlo.",
};

const nl: Messages = {
  "client.title": "Geef {agency} toegang",
  "client.intro":
    "{agency} heeft toegang gevraagd tot de accounts hieronder. Geef hier per account toegang; je deelt nooit je wachtwoord en je kunt alles wat optioneel is overslaan.",
  "client.progress": "{done} van {total} klaar",
  "serviceStatus.pending": "Openstaand",
  "serviceStatus.granted": "Toegang gegeven",
  "serviceStatus.skipped": "Overgeslagen",
  "serviceStatus.awaitingConfirmation": "Wacht op bevestiging",
  "action.grant": "Toegang geven",
  "action.skip": "Overslaan",
  "action.reopen": "Heropenen",
  "action.inviteSent": "Ik heb de uitnodiging verstuurd",
  "action.doneThis": "Ik heb dit gedaan",
  "client.waitingForAgency":
    "Je bent klaar: er is niets meer nodig van jou. {agency} bevestigt de toegang die je zelf hebt gegeven.",
  "action.continue": "Doorgaan",
  "action.submit": "Versturen",
  "action.tryAgain": "Opnieuw proberen",
  "action.allow": "Toestaan",
  "action.deny": "Weigeren",
  "action.signInWith": "Inloggen met {platform}",
  "service.role": "Rol voor {agency}: {role}",
  "service.agencyAccount": "Account van het bureau: {account}",
  "service.optional": "Optioneel",
  "service.required": "Verplicht",
  "service.awaitingConfirmationHelp": "Bedankt! {agency} bevestigt zodra de uitnodiging binnen is.",
  "service.awaitingAgencyHelp":
    "Bedankt! We wachten tot {agency} bevestigt dat de toegang binnen is. Voor deze hoef je niets meer te doen.",
  "assets.choose": "Kies welke onderdelen van {platform} je wilt delen",
  "assets.none": "Geen onderdelen gevonden",
  "assets.noneHelp": "Log in met het account dat ze beheert, of vraag {agency} om hulp.",
  "assets.needs_bc_admin":
    "Je hebt beheerdersrechten op dit Business Center nodig om het te delen. Vraag een collega die beheerder is om deze link te openen.",
  "assets.needs_account_admin":
    "Je hebt beheerdersrechten op dit account nodig om het te delen. Vraag een collega die beheerder is om deze link te openen.",
  "assets.needs_page_admin":
    "Je hebt beheerdersrechten op deze pagina nodig om hem te delen. Vraag een collega die beheerder is om deze link te openen.",
  "assets.needs_org_admin":
    "Alleen een beheerder van de organisatie waartoe dit advertentieaccount hoort, kan er leden aan toevoegen. Vraag een collega die beheerder is om deze link te openen.",
  "action.continueWith": "Doorgaan met {platform}",
  "platform.oneSignIn": "Eén keer inloggen bij {platform} geldt voor deze {count} diensten.",
  "assets.chooseEach":
    "Kies per dienst van {platform} wat je wilt delen. Een dienst waarvoor je niets kiest, blijft openstaan.",
  "grant.error": "Toegang geven is niet gelukt: {reason}",
  "grant.genericError": "Er ging iets mis aan onze kant. Probeer het opnieuw.",
  "grant.denied": "Je hebt het inloggen geannuleerd. Er is niets gedeeld.",
  "grant.signInExpired": "Je inlogsessie is verlopen. Probeer het opnieuw.",
  "service.setupPending":
    "{agency} moet dit platform nog instellen voordat je hier toegang kunt geven. Je kunt later naar deze link terugkomen; de rest kun je nu al doen.",
  "grant.signInAgain": "{platform} vraagt je opnieuw in te loggen. Klik nog een keer op de knop om verder te gaan.",
  "grant.rateLimited": "{platform} is op dit moment druk. Probeer het over een paar minuten opnieuw.",
  "signIn.busy":
    "{platform} kon het inloggen nu niet afronden. Er is niets gedeeld. Probeer het over een paar minuten opnieuw.",
  "signIn.again":
    "{platform} vraagt je opnieuw in te loggen. Er is nog niets gedeeld; klik nog een keer op de knop om verder te gaan.",
  "signIn.policy":
    "{platform} stond dit inloggen niet toe: de instellingen van je organisatie staan deze app niet toe. Er is niets gedeeld. Vraag het je {platform}-beheerder, of laat het het bureau weten.",
  "signIn.browser":
    "{platform} staat inloggen vanuit dit browservenster niet toe. Er is niets gedeeld. Open deze link in je gewone browser en probeer het opnieuw.",
  "signIn.setup":
    "{platform} weigerde het inloggen omdat de {platform}-koppeling van het bureau niet goed is ingesteld. Er is niets gedeeld. Laat het het bureau weten.",
  "signIn.refused": "{platform} heeft het inloggen niet afgerond. Er is niets gedeeld. Probeer het opnieuw.",

  "intake.title": "Een paar vragen van {agency}",
  "intake.required": "Dit veld is verplicht",
  "intake.tooLong": "Het antwoord is te lang (maximaal {max} tekens)",
  "intake.chooseOne": "Kies een optie",
  "intake.chooseAtLeastOne": "Kies minstens één optie",
  "intake.submitted": "Bedankt, je antwoorden zijn verstuurd.",

  "thankYou.default": "Bedankt! {agency} heeft nu alle toegang die nodig is.",
  "thankYou.redirecting": "Je wordt zo doorgestuurd.",
  "summary.heading": "Wat je met {agency} hebt gedeeld",
  "summary.granted": "{service} op {platform}",
  "summary.skipped": "Overgeslagen: {service}",
  "summary.refused": "Niet gedeeld op {platform}. {platform} meldde:",

  "final.cancelled.title": "Deze link is geannuleerd",
  "final.cancelled.body":
    "Dit verzoek is geannuleerd. Is er nog toegang nodig? Vraag het bureau dan om een nieuwe link.",
  "final.expired.title": "Deze link is verlopen",
  "final.expired.body": "Deze link kan niet meer worden gebruikt. Vraag het bureau om een nieuwe link.",
  "final.completed.title": "Dit verzoek is al afgerond",
  "final.completed.body":
    "Alle gevraagde toegang is geregeld, dus je hoeft niets meer te doen. Heeft het bureau meer nodig, dan vraagt het dat via deze zelfde link.",
  "final.notFound.title": "Link niet gevonden",
  "final.notFound.body": "Controleer of je de volledige link hebt geopend, of vraag het bureau om een nieuwe.",
  "unavailable.title": "Probeer het zo opnieuw",
  "unavailable.body":
    "Deze pagina is even niet beschikbaar. Dat ligt niet aan jou; laad de pagina over een minuut opnieuw.",
  "preview.banner":
    "Voorbeeld: zo ziet je klant het verzoek. Er wordt geen toegang verleend en er gaat niets van je tegoed af.",
  "preview.granted": "Voorbeeld: bij een echt verzoek zou {service} nu worden verleend. Er is niets verleend.",

  "manual.heading": "Volg deze stappen",
  "manual.step": "Stap {n}",
  "manual.step.signIn": "Log in bij {platform}.",
  "manual.step.openSettings": "Open de instellingen voor gebruikers of medewerkers.",
  "manual.step.invite": "Nodig {agencyAccount} uit met de rol {role}.",
  "manual.step.inviteNoRole": "Nodig {agencyAccount} uit.",
  "manual.step.confirm": "Kom hier terug en bevestig het.",

  "staticLink.title": "Toegangsverzoek voor {agency}",
  "staticLink.intro": "Vul je gegevens in om te beginnen met toegang geven.",
  "staticLink.name": "Naam",
  "staticLink.email": "E-mailadres",
  "staticLink.company": "Bedrijf",
  "staticLink.start": "Beginnen",
  "staticLink.unavailable": "Deze link is op dit moment niet beschikbaar",
  "validation.nameRequired": "Vul je naam in",
  "validation.emailInvalid": "Vul een geldig e-mailadres in",
  "validation.tooLong": "Te lang (maximaal {max} tekens)",
  "validation.invalidCharacters": "Verwijder de onzichtbare of beschadigde tekens uit dit veld",

  "language.label": "Taal",
  "language.English": "Engels",
  "language.Spanish": "Spaans",
  "language.Dutch": "Nederlands",

  "sandbox.title": "Testomgeving: inloggen met {platform}",
  "sandbox.request": "{agency} vraagt om je {platform}-onderdelen te beheren",
  "sandbox.notice": "Dit is een testscherm; er wordt geen echt account gebruikt.",

  "client.logoAlt": "Logo van {agency}",
  "client.progressLabel": "Voortgang",
  "client.platformServices": "Diensten van {platform}",
  "service.grantedAssets": "Gedeeld: {assets}",
  "service.agencyConfirms": "Als je dit hebt gedaan, bevestigt {agency} dat de toegang binnen is.",
  "service.opensNewWindow": "(opent in een nieuw venster)",
  "assets.chooseAtLeastOne": "Kies minstens één onderdeel.",
  "action.back": "Terug",
  "grant.signInUsed": "Deze inlogsessie is al gebruikt. Begin opnieuw.",
  "grant.unavailable": "{platform} kan nu niet worden gekoppeld. Probeer het later opnieuw.",
  "grant.partial": "Je hebt toegang gegeven tot een deel van je onderdelen, maar niet tot alle:",
  "grant.failedHeading": "Toegang geven is niet gelukt",
  "notice.granted": "Toegang gegeven. Bedankt!",
  "notice.skipped": "Overgeslagen. Je kunt dit heropenen tot het verzoek is afgerond.",
  "notice.reopened": "Heropend. Je kunt nu toegang geven.",
  "error.rateLimited": "Te veel pogingen. Wacht een minuut en probeer het opnieuw.",
  "error.tryAgain": "We konden dit nu niet opslaan; probeer het over een moment opnieuw.",
  "error.notAllowed": "Dit kan niet voor deze dienst.",
  "error.closed": "Dit verzoek kan niet meer worden gewijzigd.",
  "intake.fixErrors": "Controleer de gemarkeerde antwoorden hieronder.",
  "form.tooLarge": "Wat je hebt verstuurd is te lang. Maak je langste antwoord korter en verstuur het opnieuw.",
  "intake.invalidOption": "Kies een van de getoonde opties",
  "intake.requiredMark": "verplicht",
  "popup.done": "Klaar. Je kunt dit venster sluiten.",
  "sandbox.badge": "Testomgeving",
  "sandbox.simulate": "Simuleren",
  "sandbox.mode.normal": "Normaal inloggen",
  "sandbox.mode.fail": "Elke toegang mislukt",
  "sandbox.mode.serverError": "Serverfout bij één onderdeel",
  "sandbox.invalid": "Deze inloglink is niet geldig. Begin opnieuw vanaf de toegangspagina.",
  "sandbox.refused.partners":
    "{asset} accepteert geen nieuwe partners. Vraag de eigenaar van dit onderdeel om partnertoegang toe te staan.",
  "sandbox.refused.notFound": "Onderdeel {asset} is niet gevonden, of dit account beheert het niet.",
  "sandbox.refused.all": "Het platform heeft dit verzoek geweigerd. Probeer het later opnieuw.",
  "staticLink.unavailableBody": "Vraag {agency} om je rechtstreeks een link te sturen.",
  "staticLink.formExpired": "Dit formulier is verlopen. We hebben het opnieuw geladen; verstuur het nog een keer.",
  "staticLink.tooFast": "Dat ging snel. Controleer je gegevens en verstuur het formulier nog een keer.",
  "staticLink.sentTitle": "Controleer je e-mail",
  "staticLink.sentBody":
    "Er staat al een aanvraag open voor dit e-mailadres. We hebben de link om verder te gaan naar dat adres gestuurd: gebruik de link in die e-mail.",

  "inviteMail.subject": "Toegangsverzoek",
  "inviteMail.body":
    "Hallo {name},\n\nGeef ons hier toegang tot je accounts:\n{url}\n\nHet kost maar een paar minuten. Bedankt!",
  "email.greeting": "Hallo {name},",
  "email.invite.subject": "{agency} vraagt toegang tot je accounts",
  "email.invite.body":
    "{agency} vraagt je toegang te geven tot een aantal zakelijke accounts, zoals advertenties, analytics of je website. Het kost maar een paar minuten en je deelt nooit je wachtwoord.",
  "email.invite.cta": "Verzoek openen",
  "email.expiresOn": "Deze link verloopt op {date}.",
  "email.linkFallback": "Werkt de knop niet? Kopieer dan deze link naar je browser: {url}",
  "email.reminder.subject": "Herinnering: {agency} wacht nog op toegang",
  "email.reminder.body":
    "{agency} wacht nog op toegang tot een aantal van je accounts. Open het verzoek om verder te gaan waar je gebleven was.",
  "email.footer":
    "Je ontvangt deze e-mail omdat {agency} toegang tot je accounts heeft gevraagd. Verwachtte je dit niet? Dan kun je deze e-mail negeren.",
};

export const dictionaries: Readonly<Record<Locale, Readonly<Messages>>> = { en, es, nl };

/** Placeholder names in a message text, e.g. "agency" | "role". */
type PlaceholdersIn<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PlaceholdersIn<Rest>
  : never;

export type MessageParams<K extends MessageKey> = PlaceholdersIn<(typeof en)[K]>;
export type ParamValue = string | number;

// Messages without placeholders take no params; the others require every one.
type ParamsArg<K extends MessageKey> = [MessageParams<K>] extends [never]
  ? []
  : [params: Record<MessageParams<K>, ParamValue>];

const LANGUAGE_TO_LOCALE: Record<Language, Locale> = { English: "en", Spanish: "es", Dutch: "nl" };
const LOCALE_TO_LANGUAGE: Record<Locale, Language> = { en: "English", es: "Spanish", nl: "Dutch" };

export function languageToLocale(language: Language): Locale {
  return LANGUAGE_TO_LOCALE[language];
}

export function localeToLanguage(locale: Locale): Language {
  return LOCALE_TO_LANGUAGE[locale];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** For stored values that may predate validation: unknown means English, the API's default. */
export function localeForLanguage(value: string | null | undefined): Locale {
  return isLanguage(value) ? LANGUAGE_TO_LOCALE[value] : "en";
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
}

/**
 * Fills `{name}` placeholders from `params`. A placeholder without a value is
 * left as written, so a gap shows up on the page rather than an empty string.
 */
export function interpolate(text: string, params?: Readonly<Record<string, ParamValue>>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export function t<K extends MessageKey>(locale: Locale, key: K, ...args: ParamsArg<K>): string {
  // Unchecked values from outside fall back to English, then to the key
  // itself: a visible gap on the page beats a crash.
  const text: string | undefined = (dictionaries[locale] ?? en)[key] ?? en[key];
  if (text === undefined) return key;
  return interpolate(text, args[0]);
}
