// What the operator registers on Microsoft Advertising's side and the credentials the installation needs,
// for the instance's Platforms page (read through the registry, lib/infra/connectors/registry.ts).
import { CALLBACKS, field, type PlatformSetupNotes } from "@/lib/infra/connectors/setup-fields";

export const MICROSOFT_SETUP: PlatformSetupNotes = {
  name: "Microsoft Advertising",
  fields: [
    field("MICROSOFT_CLIENT_ID", "Application (client) ID", false),
    field("MICROSOFT_CLIENT_SECRET", "Client secret", true),
    field(
      "MICROSOFT_ADS_DEVELOPER_TOKEN",
      "Developer token",
      true,
      true,
      "From the Microsoft Advertising Developer Portal.",
    ),
  ],
  redirectPaths: CALLBACKS,
  scopes: ["openid", "offline_access", "https://ads.microsoft.com/msads.manage"],
  products: [
    "Microsoft Entra app registration (accounts in any organization and personal Microsoft accounts)",
    "Microsoft Advertising API",
  ],
  review:
    "A production developer token is approved by Microsoft Advertising; the sandbox token works only against the sandbox.",
  consoleUrl: "https://entra.microsoft.com/#view/Microsoft_AAD_RegisteredApps/ApplicationsListBlade",
  reviewDocsUrl: "https://learn.microsoft.com/en-us/advertising/guides/get-started",
};
