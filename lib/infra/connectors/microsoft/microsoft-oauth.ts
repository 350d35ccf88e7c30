// Signing in with Microsoft (Microsoft identity platform and OAuth 2.0 authorization code
// flow, https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow,
// and Microsoft Advertising's "Request user consent",
// https://learn.microsoft.com/en-us/advertising/guides/authentication-oauth-consent?view=bingads-13):
// the browser goes to https://login.microsoftonline.com/common/oauth2/v2.0/authorize with
// `response_type=code`, `response_mode=query`, the scopes and a PKCE S256 `code_challenge`;
// the code comes back with `state` and is exchanged at /common/oauth2/v2.0/token (form body:
// client_id, client_secret, code, redirect_uri, grant_type, code_verifier, scope). A wrong
// or reused code, another redirect_uri or a code_verifier that does not match answer
// 400 `invalid_grant`. Every Microsoft Advertising service, and the dashboard's agency
// connection, needs the same scopes: `openid offline_access https://ads.microsoft.com/msads.manage`.
import { tokenExchangeError } from "@/lib/infra/connectors/oauth-answers";
import { ConnectorError, type RefreshedTokens, type SignInTokens } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { pkceChallenge } from "@/lib/infra/connectors/pkce";
import { str } from "@/lib/infra/connectors/microsoft/microsoft-api";
import { microsoftError } from "@/lib/infra/connectors/microsoft/microsoft-errors";

export const MICROSOFT_LOGIN_HOST = "login.microsoftonline.com";
export const MICROSOFT_OAUTH = `https://${MICROSOFT_LOGIN_HOST}/common/oauth2/v2.0`;
export const MICROSOFT_SCOPES = ["openid", "offline_access", "https://ads.microsoft.com/msads.manage"] as const;

/**
 * A refresh token lives 90 days and is replaced by a new one on every use
 * (https://learn.microsoft.com/en-us/entra/identity-platform/refresh-tokens, "Token lifetime").
 */
export const REFRESH_TOKEN_DAYS = 90;

export type MicrosoftCredentials = { clientId: string; clientSecret: string; developerToken: string };

export function microsoftAuthorizationUrl(
  http: ConnectorHttp,
  creds: MicrosoftCredentials,
  input: { state: string; redirectUri: string; codeVerifier: string },
): string {
  const url = new URL(`${MICROSOFT_OAUTH}/authorize`);
  url.searchParams.set("client_id", creds.clientId);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("response_mode", "query");
  url.searchParams.set("scope", MICROSOFT_SCOPES.join(" "));
  url.searchParams.set("state", input.state);
  url.searchParams.set("code_challenge", pkceChallenge(input.codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  return http.rewrite(url).toString();
}

export async function exchangeMicrosoftCode(
  http: ConnectorHttp,
  creds: MicrosoftCredentials,
  input: { code: string; redirectUri: string; codeVerifier: string },
  now = Date.now(),
): Promise<SignInTokens> {
  // POST https://login.microsoftonline.com/common/oauth2/v2.0/token ("Redeem a code for an access token")
  const res = await http.send({
    method: "POST",
    url: `${MICROSOFT_OAUTH}/token`,
    form: {
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      scope: MICROSOFT_SCOPES.join(" "),
      code: input.code,
      redirect_uri: input.redirectUri,
      grant_type: "authorization_code",
      code_verifier: input.codeVerifier,
    },
  });
  if (res.status === 200) {
    const body = (res.json ?? {}) as Record<string, unknown>;
    const accessToken = str(body.access_token);
    if (!accessToken) throw new ConnectorError("server_error", "Microsoft's token answer has no access_token");
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
    const refreshToken = str(body.refresh_token);
    return {
      accessToken,
      refreshToken,
      expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null,
      refreshTokenExpiresAt: refreshToken ? new Date(now + REFRESH_TOKEN_DAYS * 86400_000) : null,
    };
  }
  const err = microsoftError(res);
  if (res.status === 400 && (err.errorCode === "invalid_grant" || err.errorCode === "invalid_request")) {
    throw new ConnectorError("invalid_state", "The Microsoft sign-in could not be completed. Please start again.", {
      cause: err,
    });
  }
  const oauthError = (res.json as { error?: unknown } | null)?.error;
  throw tokenExchangeError("microsoft", "Microsoft", res, typeof oauthError === "string" ? oauthError : err.errorCode);
}

/**
 * A new access token for the agency's connection ("Refresh the access token",
 * https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow#refresh-the-access-token):
 * the answer carries a new refresh token, which replaces the one spent (Microsoft rotates them and
 * does not revoke the old one, https://learn.microsoft.com/en-us/entra/identity-platform/refresh-tokens).
 * An expired, revoked or inactive refresh token answers 400 invalid_grant: sign in again.
 */
export async function refreshMicrosoftToken(
  http: ConnectorHttp,
  creds: MicrosoftCredentials,
  refreshToken: string,
  now: Date,
): Promise<RefreshedTokens> {
  const res = await http.send({
    method: "POST",
    url: `${MICROSOFT_OAUTH}/token`,
    form: {
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      scope: MICROSOFT_SCOPES.join(" "),
      refresh_token: refreshToken,
      grant_type: "refresh_token",
    },
  });
  const body = (res.json ?? {}) as Record<string, unknown>;
  const accessToken = res.status === 200 ? str(body.access_token) : null;
  if (accessToken) {
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
    const rotated = str(body.refresh_token);
    return {
      accessToken,
      refreshToken: rotated,
      expiresAt: expiresIn ? new Date(now.getTime() + expiresIn * 1000) : null,
      refreshTokenExpiresAt: rotated ? new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86400_000) : null,
    };
  }
  if (body.error === "invalid_grant")
    throw new ConnectorError("reauth", "Microsoft says the agency's sign-in was revoked or has expired");
  throw tokenExchangeError("microsoft", "Microsoft", res, typeof body.error === "string" ? body.error : null);
}
