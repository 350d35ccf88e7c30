// What the operator registers on Pinterest's side and the credentials the installation needs,
// for the instance's Platforms page (read through the registry, lib/infra/connectors/registry.ts).
import { CALLBACKS, field, type PlatformSetupNotes } from "@/lib/infra/connectors/setup-fields";

export const PINTEREST_SETUP: PlatformSetupNotes = {
  name: "Pinterest",
  fields: [field("PINTEREST_APP_ID", "App ID", false), field("PINTEREST_APP_SECRET", "App secret key", true)],
  redirectPaths: CALLBACKS,
  scopes: ["user_accounts:read", "biz_access:read", "biz_access:write", "ads:read"],
  products: ["Pinterest API v5"],
  review: "Trial access at first; apply for Standard access to work with other people's business accounts.",
  consoleUrl: "https://developers.pinterest.com/apps/",
  reviewDocsUrl: "https://developers.pinterest.com/docs/getting-started/set-up-app/",
};
