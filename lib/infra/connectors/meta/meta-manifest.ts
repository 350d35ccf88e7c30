// Meta in the catalog: its services, their roles and steps in English, Spanish and Dutch,
// its mark and its documented sign-in answers. Read through lib/infra/connectors/platforms.ts.
import { type AccountLinkField, RFC6749, definePlatform, role } from "@/lib/infra/connectors/platform-manifest";

const optionalBusinessManager: AccountLinkField[] = [{ name: "businessManagerId", required: false }];

export const META_MANIFEST = definePlatform({
  id: "meta",
  name: "Meta",
  connectorKind: "oauth",
  mark: { bg: "#0866FF", fg: "#fff", text: "∞" },
  demoAccount: { platformAccountId: "100200300400", business: { id: "900800700600", name: "Demo Agency Business" } },
  assignsPeople: {
    businessName: "Business Manager",
    personKind: "business_user",
    roles: {
      meta_ads: ["admin", "advertiser", "analyst"],
      meta_page: ["admin", "editor", "moderator", "advertiser", "analyst"],
    },
    assetPlaces: {
      meta_ads: "Business Settings → Accounts → Ad accounts",
      meta_page: "Business Settings → Accounts → Pages",
    },
  },
  // Partners are assigned in Business settings by Business ID (Add a partner to your Business Manager,
  // https://www.facebook.com/business/help/1097287717019434).
  partnerByBusinessId: true,
  attemptEvent: true,
  // Its one-click grants report a failure per service (one asset refused while others succeed).
  grantFailedEvent: true,
  searchAliases: "facebook instagram",
  services: {
    meta_business_manager: {
      name: "Meta Business Manager",
      roles: [role("admin", "Admin"), role("employee", "Employee")],
      flow: "one_click",
      accountLinkFields: optionalBusinessManager,
    },
    meta_ads: {
      name: "Meta Ad Account",
      roles: [role("admin", "Admin"), role("advertiser", "Advertiser"), role("analyst", "Analyst", true)],
      flow: "one_click",
      accountLinkFields: optionalBusinessManager,
    },
    meta_page: {
      name: "Facebook Page",
      roles: [
        role("admin", "Full control"),
        role("editor", "Editor"),
        role("moderator", "Moderator"),
        role("advertiser", "Advertiser"),
        role("analyst", "Analyst", true),
      ],
      flow: "one_click",
      accountLinkFields: optionalBusinessManager,
    },
    meta_instagram: {
      name: "Instagram Account",
      roles: [role("admin", "Full control"), role("advertiser", "Advertiser"), role("analyst", "Analyst", true)],
      // Graph documents reading an Instagram account's partners (IGUser /agencies) but no call
      // that adds one: partners are assigned in Meta's Business settings by the client.
      flow: "instructions",
      accountLinkFields: optionalBusinessManager,
      steps: [
        "Open Meta Business settings (business.facebook.com/settings) with the business that owns the Instagram account.",
        "Go to Accounts, then Instagram accounts, and select the account.",
        "Click Assign partners, choose Business ID and enter {agencyAccount}.",
        "Choose the access requested and click Assign.",
      ],
      docs: "https://www.facebook.com/business/help/1097287717019434",
    },
    meta_catalog: {
      name: "Meta Catalog",
      roles: [role("admin", "Admin"), role("advertiser", "Advertiser")],
      flow: "one_click",
      accountLinkFields: optionalBusinessManager,
    },
    meta_pixel: {
      name: "Meta Pixel",
      roles: [],
      flow: "one_click",
      accountLinkFields: optionalBusinessManager,
    },
  },
  serviceNames: {
    meta_business_manager: ["Meta Business Manager", "Meta Business Manager", "Meta Business Manager"],
    meta_ads: ["Meta Ad Account", "Cuenta publicitaria de Meta", "Meta-advertentieaccount"],
    meta_page: ["Facebook Page", "Página de Facebook", "Facebook-pagina"],
    meta_instagram: ["Instagram Account", "Cuenta de Instagram", "Instagram-account"],
    meta_catalog: ["Meta Catalog", "Catálogo de Meta", "Meta-catalogus"],
    meta_pixel: ["Meta Pixel", "Píxel de Meta", "Meta-pixel"],
  },
  steps: {
    "meta_instagram.step1": [
      "Open Meta Business settings (business.facebook.com/settings) with the business that owns the Instagram account.",
      "Abre la configuración del negocio de Meta (business.facebook.com/settings) con el negocio propietario de la cuenta de Instagram.",
      "Open de bedrijfsinstellingen van Meta (business.facebook.com/settings) met het bedrijf dat eigenaar is van het Instagram-account.",
    ],
    "meta_instagram.step2": [
      "Go to Accounts, then Instagram accounts, and select the account.",
      "Ve a Cuentas, después a Cuentas de Instagram, y selecciona la cuenta.",
      "Ga naar Accounts, daarna naar Instagram-accounts, en selecteer het account.",
    ],
    "meta_instagram.step3": [
      "Click Assign partners, choose Business ID and enter {agencyAccount}.",
      "Haz clic en Asignar socios, elige Identificador del negocio e introduce {agencyAccount}.",
      "Klik op Partners toewijzen, kies Bedrijfs-ID en vul {agencyAccount} in.",
    ],
    "meta_instagram.step4": [
      "Choose the access requested and click Assign.",
      "Elige el acceso solicitado y haz clic en Asignar.",
      "Kies de gevraagde toegang en klik op Toewijzen.",
    ],
  },
  // Sign-in answers, from Manual login flow, "Canceled login" (error=access_denied, error_reason=user_denied,
  //   error_code=200), https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
  oauthAnswers: { ...RFC6749 },
});
