// Signing in with TikTok API for Business (Authentication,
// https://business-api.tiktok.com/portal/docs?id=1738373164380162): the client approves our
// app on TikTok's advertiser authorization page, TikTok redirects back with `auth_code`
// and `state`, and we exchange the code at /oauth2/access_token/ (Get access token,
// https://business-api.tiktok.com/portal/docs?id=1739965703387137) with the app id and
// secret in a JSON body. The page takes no scope list: the app's permissions are chosen
// on the app in TikTok's developer portal (see README "Platforms"), and TikTok documents
// no PKCE for this flow. Advertiser access tokens do not expire; a revoked one answers
// a token error code (-> reauth).
import { ConnectorError, type SignInTokens } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { str, tiktokCall, TIKTOK_HOST } from "@/lib/infra/connectors/tiktok/tiktok-api";
import { TikTokApiError, TIKTOK_INVALID_AUTH_CODE } from "@/lib/infra/connectors/tiktok/tiktok-errors";
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

export async function exchangeTikTokCode(
  http: ConnectorHttp,
  creds: TikTokCredentials,
  code: string,
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
    return { accessToken, refreshToken: null, expiresAt: null };
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
