// Verify on the Platforms page for LinkedIn: one real, harmless call that proves the app's
// credentials without any client (verify-probe.ts for what every platform shares).
import {
  body,
  oauthError,
  codeExchange,
  tokenProbeVerifier,
  type PlatformVerifier,
  type TokenProbe,
} from "@/lib/infra/connectors/verify-probe";

/** LinkedIn: https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow#step-3-exchange-authorization-code-for-an-access-token */
const LINKEDIN: TokenProbe = {
  name: "LinkedIn",
  send: codeExchange("https://www.linkedin.com/oauth/v2/accessToken", "LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"),
  badClient: (r) => r.status === 401 || oauthError(r) === "invalid_client",
  // LinkedIn answers an unknown code with invalid_request naming the authorization code
  badCode: (r) =>
    oauthError(r) === "invalid_grant" ||
    (oauthError(r) === "invalid_request" && /authorization code/i.test(String(body(r).error_description ?? ""))),
};

export const verifyLinkedIn: PlatformVerifier = tokenProbeVerifier(LINKEDIN, [
  ["LINKEDIN_CLIENT_ID", "Client ID"],
  ["LINKEDIN_CLIENT_SECRET", "Client secret"],
]);
