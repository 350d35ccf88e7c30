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
import { tokenExchangeError } from "@/lib/infra/connectors/oauth-answers";
import { ConnectorError, type SignInTokens } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { PINTEREST_API, str } from "@/lib/infra/connectors/pinterest/pinterest-api";
import { pinterestError } from "@/lib/infra/connectors/pinterest/pinterest-errors";

export const PINTEREST_AUTH_URL = "https://www.pinterest.com/oauth/";

export const PINTEREST_SCOPES: Readonly<Record<string, readonly string[]>> = {
  pinterest_ads: ["ads:read", "biz_access:read", "biz_access:write"],
};
export const PINTEREST_IDENTITY_SCOPES = ["user_accounts:read", "biz_access:read"] as const;

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

export async function exchangePinterestCode(
  http: ConnectorHttp,
  creds: PinterestCredentials,
  input: { code: string; redirectUri: string },
  now = Date.now(),
): Promise<SignInTokens> {
  const res = await http.send({
    method: "POST",
    url: `${PINTEREST_API}/oauth/token`,
    headers: { Authorization: `Basic ${Buffer.from(`${creds.appId}:${creds.appSecret}`).toString("base64")}` },
    form: { grant_type: "authorization_code", code: input.code, redirect_uri: input.redirectUri },
  });
  if (res.status === 200) {
    const body = (res.json ?? {}) as Record<string, unknown>;
    const accessToken = str(body.access_token);
    if (!accessToken) throw new ConnectorError("server_error", "Pinterest's token answer has no access_token");
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
    return {
      accessToken,
      refreshToken: str(body.refresh_token),
      expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null,
    };
  }
  const err = pinterestError(res);
  // 400: the code is unknown, used or expired, or the redirect_uri differs from the authorization's.
  if (res.status === 400)
    throw new ConnectorError("invalid_state", "The Pinterest sign-in could not be completed. Please start again.", {
      cause: err,
    });
  throw tokenExchangeError("pinterest", "Pinterest", res, typeof err.code === "string" ? err.code : null);
}
