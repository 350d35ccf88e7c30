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
  // Google Ads cannot be called without a signed-in user: say which of the two modes the settings
  // give ("Cloud-managed access levels", https://developers.google.com/google-ads/api/docs/concepts/no-developer-token)
  (v, r) => (r.ok ? { ok: true, message: `${r.message} ${googleAdsMode(!!v.GOOGLE_ADS_DEVELOPER_TOKEN)}` } : r),
);

/** The Google Ads access mode the settings give, as Verify and the Platforms page say it. */
export function googleAdsMode(hasDeveloperToken: boolean): string {
  return hasDeveloperToken
    ? "Google Ads mode: developer token. Every Google Ads call sends it."
    : "Google Ads mode: Cloud-managed access, no developer token. Google Ads calls go without one, which Google accepts where the Cloud project's Google Ads access level is managed by its Google Cloud organisation; where it is not, the Google Ads services answer that a developer token is needed.";
}
