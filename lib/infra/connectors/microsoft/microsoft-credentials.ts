// Verify on the Platforms page for Microsoft Advertising: one real, harmless call that proves the app's
// credentials without any client (verify-probe.ts for what every platform shares).
import {
  oauthError,
  codeExchange,
  tokenProbeVerifier,
  type PlatformVerifier,
  type TokenProbe,
} from "@/lib/infra/connectors/verify-probe";

/** Microsoft identity platform: https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow#redeem-a-code-for-an-access-token */
const MICROSOFT: TokenProbe = {
  name: "Microsoft",
  send: codeExchange(
    "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    "MICROSOFT_CLIENT_ID",
    "MICROSOFT_CLIENT_SECRET",
    { scope: "https://ads.microsoft.com/msads.manage offline_access" },
  ),
  badClient: (r) => r.status === 401 || oauthError(r) === "invalid_client" || oauthError(r) === "unauthorized_client",
  badCode: (r) => oauthError(r) === "invalid_grant",
};

export const verifyMicrosoft: PlatformVerifier = tokenProbeVerifier(MICROSOFT, [
  ["MICROSOFT_CLIENT_ID", "Application (client) ID"],
  ["MICROSOFT_CLIENT_SECRET", "Client secret"],
  ["MICROSOFT_ADS_DEVELOPER_TOKEN", "Developer token"],
]);
