// Verify on the Platforms page for Google: one real, harmless call that proves the app's
// credentials without any client (verify-probe.ts for what every platform shares).
import {
  oauthError,
  codeExchange,
  tokenProbeVerifier,
  type PlatformVerifier,
  type TokenProbe,
} from "@/lib/infra/connectors/verify-probe";

/** Google: https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code */
const GOOGLE: TokenProbe = {
  name: "Google",
  send: codeExchange("https://oauth2.googleapis.com/token", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"),
  badClient: (r) => r.status === 401 || oauthError(r) === "invalid_client",
  badCode: (r) => oauthError(r) === "invalid_grant",
};

export const verifyGoogle: PlatformVerifier = tokenProbeVerifier(
  GOOGLE,
  [
    ["GOOGLE_CLIENT_ID", "OAuth client ID"],
    ["GOOGLE_CLIENT_SECRET", "OAuth client secret"],
  ],
  // the Ads developer token cannot be checked without a signed-in user; say what is missing
  (v, r) =>
    r.ok && !v.GOOGLE_ADS_DEVELOPER_TOKEN
      ? {
          ok: true,
          message: `${r.message} No Google Ads developer token is set: the Google Ads services stay unavailable until one is.`,
        }
      : r,
);
