// Signing in with HubSpot (OAuth, https://developers.hubspot.com/docs/guides/apps/authentication/working-with-oauth;
// v1 token endpoints, https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/guide):
// the browser goes to https://app.hubspot.com/oauth/authorize with `client_id`, `redirect_uri`,
// the space-separated `scope` and `state`; the user picks the account (portal) to install the
// app in, so one sign-in is one portal. HubSpot redirects back with `code`, or with
// `error=access_denied` when the user declines (the client is told they cancelled). The code is
// exchanged at POST https://api.hubapi.com/oauth/v1/token (the official SDK's TokensApi.create,
// HubSpot/hubspot-api-nodejs codegen/oauth; form: `grant_type=authorization_code`,
// `client_id`, `client_secret`, `redirect_uri`, `code`); a refused code answers 400 with
// `status` BAD_AUTH_CODE or BAD_REDIRECT_URI (`invalid_grant` on the newer endpoints).
// Scopes (Scopes reference, https://developers.hubspot.com/scopes): `oauth` is the basic scope
// every HubSpot app has and cannot remove, and an app's required scopes "must be present in
// the scope query parameter in your app's install URL for successful installation": without
// it HubSpot answers "Authorization failed because the provided scopes are insufficient". So
// every install URL carries `oauth`:
//   hubspot_portal -> oauth, settings.users.read, settings.users.write (User provisioning)
//   no service (the dashboard's agency connection) -> oauth (token introspection only)
// The app registered on HubSpot's side requires exactly HUBSPOT_APP_SCOPES (the Platforms
// page lists them).
// Token lifetimes: an access token lives 30 minutes ("Expiration of OAuth access tokens is
// changing", https://developers.hubspot.com/changelog/upcoming-expiration-of-oauth-access-tokens-is-changing;
// follow `expires_in`); the refresh token comes with every code exchange and has no stated
// expiry: it stops working when the app is uninstalled from the account or the user who
// installed it is removed ("Refresh an access token", v1 guide above). The agency's connection
// keeps it and renews with it (refreshHubSpotToken).
import { ConnectorError, type RefreshedTokens, type SignInTokens } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { HUBSPOT_API, str } from "@/lib/infra/connectors/hubspot/hubspot-api";
import { hubspotError } from "@/lib/infra/connectors/hubspot/hubspot-errors";

export const HUBSPOT_AUTH_URL = "https://app.hubspot.com/oauth/authorize";

/** Required of every HubSpot app, so always in the install URL. */
export const HUBSPOT_BASE_SCOPES = ["oauth"] as const;
export const HUBSPOT_SCOPES: Readonly<Record<string, readonly string[]>> = {
  hubspot_portal: ["settings.users.read", "settings.users.write"],
};
/** The scopes the operator configures on the app (the Platforms page). */
export const HUBSPOT_APP_SCOPES: readonly string[] = [
  ...new Set([...HUBSPOT_BASE_SCOPES, ...Object.values(HUBSPOT_SCOPES).flat()]),
];

export type HubSpotCredentials = { clientId: string; clientSecret: string };

export function hubspotScopes(serviceIds: readonly string[]): string[] {
  return [...new Set([...HUBSPOT_BASE_SCOPES, ...serviceIds.flatMap((id) => HUBSPOT_SCOPES[id] ?? [])])];
}

