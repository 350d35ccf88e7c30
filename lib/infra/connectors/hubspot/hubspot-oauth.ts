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
// Scopes:
//   hubspot_portal -> settings.users.read, settings.users.write (User provisioning)
//   no service (the dashboard's agency connection) -> oauth (token metadata only)
import { ConnectorError, type SignInTokens } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { HUBSPOT_API, hubspotCall, str } from "@/lib/infra/connectors/hubspot/hubspot-api";
import { HubSpotApiError, hubspotError } from "@/lib/infra/connectors/hubspot/hubspot-errors";

export const HUBSPOT_AUTH_URL = "https://app.hubspot.com/oauth/authorize";

export const HUBSPOT_SCOPES: Readonly<Record<string, readonly string[]>> = {
  hubspot_portal: ["settings.users.read", "settings.users.write"],
};
export const HUBSPOT_IDENTITY_SCOPES = ["oauth"] as const;

export type HubSpotCredentials = { clientId: string; clientSecret: string };

export function hubspotScopes(serviceIds: readonly string[]): string[] {
  if (serviceIds.length === 0) return [...HUBSPOT_IDENTITY_SCOPES];
  return [...new Set(serviceIds.flatMap((id) => HUBSPOT_SCOPES[id] ?? []))];
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

export type HubSpotTokenInfo = { hubId: string; hubDomain: string | null; user: string | null; userId: string | null };

/**
 * The portal a token belongs to: "Retrieve OAuth token metadata" (the official SDK's AccessTokensApi.get, GET /oauth/v1/access-tokens/{token},
 * https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/get-oauth-token-metadata),
 * `hub_id`, `hub_domain`, `user`, `user_id`. The token is in the path: the shared client's
 * log redaction hides that segment.
 */
export async function hubspotTokenInfo(http: ConnectorHttp, accessToken: string): Promise<HubSpotTokenInfo> {
  const body = await hubspotCall(http, {
    path: `/oauth/v1/access-tokens/${encodeURIComponent(accessToken)}`,
    accessToken,
  }).catch((err: unknown) => {
    // An unknown (expired or revoked) token has no metadata: the client signs in again.
    if (err instanceof HubSpotApiError && err.status === 404)
      throw new ConnectorError("reauth", "Your HubSpot sign-in has expired. Please sign in again.", { cause: err });
    throw err;
  });
  const hubId = str(body.hub_id);
  if (!hubId) throw new ConnectorError("server_error", "HubSpot's token metadata has no hub_id");
  return { hubId, hubDomain: str(body.hub_domain), user: str(body.user), userId: str(body.user_id) };
}
