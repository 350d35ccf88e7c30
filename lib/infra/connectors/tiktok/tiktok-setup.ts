// What the operator registers on TikTok's side and the credentials the installation needs,
// for the instance's Platforms page (read through the registry, lib/infra/connectors/registry.ts).
import { CALLBACKS, field, type PlatformSetupNotes } from "@/lib/infra/connectors/setup-fields";

export const TIKTOK_SETUP: PlatformSetupNotes = {
  name: "TikTok",
  fields: [field("TIKTOK_APP_ID", "App ID", false), field("TIKTOK_APP_SECRET", "App secret", true)],
  redirectPaths: CALLBACKS,
  scopes: ["Ad Account Management", "Business Center Management"],
  products: ["TikTok API for Business"],
  review: "TikTok reviews the developer app before it can be used with accounts other than your own.",
  consoleUrl: "https://business-api.tiktok.com/portal/apps",
  reviewDocsUrl: "https://business-api.tiktok.com/portal/docs?id=1738855176671234",
};
