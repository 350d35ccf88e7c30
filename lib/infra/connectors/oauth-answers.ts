// Every answer a platform's OAuth documentation gives for the authorize redirect
// (`?error=...`) and the token exchange, per platform, sorted into what the client is
// told. A cancellation says the client cancelled and nothing was shared; a platform's
// refusal says why in the client's language; only our own failures are "something went
// wrong on our side". The client pages carry the answer as a fixed code, never the
// platform's text.
//
// Sources (authorize redirect and token endpoint errors):
// - RFC 6749 §4.1.2.1 and §5.2 (every platform's base): access_denied, invalid_request,
//   unauthorized_client, unsupported_response_type, invalid_scope, server_error,
//   temporarily_unavailable; token: invalid_request, invalid_client, invalid_grant,
//   unauthorized_client, unsupported_grant_type, invalid_scope.
// - Meta: Manual login flow, "Canceled login" (error=access_denied, error_reason=user_denied,
//   error_code=200), https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
// - Google: Using OAuth 2.0 for Web Server Applications, "Handle the OAuth 2.0 server
//   response" and "Authorization errors" (access_denied, admin_policy_enforced,
//   disallowed_useragent, org_internal, invalid_client, deleted_client, invalid_grant,
//   redirect_uri_mismatch, invalid_request), https://developers.google.com/identity/protocols/oauth2/web-server
//   and OpenID Connect prompt answers (consent_required, interaction_required, login_required),
//   https://developers.google.com/identity/openid-connect/openid-connect#authenticationuriparameters
// - TikTok: OAuth error handling (access_denied, invalid_client, invalid_grant,
//   invalid_request, invalid_scope, unauthorized_client, unsupported_grant_type,
//   unsupported_response_type, server_error, temporarily_unavailable),
//   https://developers.tiktok.com/doc/oauth-error-handling
// - LinkedIn: Authorization Code Flow, "Failed requests" (user_cancelled_login: the member
//   declined to log in; user_cancelled_authorize: the member refused to authorize the
//   permissions request; unauthorized_scope_error), https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow
// - Pinterest: Authentication and scopes (RFC 6749 answers, access_denied on Decline),
//   https://developers.pinterest.com/docs/getting-started/authentication-and-scopes/
// - Microsoft (Microsoft Advertising signs in on the Microsoft identity platform): OAuth 2.0
//   authorization code flow, "Error codes for authorization endpoint errors"
//   (invalid_request, unauthorized_client, access_denied, unsupported_response_type,
//   server_error, temporarily_unavailable, invalid_resource, login_required,
//   interaction_required) and OpenID Connect consent_required,
//   https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow#error-codes-for-authorization-endpoint-errors
// - Snapchat: Authentication (the RFC 6749 answers, access_denied on Cancel),
//   https://developers.snap.com/api/marketing-api/Ads-API/authentication
// - HubSpot: OAuth quickstart and the v1 token guide (RFC 6749 answers on the redirect,
//   access_denied when the user declines the install; token errors BAD_CLIENT_ID,
//   BAD_AUTH_CODE, BAD_REDIRECT_URI, BAD_GRANT_TYPE),
//   https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/guide
import { ConnectorError, type SignInAnswer } from "@/lib/infra/connectors/connector";
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";

const RFC6749: Readonly<Record<string, SignInAnswer>> = {
  access_denied: "denied",
  invalid_request: "setup",
  unauthorized_client: "setup",
  unsupported_response_type: "setup",
  invalid_scope: "setup",
  invalid_client: "setup",
  unsupported_grant_type: "setup",
  server_error: "busy",
  temporarily_unavailable: "busy",
  invalid_grant: "expired",
};

const OIDC_PROMPT: Readonly<Record<string, SignInAnswer>> = {
  consent_required: "denied",
  interaction_required: "again",
  login_required: "again",
};

/** Per platform, every documented `error` value of the authorize redirect and the token exchange. */
export const OAUTH_ANSWERS: Readonly<Record<string, Readonly<Record<string, SignInAnswer>>>> = {
  meta: { ...RFC6749 },
  google: {
    ...RFC6749,
    ...OIDC_PROMPT,
    admin_policy_enforced: "policy",
    org_internal: "policy",
    disallowed_useragent: "browser",
    deleted_client: "setup",
    redirect_uri_mismatch: "setup",
  },
  tiktok: { ...RFC6749 },
  linkedin: {
    ...RFC6749,
    user_cancelled_login: "denied",
    user_cancelled_authorize: "denied",
    unauthorized_scope_error: "setup",
  },
  pinterest: { ...RFC6749 },
  microsoft: { ...RFC6749, ...OIDC_PROMPT, invalid_resource: "setup" },
  snapchat: { ...RFC6749 },
  hubspot: {
    ...RFC6749,
    BAD_CLIENT_ID: "setup",
    BAD_REDIRECT_URI: "setup",
    BAD_GRANT_TYPE: "setup",
    BAD_AUTH_CODE: "expired",
  },
};

/** Meta's cancellation also says `error_reason=user_denied` (Manual login flow, "Canceled login"). */
const CANCEL_REASONS = new Set(["user_denied"]);

/** Every documented cancellation value, on any platform. */
export const CANCEL_VALUES: readonly string[] = [
  ...new Set(
    Object.values(OAUTH_ANSWERS)
      .flatMap((table) => Object.entries(table))
      .filter(([, answer]) => answer === "denied")
      .map(([value]) => value),
  ),
];

/**
 * What an authorize redirect's `error` (and Meta's `error_reason`) means for the client.
 * A platform we do not know, or a value its documentation does not give, reads with the
 * union of every platform's table, then as a refusal: never as our own failure.
 */
export function signInAnswer(platform: string | null, error: string, errorReason?: string | null): SignInAnswer {
  if (errorReason && CANCEL_REASONS.has(errorReason)) return "denied";
  const own = platform ? OAUTH_ANSWERS[platform]?.[error] : undefined;
  if (own) return own;
  for (const table of Object.values(OAUTH_ANSWERS)) if (table[error]) return table[error];
  return "refused";
}

/** A cancellation, whatever the platform (for callers that do not know it). */
export function isSignInCancellation(error: string | null, errorReason?: string | null): boolean {
  if (!error && !errorReason) return false;
  return signInAnswer(null, error ?? "", errorReason) === "denied";
}

/**
 * The error for a token endpoint's answer that carried no token (RFC 6749 §5.2 bodies
 * `{ error, error_description }`): a code that cannot be used is a new sign-in
 * (invalid_state), a platform outage or limit is "try again in a few minutes"
 * (rate_limited), a refusal of the app's settings is a platform error carrying the answer.
 */
export function tokenExchangeError(
  platform: string,
  platformName: string,
  res: HttpResponse,
  code: string | null,
): ConnectorError {
  const answer = code ? signInAnswer(platform, code) : null;
  if (res.status === 429 || res.status >= 500 || answer === "busy") {
    return new ConnectorError(
      "rate_limited",
      `${platformName} could not complete the sign-in right now. Please try again in a few minutes.`,
      { answer: "busy" },
    );
  }
  if (answer === "expired")
    return new ConnectorError(
      "invalid_state",
      `The ${platformName} sign-in could not be completed. Please start again.`,
      { answer: "expired" },
    );
  if (answer === "denied")
    return new ConnectorError("denied", `You cancelled the ${platformName} sign-in.`, { answer: "denied" });
  if (answer && answer !== "refused")
    return new ConnectorError("platform_error", `${platformName} refused the sign-in (${code}).`, { answer });
  return new ConnectorError("server_error", `${platformName} token exchange failed (${res.status} ${code ?? ""})`);
}
