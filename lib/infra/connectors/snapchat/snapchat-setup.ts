// What the operator registers on Snapchat's side and the credentials the installation needs,
// for the instance's Platforms page (read through the registry, lib/infra/connectors/registry.ts).
import { CALLBACKS, field, type PlatformSetupNotes } from "@/lib/infra/connectors/setup-fields";

export const SNAPCHAT_SETUP: PlatformSetupNotes = {
  name: "Snapchat",
  fields: [field("SNAPCHAT_CLIENT_ID", "Client ID", false), field("SNAPCHAT_CLIENT_SECRET", "Client secret", true)],
  redirectPaths: CALLBACKS,
  scopes: ["snapchat-marketing-api"],
  products: ["Snapchat Marketing API (OAuth app in Business Manager)"],
  review: "Snap approves Marketing API access for the organization that owns the app.",
  consoleUrl: "https://business.snapchat.com/",
  reviewDocsUrl: "https://developers.snap.com/api/marketing-api/Ads-API/authentication",
};
