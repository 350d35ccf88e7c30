// What the operator registers on Meta's side and the credentials the installation needs,
// for the instance's Platforms page (read through the registry, lib/infra/connectors/registry.ts).
import { CALLBACKS, field, type PlatformSetupNotes } from "@/lib/infra/connectors/setup-fields";

export const META_SETUP: PlatformSetupNotes = {
  name: "Meta",
  fields: [
    field("META_APP_ID", "App ID", false, true, "The numeric id on the app's dashboard."),
    field("META_APP_SECRET", "App secret", true),
  ],
  redirectPaths: CALLBACKS,
  scopes: [
    "business_management",
    "ads_management",
    "ads_read",
    "catalog_management",
    "pages_show_list",
    "pages_manage_metadata",
    "instagram_basic",
    "email",
  ],
  products: ["Facebook Login for Business", "Marketing API"],
  review: "App Review with Advanced Access for each permission above, and Business Verification of your business.",
  consoleUrl: "https://developers.facebook.com/apps/",
  reviewDocsUrl: "https://developers.facebook.com/docs/resp-plat-initiatives/individual-processes/app-review",
};
