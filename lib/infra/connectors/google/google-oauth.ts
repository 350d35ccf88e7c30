// Google's OAuth 2.0 web-server flow with PKCE (S256), for the client's sign-in and the
// agency's "Connect account": the consent URL with only the requested services' scopes,
// the code exchange, and who signed in (OpenID userinfo, plus the Ads accounts they reach).

import { tokenExchangeError } from "@/lib/infra/connectors/oauth-answers";
import {
  ConnectorError,
  type AgencyIdentity,
  type BeginSignInInput,
  type HandleCallbackInput,
  type RefreshedTokens,
  type SignInTokens,
} from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { pkceChallenge } from "@/lib/infra/connectors/pkce";
import {
  GOOGLE_ADS_API_VERSION,
  GOOGLE_AGENCY_SCOPES,
  GOOGLE_HOSTS,
  GOOGLE_IDENTITY_SCOPES,
  scopesFor,
} from "@/lib/infra/connectors/google/google-api";
import { googleCall, googleJson } from "@/lib/infra/connectors/google/google-call";

export type GoogleCredentials = { clientId: string; clientSecret: string; developerToken: string | null };

export function googleAuthorizationUrl(http: ConnectorHttp, creds: GoogleCredentials, input: BeginSignInInput): string {
  // https://developers.google.com/identity/protocols/oauth2/web-server#creatingclient
  // (code_challenge / code_challenge_method: https://developers.google.com/identity/protocols/oauth2/native-app#step1-code-verifier)
  const url = new URL("/o/oauth2/v2/auth", GOOGLE_HOSTS.accounts);
  url.searchParams.set("client_id", creds.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set(
    "scope",
    (input.agency
      ? [...new Set([...GOOGLE_IDENTITY_SCOPES, ...GOOGLE_AGENCY_SCOPES])].sort()
      : scopesFor(input.serviceIds)
    ).join(" "),
  );
  url.searchParams.set("state", input.state);
  url.searchParams.set("code_challenge", pkceChallenge(input.codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  // The client's token lives only for this attempt: no refresh token ("online"). The agency's
  // connection is used for months: "offline" returns a refresh token at the code exchange, and
  // prompt=consent makes Google return one again when the agency reconnects
  // (https://developers.google.com/identity/protocols/oauth2/web-server#offline and #creatingclient, "prompt").
  url.searchParams.set("access_type", input.agency ? "offline" : "online");
  // Let the user pick the Google account that owns the assets (or is the agency's).
  url.searchParams.set("prompt", "select_account consent");
  return http.rewrite(url).toString();
}

export async function exchangeGoogleCode(
  http: ConnectorHttp,
  creds: GoogleCredentials,
  input: HandleCallbackInput,
): Promise<SignInTokens> {
  // https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code
  const res = await http.send({
    method: "POST",
    url: `${GOOGLE_HOSTS.oauth2}/token`,
    form: {
      code: input.code,
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      redirect_uri: input.redirectUri,
      grant_type: "authorization_code",
      code_verifier: input.codeVerifier,
    },
  });
  const body = (res.json ?? {}) as {
    access_token?: unknown;
    refresh_token?: unknown;
    expires_in?: unknown;
    error?: unknown;
    error_description?: unknown;
  };
  if (res.status === 200 && typeof body.access_token === "string") {
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : null,
      expiresAt: typeof body.expires_in === "number" ? new Date(Date.now() + body.expires_in * 1000) : null,
    };
  }
  // RFC 6749 §5.2 errors: invalid_grant (code used, expired, or PKCE verifier wrong) means a new sign-in;
  // invalid_client / redirect_uri_mismatch are configuration problems of this installation.
  const error = typeof body.error === "string" ? body.error : `http_${res.status}`;
  if (error === "invalid_grant")
    throw new ConnectorError("invalid_state", "The Google sign-in could not be completed. Please start again.");
  if (error === "access_denied") throw new ConnectorError("denied", "You declined the Google sign-in.");
  throw tokenExchangeError("google", "Google", res, typeof body.error === "string" ? body.error : null);
}

/**
 * A new access token for the agency's connection from its refresh token
 * (https://developers.google.com/identity/protocols/oauth2/web-server#offline). Google keeps the
 * refresh token (none in the answer); one the user or Google revoked, or that expired, answers
 * invalid_grant (https://developers.google.com/identity/protocols/oauth2#expiration): sign in again.
 */
export async function refreshGoogleToken(
  http: ConnectorHttp,
  creds: GoogleCredentials,
  refreshToken: string,
  now: Date,
): Promise<RefreshedTokens> {
  const res = await http.send({
    method: "POST",
    url: `${GOOGLE_HOSTS.oauth2}/token`,
    form: {
      client_id: creds.clientId,
      client_secret: creds.clientSecret,
      refresh_token: refreshToken,
      grant_type: "refresh_token",
    },
  });
  const body = (res.json ?? {}) as {
    access_token?: unknown;
    refresh_token?: unknown;
    expires_in?: unknown;
    error?: unknown;
  };
  if (res.status === 200 && typeof body.access_token === "string")
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : null,
      expiresAt: typeof body.expires_in === "number" ? new Date(now.getTime() + body.expires_in * 1000) : null,
    };
  if (body.error === "invalid_grant")
    throw new ConnectorError("reauth", "Google says the agency's sign-in was revoked or has expired");
  throw tokenExchangeError("google", "Google", res, typeof body.error === "string" ? body.error : null);
}

type UserInfo = { sub?: string; email?: string; name?: string };

/**
 * The signed-in Google user as the agency's connected account records it: their email,
 * and as platformAccountId the first Google Ads manager account they can reach (the one
 * a manager-account link is sent from), or their first Ads account.
 */
export async function googleAgencyIdentities(
  http: ConnectorHttp,
  creds: GoogleCredentials,
  accessToken: string,
): Promise<AgencyIdentity[]> {
  // https://developers.google.com/identity/openid-connect/openid-connect#obtainuserinfo
  const me = await googleJson<UserInfo>(http, { url: `${GOOGLE_HOSTS.openid}/v1/userinfo`, token: accessToken });
  const email = typeof me.email === "string" ? me.email : null;
  const displayName = me.name ?? email ?? "Google account";
  const ads = { developerToken: creds.developerToken };
  // https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers/listAccessibleCustomers
  const listed = await googleCall(http, {
    url: `${GOOGLE_HOSTS.ads}/${GOOGLE_ADS_API_VERSION}/customers:listAccessibleCustomers`,
    token: accessToken,
    ads,
  });
  // A Google account without Google Ads answers NOT_ADS_USER: it can still connect, just without manager accounts.
  const names = listed.ok ? (((listed.res.json ?? {}) as { resourceNames?: string[] }).resourceNames ?? []) : [];
  const identities: AgencyIdentity[] = [];
  for (const resourceName of names.slice(0, 20)) {
    const id = resourceName.replace(/^customers\//, "");
    // https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.googleAds/search
    const found = await googleCall(http, {
      method: "POST",
      url: `${GOOGLE_HOSTS.ads}/${GOOGLE_ADS_API_VERSION}/customers/${id}/googleAds:search`,
      token: accessToken,
      ads,
      json: { query: "SELECT customer.id, customer.descriptive_name, customer.manager FROM customer" },
    });
    const row = found.ok
      ? ((found.res.json ?? {}) as { results?: { customer?: { descriptiveName?: string; manager?: boolean } }[] })
          .results?.[0]?.customer
      : undefined;
    if (row?.manager)
      identities.push({
        displayName,
        email,
        platformAccountId: id,
        businessId: id,
        businessName: row.descriptiveName ?? null,
      });
  }
  if (identities.length > 0) return identities;
  return [{ displayName, email, platformAccountId: null, businessId: null, businessName: null }];
}
