// Signing in with TikTok API for Business (Authentication,
// https://business-api.tiktok.com/portal/docs?id=1738373164380162): the client approves our
// app on TikTok's advertiser authorization page, TikTok redirects back with `auth_code`
// and `state`, and we exchange the code at /oauth2/access_token/ (Get access token,
// https://business-api.tiktok.com/portal/docs?id=1739965703387137) with the app id and
// secret in a JSON body. The page takes no scope list: the app's permissions are chosen
// on the app in TikTok's developer portal (see README "Platforms"), and TikTok documents
// no PKCE for this flow. The agency's connection asks for nothing more than a client's: what
// its checks read (Business Center members, partner assets) is the app's Business Center
// Management and Ad Account Management permissions, chosen on the app.
//
// How long it lasts: the advertiser authorization's answer is a long-term access token with no
// expiry and no refresh token ("Get access token", docs id 1739965703387137: access_token,
// advertiser_ids, scope); it works until the user cancels the authorization, then answers a
// token error code (-> reauth, "Reconnect"). Where TikTok answers a token that expires (the
// answer then carries `expires_in` with `refresh_token` and `refresh_token_expires_in`: 24 hours
// and one year in TikTok's official SDK's description of this endpoint,
// tiktok/tiktok-business-api-sdk js_sdk/docs/AuthenticationApi.md), the refresh token is kept and
// the token is renewed at /oauth2/refresh_token/ before use (refreshTikTokToken), keeping the
// newest refresh token when TikTok answers one.
import { ConnectorError, type RefreshedTokens, type SignInTokens } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { str, tiktokCall, TIKTOK_HOST } from "@/lib/infra/connectors/tiktok/tiktok-api";
import {
  TikTokApiError,
  TIKTOK_INVALID_AUTH_CODE,
  TIKTOK_TOKEN_CODES,
} from "@/lib/infra/connectors/tiktok/tiktok-errors";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";

export const TIKTOK_AUTH_URL = `https://${TIKTOK_HOST}/portal/auth`;

export type TikTokCredentials = { appId: string; appSecret: string };

export function tiktokAuthorizationUrl(
  http: ConnectorHttp,
  creds: TikTokCredentials,
  input: { state: string; redirectUri: string },
): string {
  const url = new URL(TIKTOK_AUTH_URL);
  url.searchParams.set("app_id", creds.appId);
  url.searchParams.set("state", input.state);
  url.searchParams.set("redirect_uri", input.redirectUri);
  return http.rewrite(url).toString();
}

/** The token answer: a long-term token as it is, or an expiring one with its refresh token. */
function tokensOf(data: Record<string, unknown>, accessToken: string, now: number): SignInTokens {
  const seconds = (v: unknown) => (typeof v === "number" && v > 0 ? v : null);
  const expiresIn = seconds(data.expires_in);
  const refreshToken = str(data.refresh_token);
  const refreshIn = seconds(data.refresh_token_expires_in);
  return {
    accessToken,
    refreshToken,
    expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null,
    refreshTokenExpiresAt: refreshToken && refreshIn ? new Date(now + refreshIn * 1000) : null,
  };
}

export async function exchangeTikTokCode(
  http: ConnectorHttp,
  creds: TikTokCredentials,
  code: string,
  now = Date.now(),
): Promise<SignInTokens> {
  try {
    // POST /open_api/v1.3/oauth2/access_token/ (Get access token, docs id 1739965703387137)
    const data = await tiktokCall(http, {
      method: "POST",
      path: "/oauth2/access_token/",
      json: { app_id: creds.appId, secret: creds.appSecret, auth_code: code },
    });
    const accessToken = str(data.access_token);
    if (!accessToken) throw new ConnectorError("server_error", "TikTok's token answer has no access_token");
    return tokensOf(data, accessToken, now);
  } catch (err) {
    if (err instanceof TikTokApiError && err.code === TIKTOK_INVALID_AUTH_CODE) {
      throw new ConnectorError("invalid_state", "The TikTok sign-in could not be completed. Please start again.", {
        cause: err,
      });
    }
    const mapped = toConnectorError("TikTok", err);
    // A token error cannot happen before there is a token: TikTok refused our app.
    throw mapped.kind === "reauth" || mapped.kind === "platform_error"
      ? new ConnectorError("server_error", `TikTok token exchange refused: ${mapped.message}`, { cause: err })
      : mapped;
  }
}

/**
 * A new access token from the agency's refresh token, for a sign-in TikTok answered with one:
 * POST /open_api/v1.3/oauth2/refresh_token/ with `{ app_id, secret, refresh_token, grant_type:
 * "refresh_token" }` (JSON, like the code exchange; Authentication,
 * https://business-api.tiktok.com/portal/docs?id=1738373164380162). The answer's refresh token,
 * when there is one, replaces the spent one. A refresh token TikTok refuses (expired, or the
 * authorization cancelled) answers a token error code: the only answer that means "Reconnect".
 */
export async function refreshTikTokToken(
  http: ConnectorHttp,
  creds: TikTokCredentials,
  refreshToken: string,
  now: Date,
): Promise<RefreshedTokens> {
  try {
    const data = await tiktokCall(http, {
      method: "POST",
      path: "/oauth2/refresh_token/",
      json: { app_id: creds.appId, secret: creds.appSecret, refresh_token: refreshToken, grant_type: "refresh_token" },
    });
    const accessToken = str(data.access_token);
    if (!accessToken) throw new ConnectorError("server_error", "TikTok's refresh answer has no access_token");
    return tokensOf(data, accessToken, now.getTime());
  } catch (err) {
    if (err instanceof TikTokApiError && TIKTOK_TOKEN_CODES.includes(err.code))
      throw new ConnectorError("reauth", "TikTok says the agency's authorization was cancelled or has expired", {
        cause: err,
      });
    const mapped = toConnectorError("TikTok", err);
    // any other refusal is about our app (its id or secret), not the agency's sign-in
    throw mapped.kind === "platform_error"
      ? new ConnectorError("server_error", `TikTok refresh refused: ${mapped.message}`, { cause: err })
      : mapped;
  }
}
