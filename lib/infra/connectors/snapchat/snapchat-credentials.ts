// Verify on the Platforms page for Snapchat: one real, harmless call that proves the app's
// credentials without any client (verify-probe.ts for what every platform shares).
import {
  oauthError,
  codeExchange,
  tokenProbeVerifier,
  type PlatformVerifier,
  type TokenProbe,
} from "@/lib/infra/connectors/verify-probe";

/** Snapchat: https://developers.snap.com/api/marketing-api/Ads-API/authentication (access token request) */
const SNAPCHAT: TokenProbe = {
  name: "Snapchat",
  send: codeExchange(
    "https://accounts.snapchat.com/login/oauth2/access_token",
    "SNAPCHAT_CLIENT_ID",
    "SNAPCHAT_CLIENT_SECRET",
  ),
  badClient: (r) => r.status === 401 || oauthError(r) === "invalid_client",
  badCode: (r) => oauthError(r) === "invalid_grant",
};

export const verifySnapchat: PlatformVerifier = tokenProbeVerifier(SNAPCHAT, [
  ["SNAPCHAT_CLIENT_ID", "Client ID"],
  ["SNAPCHAT_CLIENT_SECRET", "Client secret"],
]);
