// Snapchat in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark and its documented sign-in answers. Read through lib/infra/connectors/platforms.ts.
import {
  CONFIRM_INVITE,
  CONFIRM_INVITE_STEP,
  RFC6749,
  definePlatform,
  role,
} from "@/lib/infra/connectors/platform-manifest";

export const SNAPCHAT_MANIFEST = definePlatform({
  id: "snapchat",
  name: "Snapchat",
  connectorKind: "oauth",
  mark: { bg: "#FFFC00", fg: "#000", text: "☺" },
  // The client's organization invites the agency's email as a Member, gives it the organization role
  // `member`, then the ad account role, all in the attempt (Members and Roles pages).
  attemptEvent: true,
  services: {
    snapchat_ads: {
      name: "Snapchat Ads",
      roles: [
        role("account_manager", "Account manager"),
        role("creative_manager", "Creative manager"),
        role("reports", "Reports", true),
      ],
      // One click where Snapchat is live: the client's organization invites the agency's email
      // as a Member (https://developers.snap.com/api/marketing-api/Ads-API/members) and gives it
      // the organization role `member`, then the ad account role
      // (https://developers.snap.com/api/marketing-api/Ads-API/roles). Where Snapchat is not set
      // up, the client follows these Business Manager steps instead.
      flow: "one_click",
      steps: [
        "Open Snapchat Business Manager (business.snapchat.com) with an account that is an admin of the organization that owns the ad account.",
        "Go to Members and click Invite Members.",
        "Enter {agencyAccount}, choose the ad account and give it the role requested.",
        "Click Send Invite. The agency accepts the invitation, and then has access.",
      ],
      docs: "https://developers.snap.com/api/marketing-api/Ads-API/members",
    },
    snapchat_business_manager: {
      name: "Snapchat Business Manager",
      // Organization roles in Business Manager. The Marketing API reads Members but documents no
      // call that invites one (https://developers.snap.com/api/marketing-api/Ads-API/members).
      roles: [role("admin", "Organization admin"), role("member", "Member")],
      flow: "client_invite",
      steps: [
        "Open Snapchat Business Manager (business.snapchat.com) with an admin of your organization.",
        "Open the menu, go to Members and click Invite Members.",
        "Enter {agencyAccount} and choose the organization role requested.",
        "Click Send Invite.",
        CONFIRM_INVITE_STEP,
      ],
      docs: "https://developers.snap.com/api/marketing-api/Ads-API/members",
      catalogRelease: 2,
    },
  },
  serviceNames: {
    snapchat_ads: ["Snapchat Ads", "Snapchat Ads", "Snapchat Ads"],
    snapchat_business_manager: ["Snapchat Business Manager", "Snapchat Business Manager", "Snapchat Business Manager"],
  },
  steps: {
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
  },
  // Sign-in answers, from Authentication (the RFC 6749 answers, access_denied on Cancel),
  //   https://developers.snap.com/api/marketing-api/Ads-API/authentication
  oauthAnswers: { ...RFC6749 },
});
