// WordPress in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { definePlatform } from "@/lib/infra/connectors/platform-manifest";

export const WORDPRESS_MANIFEST = definePlatform({
  id: "wordpress",
  name: "WordPress",
  connectorKind: "none",
  mark: { bg: "#21759B", fg: "#fff", text: "W" },
  noAppNotes: [
    "No app registration and no credentials: each client's site approves this installation itself, through WordPress's application passwords (WordPress 5.6 or later).",
    "The client's site must be on HTTPS, keep application passwords on (some security plugins and hosts turn them off) and have no password prompt (Basic Auth) in front of it; the client approving must be one of its administrators.",
    "Where a site cannot, the client is told why and adds your user by hand with the steps; your team confirms it. The application password the site gives is deleted as soon as your user is added.",
  ],
  // The site's approval, then the user created or raised on the site.
  attemptEvent: true,
  services: {
    wordpress_site: {
      name: "WordPress Site",
      // The agency always needs an administrator account; there is no choice to make.
      // Client-side grant API: the WordPress REST API creates a user with a role (POST
      // /wp-json/wp/v2/users, https://developer.wordpress.org/rest-api/reference/users/#create-a-user),
      // authenticated as a site administrator. The client pages offer it in one click: the
      // client enters the site's address and approves an application password on the site
      // (lib/infra/connectors/wordpress/); the steps stay as the fallback where the site cannot.
      roles: [],
      flow: "instructions",
      siteApproval: true,
      steps: [
        "Sign in to your WordPress dashboard as an administrator.",
        "Go to Users, then Add New User.",
        "Use {agencyAccount} as both username and email, and set the role to Administrator.",
        "Click Add New User.",
      ],
      docs: "https://wordpress.org/documentation/article/users-add-new-screen/",
    },
  },
  serviceNames: {
    wordpress_site: ["WordPress Site", "Sitio de WordPress", "WordPress-site"],
  },
  steps: {
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
  },
});
