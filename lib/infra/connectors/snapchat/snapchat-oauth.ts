// Signing in with Snapchat (Authentication,
// https://developers.snap.com/api/marketing-api/Ads-API/authentication): the browser goes to
// GET https://accounts.snapchat.com/login/oauth2/authorize with `client_id`, `redirect_uri`
// (must match the OAuth app's), `response_type=code`, `scope=snapchat-marketing-api` and
// `state`; Snapchat redirects back with `code` (or `error=access_denied` when the user
// declines: the client is told they cancelled). The code is exchanged at POST
// https://accounts.snapchat.com/login/oauth2/access_token with `grant_type=authorization_code`,
// `client_id`, `client_secret`, `code` and the same `redirect_uri` (form body); the answer
// carries `access_token`, `refresh_token` and `expires_in` (1800 s). A refused code answers
// 400 `invalid_grant` (expired, used or another redirect_uri). The one scope covers reading
// organizations and ad accounts and managing members and roles, and the agency side too.
// The refresh token comes with every code exchange (there is no offline switch to ask for);
// the agency's connection keeps it and renews its 30-minute access token with it
// (refreshSnapchatToken). Snapchat states no lifetime for the refresh token.
import { ConnectorError, type RefreshedTokens, type SignInTokens } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { str } from "@/lib/infra/connectors/snapchat/snapchat-api";
import { snapchatError } from "@/lib/infra/connectors/snapchat/snapchat-errors";

export const SNAPCHAT_ACCOUNTS = "https://accounts.snapchat.com/login/oauth2";
export const SNAPCHAT_SCOPE = "snapchat-marketing-api";

export type SnapchatCredentials = { clientId: string; clientSecret: string };

export function snapchatAuthorizationUrl(
  http: ConnectorHttp,
  creds: SnapchatCredentials,
  input: { state: string; redirectUri: string },
): string {
  const url = new URL(`${SNAPCHAT_ACCOUNTS}/authorize`);
  url.searchParams.set("client_id", creds.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", SNAPCHAT_SCOPE);
  url.searchParams.set("state", input.state);
  return http.rewrite(url).toString();
}

export async function exchangeSnapchatCode(
  http: ConnectorHttp,
  creds: SnapchatCredentials,
  input: { code: string; redirectUri: string },
  now = Date.now(),
): Promise<SignInTokens> {
  const res = await http.send({
    method: "POST",
    url: `${SNAPCHAT_ACCOUNTS}/access_token`,
    form: {
      grant_type: "authorization_code",
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      code: input.code,
      redirect_uri: input.redirectUri,
    },
  });
  if (res.status === 200) {
    const body = (res.json ?? {}) as Record<string, unknown>;
    const accessToken = str(body.access_token);
    if (!accessToken) throw new ConnectorError("server_error", "Snapchat's token answer has no access_token");
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
    return {
      accessToken,
      refreshToken: str(body.refresh_token),
      expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null,
    };
  }
  const err = snapchatError(res);
  if (res.status === 400 && (err.code === "invalid_grant" || err.code === "invalid_request")) {
    throw new ConnectorError("invalid_state", "The Snapchat sign-in could not be completed. Please start again.", {
      cause: err,
    });
  }
  throw new ConnectorError(
    "server_error",
    `Snapchat token exchange failed (${res.status} ${err.code ?? ""}): ${err.message}`,
    { cause: err },
  );
}

/**
 * A new access token for the agency's connection ("Refresh the Access Token", Authentication,
 * https://developers.snap.com/api/marketing-api/Ads-API/authentication): POST
 * https://accounts.snapchat.com/login/oauth2/access_token with `refresh_token`, `client_id`,
 * `client_secret` and `grant_type=refresh_token` (form body); the answer has the same shape as the
 * code exchange's (`access_token`, `refresh_token`, `expires_in` 1800). A refresh token in the
 * answer is kept in place of the one spent. A refresh token Snapchat no longer honours (the user
 * revoked the app, or it expired) answers 400 `invalid_grant`: the agency signs in again.
 */
export async function refreshSnapchatToken(
  http: ConnectorHttp,
  creds: SnapchatCredentials,
  refreshToken: string,
  now: Date,
): Promise<RefreshedTokens> {
  const res = await http.send({
    method: "POST",
    url: `${SNAPCHAT_ACCOUNTS}/access_token`,
    form: {
      refresh_token: refreshToken,
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      grant_type: "refresh_token",
    },
  });
  if (res.status === 200) {
    const body = (res.json ?? {}) as Record<string, unknown>;
    const accessToken = str(body.access_token);
    if (!accessToken) throw new ConnectorError("server_error", "Snapchat's token answer has no access_token");
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
    const next = str(body.refresh_token);
    return {
      accessToken,
      refreshToken: next && next !== refreshToken ? next : null,
      expiresAt: expiresIn ? new Date(now.getTime() + expiresIn * 1000) : null,
    };
  }
  const err = snapchatError(res);
  if (res.status === 400 && err.code === "invalid_grant")
    throw new ConnectorError("reauth", `Snapchat refused the agency's refresh token: ${err.message}`, { cause: err });
  if (res.status === 429 || res.status >= 500)
    throw new ConnectorError(
      "rate_limited",
      "Snapchat could not renew the agency's sign-in right now. Please try again in a few minutes.",
      { cause: err },
    );
  throw new ConnectorError(
    "server_error",
    `Snapchat token refresh failed (${res.status} ${err.code ?? ""}): ${err.message}`,
    { cause: err },
  );
}
