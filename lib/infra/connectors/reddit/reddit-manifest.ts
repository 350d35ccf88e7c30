// Reddit Ads in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark. Read through lib/infra/connectors/platforms.ts.
import { CONFIRM_INVITE, CONFIRM_INVITE_STEP, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

export const REDDIT_MANIFEST = definePlatform({
  id: "reddit",
  name: "Reddit Ads",
  connectorKind: "none",
  mark: { bg: "#FF4500", fg: "#fff", text: "r" },
  services: {
    reddit_ads: {
      name: "Reddit Ads",
      roles: [role("admin", "Admin"), role("advertiser", "Advertiser"), role("analyst", "Analyst", true)],
      flow: "client_invite",
      steps: [
        "Sign in to Reddit Ads (ads.reddit.com) as a business admin.",
        "Open Business, then Users, and select Invite new members.",
        "Enter {agencyAccount}, choose the business role Member and click Next.",
        "Choose the ad account, give it the role requested and send the invite.",
        CONFIRM_INVITE_STEP,
      ],
      // Reddit Ads help, "Manage Members in Your Business" (business role, then ad account role)
      docs: "https://business.reddithelp.com/s/article/manage-members-in-your-business",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    reddit_ads: ["Reddit Ads", "Reddit Ads", "Reddit Ads"],
  },
  steps: {
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
  },
});
