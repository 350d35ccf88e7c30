// Signing in with LinkedIn (Authorization Code Flow,
// https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow):
// the browser goes to /oauth/v2/authorization with the scopes of the requested services,
// LinkedIn redirects back with `code` and `state`, and we exchange the code at
// /oauth/v2/accessToken with the client id and secret and the same redirect_uri (form
// body). The web flow with a client secret takes no PKCE (LinkedIn documents PKCE for
// native apps only). Scopes:
//   linkedin_ads  -> rw_ads (reading accounts and managing ad account users)
//   linkedin_page -> rw_organization_admin (reading and changing a Page's admin roles)
//   no service (the dashboard's agency connection) -> openid profile email (Sign In with
//   LinkedIn using OpenID Connect), for the member URN, name and email
import { tokenExchangeError } from "@/lib/infra/connectors/oauth-answers";
import { ConnectorError, type SignInTokens } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { linkedinError } from "@/lib/infra/connectors/linkedin/linkedin-errors";
import { str } from "@/lib/infra/connectors/linkedin/linkedin-api";

export const LINKEDIN_OAUTH = "https://www.linkedin.com/oauth/v2";

export const LINKEDIN_SCOPES: Readonly<Record<string, readonly string[]>> = {
  linkedin_ads: ["rw_ads"],
  linkedin_page: ["rw_organization_admin"],
};
export const LINKEDIN_IDENTITY_SCOPES = ["openid", "profile", "email"] as const;

export type LinkedInCredentials = { clientId: string; clientSecret: string };

export function linkedinScopes(serviceIds: readonly string[]): string[] {
  if (serviceIds.length === 0) return [...LINKEDIN_IDENTITY_SCOPES];
  return [...new Set(serviceIds.flatMap((id) => LINKEDIN_SCOPES[id] ?? []))];
}

export function linkedinAuthorizationUrl(
  http: ConnectorHttp,
  creds: LinkedInCredentials,
  input: { state: string; redirectUri: string; serviceIds: readonly string[] },
): string {
  const url = new URL(`${LINKEDIN_OAUTH}/authorization`);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", creds.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("state", input.state);
  url.searchParams.set("scope", linkedinScopes(input.serviceIds).join(" "));
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
    const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
    return {
      accessToken,
      refreshToken: str(body.refresh_token),
      expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null,
    };
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
