// What the operator registers on LinkedIn's side and the credentials the installation needs,
// for the instance's Platforms page (read through the registry, lib/infra/connectors/registry.ts).
import { CALLBACKS, field, type PlatformSetupNotes } from "@/lib/infra/connectors/setup-fields";

export const LINKEDIN_SETUP: PlatformSetupNotes = {
  name: "LinkedIn",
  fields: [field("LINKEDIN_CLIENT_ID", "Client ID", false), field("LINKEDIN_CLIENT_SECRET", "Client secret", true)],
  redirectPaths: CALLBACKS,
  scopes: ["openid", "profile", "email", "r_ads", "rw_ads", "r_organization_admin", "rw_organization_admin"],
  products: ["Sign In with LinkedIn using OpenID Connect", "Advertising API", "Community Management API"],
  review:
    "Access to the Advertising and Community Management APIs is granted by LinkedIn after an application form; programmatic refresh tokens, which keep the agency's connection working past 60 days, come with LinkedIn's approval of the app for the Marketing Developer Platform.",
  consoleUrl: "https://www.linkedin.com/developers/apps",
  reviewDocsUrl: "https://learn.microsoft.com/en-us/linkedin/marketing/increasing-access",
};