export function hubspotAuthorizationUrl(
  http: ConnectorHttp,
  creds: HubSpotCredentials,
  input: { state: string; redirectUri: string; serviceIds: readonly string[] },
): string {
  const url = new URL(HUBSPOT_AUTH_URL);
  url.searchParams.set("client_id", creds.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("scope", hubspotScopes(input.serviceIds).join(" "));
  url.searchParams.set("state", input.state);
  return http.rewrite(url).toString();
}

export async function exchangeHubSpotCode(
  http: ConnectorHttp,
  creds: HubSpotCredentials,
  input: { code: string; redirectUri: string },
  now = Date.now(),
): Promise<SignInTokens> {
  const res = await http.send({
    method: "POST",
    url: `${HUBSPOT_API}/oauth/v1/token`,
    form: {
      grant_type: "authorization_code",
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      redirect_uri: input.redirectUri,
      code: input.code,
    },
  });
  if (res.status === 200) {
    const body = (res.json ?? {}) as Record<string, unknown>;
    const accessToken = str(body.access_token);
    if (!accessToken) throw new ConnectorError("server_error", "HubSpot's token answer has no access_token");
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
    return {
      accessToken,
      refreshToken: str(body.refresh_token),
      expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null,
    };
  }
  const err = hubspotError(res);
  if (
    res.status === 400 &&
    ["BAD_AUTH_CODE", "BAD_REDIRECT_URI", "invalid_grant", "BAD_REQUEST"].includes(err.category ?? "")
  ) {
    throw new ConnectorError("invalid_state", "The HubSpot sign-in could not be completed. Please start again.", {
      cause: err,
    });
  }
  throw new ConnectorError(
    "server_error",
    `HubSpot token exchange failed (${res.status} ${err.category ?? ""}): ${err.message}`,
    { cause: err },
  );
}

/**
 * A new access token for the agency's connection ("Refresh an access token", POST
 * https://api.hubapi.com/oauth/v1/token,
 * https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/refresh-oauth-token;
 * form `grant_type=refresh_token`, `client_id`, `client_secret`, `refresh_token`). HubSpot answers
 * the same refresh token (kept; a different one would replace it) and a 30-minute access token. A
 * refresh token HubSpot no longer honours (the app was uninstalled, the user removed) answers 400
 * BAD_REFRESH_TOKEN (`invalid_grant` on the newer endpoints): the agency signs in again.
 */
export async function refreshHubSpotToken(
  http: ConnectorHttp,
  creds: HubSpotCredentials,
  refreshToken: string,
  now: Date,
): Promise<RefreshedTokens> {
  const res = await http.send({
    method: "POST",
    url: `${HUBSPOT_API}/oauth/v1/token`,
    form: {
      grant_type: "refresh_token",
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      refresh_token: refreshToken,
    },
  });
  if (res.status === 200) {
    const body = (res.json ?? {}) as Record<string, unknown>;
    const accessToken = str(body.access_token);
    if (!accessToken) throw new ConnectorError("server_error", "HubSpot's token answer has no access_token");
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
    const next = str(body.refresh_token);
    return {
      accessToken,
      refreshToken: next && next !== refreshToken ? next : null,
      expiresAt: expiresIn ? new Date(now.getTime() + expiresIn * 1000) : null,
    };
  }
  const err = hubspotError(res);
  if (res.status === 400 && ["BAD_REFRESH_TOKEN", "invalid_grant"].includes(err.category ?? ""))
    throw new ConnectorError("reauth", `HubSpot refused the agency's refresh token: ${err.message}`, { cause: err });
  if (res.status === 429 || res.status >= 500)
    throw new ConnectorError(
      "rate_limited",
      "HubSpot could not renew the agency's sign-in right now. Please try again in a few minutes.",
      { cause: err },
    );
  throw new ConnectorError(
    "server_error",
    `HubSpot token refresh failed (${res.status} ${err.category ?? ""}): ${err.message}`,
    { cause: err },
  );
}

export type HubSpotTokenInfo = { hubId: string; hubDomain: string | null; user: string | null; userId: string | null };

export const HUBSPOT_INTROSPECT_PATH = "/oauth/v3/token/introspect";

/**
 * The portal a token belongs to, by token introspection ("Token introspection endpoint",
 * POST https://api.hubapi.com/oauth/v3/token/introspect,
 * https://developers.hubspot.com/docs/api-reference/auth-oauth-v3/public-token/post-oauth-v3-token-introspect;
 * the v1 GET /oauth/v1/access-tokens/{token} is deprecated, v1 migration guide
 * https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/migration-guide).
 * A form body with `client_id`, `client_secret`, `token` and `token_type_hint`, so the token
 * never sits in a URL. The answer for an access token has `active`, `hub_id`, `hub_domain`,
 * `user`, `user_id`, `scopes`, `client_id`, `token_use` ("access_token"); an expired or revoked
 * token answers `active: false` and the client signs in again.
 */
export async function hubspotTokenInfo(
  http: ConnectorHttp,
  creds: HubSpotCredentials,
  accessToken: string,
): Promise<HubSpotTokenInfo> {
  const res = await http.send({
    method: "POST",
    url: `${HUBSPOT_API}${HUBSPOT_INTROSPECT_PATH}`,
    form: {
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      token: accessToken,
      token_type_hint: "access_token",
    },
  });
  if (res.status < 200 || res.status >= 300) throw hubspotError(res);
  const body = (res.json ?? {}) as Record<string, unknown>;
  if (body.active !== true)
    throw new ConnectorError("reauth", "Your HubSpot sign-in has expired. Please sign in again.");
  const hubId = str(body.hub_id);
  if (!hubId) throw new ConnectorError("server_error", "HubSpot's token introspection has no hub_id");
  return { hubId, hubDomain: str(body.hub_domain), user: str(body.user), userId: str(body.user_id) };
}
