// What the operator registers on HubSpot's side and the credentials the installation needs,
// for the instance's Platforms page (read through the registry, lib/infra/connectors/registry.ts).
import { HUBSPOT_APP_SCOPES, HUBSPOT_BASE_SCOPES } from "@/lib/infra/connectors/hubspot/hubspot-oauth";
import { CALLBACKS, field, type PlatformSetupNotes } from "@/lib/infra/connectors/setup-fields";

export const HUBSPOT_SETUP: PlatformSetupNotes = {
  name: "HubSpot",
  fields: [field("HUBSPOT_CLIENT_ID", "Client ID", false), field("HUBSPOT_CLIENT_SECRET", "Client secret", true)],
  redirectPaths: CALLBACKS,
  scopes: [...HUBSPOT_APP_SCOPES],
  // Scopes reference, https://developers.hubspot.com/scopes: required scopes must all be in
  // an install URL's `scope`; conditionally required ones only when the URL asks for them.
  scopeNote: `On the app's Auth settings, make ${HUBSPOT_BASE_SCOPES.join(", ")} a required scope (every HubSpot app has it) and ${HUBSPOT_APP_SCOPES.filter((s) => !(HUBSPOT_BASE_SCOPES as readonly string[]).includes(s)).join(" and ")} conditionally required: clients' sign-ins ask for all three, your agencies' own connection for oauth alone.`,
  products: ["HubSpot public app"],
  review: "A public app is listed or used unlisted; no review is needed to install it on your clients' accounts.",
  consoleUrl: "https://developers.hubspot.com/",
  reviewDocsUrl: "https://developers.hubspot.com/docs/api/oauth-quickstart-guide",
};
