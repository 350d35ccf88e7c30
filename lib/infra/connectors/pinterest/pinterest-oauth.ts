// Signing in with Pinterest (Authentication and scopes,
// https://developers.pinterest.com/docs/getting-started/authentication-and-scopes/): the
// browser goes to https://www.pinterest.com/oauth/ with `response_type=code`, the
// comma-separated scopes of the requested services and `state`; Pinterest redirects back
// with `code`, which we exchange at POST https://api.pinterest.com/v5/oauth/token
// ("Generate OAuth access token", v5 reference) with HTTP Basic client authentication
// (app id : app secret), `grant_type=authorization_code` and the same `redirect_uri`
// (form body). Scopes:
//   pinterest_ads -> ads:read (ad account names), biz_access:read, biz_access:write
//     (listing the business's assets and sharing them with a partner)
//   no service (the dashboard's agency connection) -> user_accounts:read, biz_access:read
//     (its identity, the partner access its checks and receipts read back, its received
//     invites), biz_access:write (accepting a client's partner invite, "Accept or decline an
//     invite/request", PATCH /v5/businesses/invites, security biz_access:write in
//     pinterest/api-description v5/openapi.yaml)
// Token lifetimes ("Generate OAuth access token", POST /v5/oauth/token, pinterest/api-description
// v5/openapi.yaml, https://github.com/pinterest/api-description; "Set up authentication and
// authorization", https://developers.pinterest.com/docs/getting-started/set-up-authentication-and-authorization/):
// the access token lives 30 days (`expires_in` 2592000); the refresh token is a continuous
// refresh token, 60 days, "refreshable indefinitely": every refresh answers a new one
// (`refresh_token`, `refresh_token_expires_in`, `refresh_token_expires_at` are required in the
// refresh answer), which replaces the one spent. Apps created before 25 September 2025 ask for
// it with `continuous_refresh=true` on the code exchange (the legacy 365-day token is gone).
import { tokenExchangeError } from "@/lib/infra/connectors/oauth-answers";
import { ConnectorError, type RefreshedTokens, type SignInTokens } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { PINTEREST_API, str } from "@/lib/infra/connectors/pinterest/pinterest-api";
import { pinterestError } from "@/lib/infra/connectors/pinterest/pinterest-errors";

export const PINTEREST_AUTH_URL = "https://www.pinterest.com/oauth/";

export const PINTEREST_SCOPES: Readonly<Record<string, readonly string[]>> = {
  pinterest_ads: ["ads:read", "biz_access:read", "biz_access:write"],
};
export const PINTEREST_IDENTITY_SCOPES = ["user_accounts:read", "biz_access:read", "biz_access:write"] as const;

export type PinterestCredentials = { appId: string; appSecret: string };

export function pinterestScopes(serviceIds: readonly string[]): string[] {
  if (serviceIds.length === 0) return [...PINTEREST_IDENTITY_SCOPES];
  return [...new Set(serviceIds.flatMap((id) => PINTEREST_SCOPES[id] ?? []))];
}

export function pinterestAuthorizationUrl(
  http: ConnectorHttp,
  creds: PinterestCredentials,
  input: { state: string; redirectUri: string; serviceIds: readonly string[] },
): string {
  const url = new URL(PINTEREST_AUTH_URL);
  url.searchParams.set("client_id", creds.appId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", pinterestScopes(input.serviceIds).join(","));
  url.searchParams.set("state", input.state);
  return http.rewrite(url).toString();
}

const basicAuth = (creds: PinterestCredentials) =>
  `Basic ${Buffer.from(`${creds.appId}:${creds.appSecret}`).toString("base64")}`;

/** The token answer's lifetimes, counted from `now` (ms). */
function tokensOf(body: Record<string, unknown>, now: number): SignInTokens | null {
  const accessToken = str(body.access_token);
  if (!accessToken) return null;
  const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
  const refreshToken = str(body.refresh_token);
  const refreshIn = typeof body.refresh_token_expires_in === "number" ? body.refresh_token_expires_in : null;
  return {
    accessToken,
    refreshToken,
    expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null,
    refreshTokenExpiresAt: refreshToken && refreshIn ? new Date(now + refreshIn * 1000) : null,
  };
}

export async function exchangePinterestCode(
  http: ConnectorHttp,
  creds: PinterestCredentials,
  input: { code: string; redirectUri: string; agency?: boolean },
  now = Date.now(),
): Promise<SignInTokens> {
  const res = await http.send({
    method: "POST",
    url: `${PINTEREST_API}/oauth/token`,
    headers: { Authorization: basicAuth(creds) },
    form: {
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: input.redirectUri,
      // the agency's connection is kept: a continuous refresh token (see above)
      ...(input.agency ? { continuous_refresh: "true" } : {}),
    },
  });
  if (res.status === 200) {
    const tokens = tokensOf((res.json ?? {}) as Record<string, unknown>, now);
    if (!tokens) throw new ConnectorError("server_error", "Pinterest's token answer has no access_token");
    return tokens;
  }
  const err = pinterestError(res);
  // 400: the code is unknown, used or expired, or the redirect_uri differs from the authorization's.
  if (res.status === 400)
    throw new ConnectorError("invalid_state", "The Pinterest sign-in could not be completed. Please start again.", {
      cause: err,
    });
  throw tokenExchangeError("pinterest", "Pinterest", res, typeof err.code === "string" ? err.code : null);
}

/**
 * A new access token for the agency's connection: POST /v5/oauth/token with HTTP Basic client
 * authentication and `grant_type=refresh_token`, `refresh_token` (OauthAccessTokenRequestRefresh,
 * pinterest/api-description v5/openapi.yaml). The answer carries a new continuous refresh token
 * (OauthAccessTokenResponseRefresh: refresh_token, refresh_token_expires_in required), kept in
 * place of the spent one. A refresh token Pinterest no longer honours (expired, the user removed
 * the app, revoked) answers 400: the agency signs in again. A 401 is the app's own credentials
 * (Authentication failed): a setup fault, not the agency's sign-in.
 */
export async function refreshPinterestToken(
  http: ConnectorHttp,
  creds: PinterestCredentials,
  refreshToken: string,
  now: Date,
): Promise<RefreshedTokens> {
  const res = await http.send({
    method: "POST",
    url: `${PINTEREST_API}/oauth/token`,
    headers: { Authorization: basicAuth(creds) },
    form: { grant_type: "refresh_token", refresh_token: refreshToken },
  });
  if (res.status === 200) {
    const tokens = tokensOf((res.json ?? {}) as Record<string, unknown>, now.getTime());
    if (!tokens) throw new ConnectorError("server_error", "Pinterest's token answer has no access_token");
    return tokens;
  }
  const err = pinterestError(res);
  if (res.status === 400)
    throw new ConnectorError("reauth", `Pinterest refused the agency's refresh token: ${err.message}`, { cause: err });
  throw tokenExchangeError("pinterest", "Pinterest", res, typeof err.code === "string" ? err.code : null);
}
