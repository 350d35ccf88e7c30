// Signing in with LinkedIn (Authorization Code Flow,
// https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow):
// the browser goes to /oauth/v2/authorization with the scopes of the requested services,
// LinkedIn redirects back with `code` and `state`, and we exchange the code at
// /oauth/v2/accessToken with the client id and secret and the same redirect_uri (form
// body). The web flow with a client secret takes no PKCE (LinkedIn documents PKCE for
// native apps only). Scopes:
//   linkedin_ads  -> rw_ads (reading accounts and managing ad account users)
//   linkedin_page -> rw_organization_admin (reading and changing a Page's admin roles)
//   the dashboard's agency connection -> openid profile email (Sign In with LinkedIn using
//   OpenID Connect), for the member URN, name and email, and the read scopes its access checks
//   and receipts' read-backs use with the agency's own token: r_ads (the agency member's ad
//   account roles, "Find Ad Account Users by Authenticated User", Ad Account Users API,
//   https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-account-users)
//   and r_organization_admin (its Page roles, "Find a Member's Organization Access Control
//   Information", https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-access-control-by-role).
//   LinkedIn has no offline scope: an app approved for programmatic refresh tokens (Marketing
//   Developer Platform partners) receives a refresh token with every code exchange
//   (https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens).
import { tokenExchangeError } from "@/lib/infra/connectors/oauth-answers";
import { ConnectorError, type RefreshedTokens, type SignInTokens } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { linkedinError } from "@/lib/infra/connectors/linkedin/linkedin-errors";
import { str } from "@/lib/infra/connectors/linkedin/linkedin-api";

export const LINKEDIN_OAUTH = "https://www.linkedin.com/oauth/v2";

export const LINKEDIN_SCOPES: Readonly<Record<string, readonly string[]>> = {
  linkedin_ads: ["rw_ads"],
  linkedin_page: ["rw_organization_admin"],
};
export const LINKEDIN_IDENTITY_SCOPES = ["openid", "profile", "email"] as const;
/** the agency's own connection: who it is, and the reads of its own access (see above) */
export const LINKEDIN_AGENCY_SCOPES = [...LINKEDIN_IDENTITY_SCOPES, "r_ads", "r_organization_admin"] as const;

export type LinkedInCredentials = { clientId: string; clientSecret: string };

export function linkedinScopes(serviceIds: readonly string[], agency = false): string[] {
  if (agency) return [...LINKEDIN_AGENCY_SCOPES];
  if (serviceIds.length === 0) return [...LINKEDIN_IDENTITY_SCOPES];
  return [...new Set(serviceIds.flatMap((id) => LINKEDIN_SCOPES[id] ?? []))];
}

export function linkedinAuthorizationUrl(
  http: ConnectorHttp,
  creds: LinkedInCredentials,
  input: { state: string; redirectUri: string; serviceIds: readonly string[]; agency?: boolean },
): string {
  const url = new URL(`${LINKEDIN_OAUTH}/authorization`);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", creds.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("state", input.state);
  url.searchParams.set("scope", linkedinScopes(input.serviceIds, input.agency).join(" "));
  return http.rewrite(url).toString();
}

export async function exchangeLinkedInCode(
  http: ConnectorHttp,
  creds: LinkedInCredentials,
  input: { code: string; redirectUri: string },
  now = Date.now(),
): Promise<SignInTokens> {
  // POST https://www.linkedin.com/oauth/v2/accessToken (Authorization Code Flow, step 3)
  const res = await http.send({
    method: "POST",
    url: `${LINKEDIN_OAUTH}/accessToken`,
    form: {
      grant_type: "authorization_code",
      code: input.code,
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      redirect_uri: input.redirectUri,
    },
  });
  if (res.status === 200) {
    const body = (res.json ?? {}) as Record<string, unknown>;
    const accessToken = str(body.access_token);
    if (!accessToken) throw new ConnectorError("server_error", "LinkedIn's token answer has no access_token");
    return tokensOf(body, accessToken, now);
  }
  const err = linkedinError(res);
  // invalid_request / invalid_grant: the code is expired, used, or not for this redirect_uri.
  if (res.status === 400 && (err.code === "invalid_request" || err.code === "invalid_grant")) {
    throw new ConnectorError("invalid_state", "The LinkedIn sign-in could not be completed. Please start again.", {
      cause: err,
    });
  }
  throw tokenExchangeError("linkedin", "LinkedIn", res, typeof err.code === "string" ? err.code : null);
}

/**
 * The token answer's lifetimes (Programmatic Refresh Tokens,
 * https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens):
 * `expires_in` (an access token lives 60 days) and, for an app approved for refresh tokens,
 * `refresh_token` with `refresh_token_expires_in`, the seconds left of its 365 days.
 */
function tokensOf(body: Record<string, unknown>, accessToken: string, now: number): SignInTokens {
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

/**
 * A new access token for the agency's connection ("Step 2: Exchanging a Refresh Token for a New
 * Access Token", https://learn.microsoft.com/en-us/linkedin/shared/authentication/programmatic-refresh-tokens):
 * POST /oauth/v2/accessToken with grant_type=refresh_token, the refresh token and the app's
 * client id and secret. The new access token lives 60 days; the refresh token keeps the end date
 * of the first sign-in (its `refresh_token_expires_in` counts down, it is not renewed), so the
 * stored refresh token expiry stays where it was. A refresh token that expired or that LinkedIn
 * or the member revoked answers 400 invalid_grant: the member must sign in again.
 */
export async function refreshLinkedInToken(
  http: ConnectorHttp,
  creds: LinkedInCredentials,
  refreshToken: string,
  now: Date,
): Promise<RefreshedTokens> {
  const res = await http.send({
    method: "POST",
    url: `${LINKEDIN_OAUTH}/accessToken`,
    form: {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
    },
  });
  const body = (res.json ?? {}) as Record<string, unknown>;
  const accessToken = res.status === 200 ? str(body.access_token) : null;
  if (accessToken) return tokensOf(body, accessToken, now.getTime());
  if (body.error === "invalid_grant")
    throw new ConnectorError("reauth", "LinkedIn says the agency's sign-in was revoked or has expired");
  throw tokenExchangeError("linkedin", "LinkedIn", res, typeof body.error === "string" ? body.error : null);
}
