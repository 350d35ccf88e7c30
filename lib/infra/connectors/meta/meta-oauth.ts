// Facebook Login for the client (and, on the dashboard, the agency user): the Login
// dialog and the code exchange ("Manually Build a Login Flow",
// https://developers.facebook.com/documentation/facebook-login/guides/advanced/manual-flow).
// The dialog also gets a PKCE S256 challenge and the exchange its verifier ("OIDC Code Flow
// with PKCE", https://developers.facebook.com/documentation/facebook-login/guides/advanced/oidc-token);
// the exchange still authenticates the app with its secret, as a server-side app does.

import {
  ConnectorError,
  type BeginSignInInput,
  type HandleCallbackInput,
  type SignInTokens,
} from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { pkceChallenge } from "@/lib/infra/connectors/pkce";
import { classifyGraphError, readGraphError } from "@/lib/infra/connectors/meta/meta-errors";
import { FACEBOOK_HOST, GRAPH_BASE, GRAPH_VERSION } from "@/lib/infra/connectors/meta/meta-graph";
import { META_AGENCY_SCOPES, metaScopesFor } from "@/lib/infra/connectors/meta/meta-roles";

export type MetaApp = { appId: string; appSecret: string };

export function metaAuthorizationUrl(http: ConnectorHttp, app: MetaApp, input: BeginSignInInput): string {
  // No Meta service in the list means the dashboard's agency sign-in.
  const scopes = metaScopesFor(input.serviceIds);
  const url = new URL(`https://${FACEBOOK_HOST}/${GRAPH_VERSION}/dialog/oauth`);
  url.searchParams.set("client_id", app.appId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("state", input.state);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", (scopes.length > 0 ? scopes : [...META_AGENCY_SCOPES]).join(","));
  url.searchParams.set("code_challenge", pkceChallenge(input.codeVerifier));
  url.searchParams.set("code_challenge_method", "S256");
  return http.rewrite(url).toString();
}

export async function exchangeMetaCode(
  http: ConnectorHttp,
  app: MetaApp,
  input: HandleCallbackInput,
  now = Date.now(),
): Promise<SignInTokens> {
  // GET /oauth/access_token with client_id, redirect_uri, client_secret, code (manual-flow guide,
  // "Exchanging Code for an Access Token"); code_verifier per the PKCE guide.
  const res = await http.send({
    method: "GET",
    url: `${GRAPH_BASE}/oauth/access_token`,
    query: {
      client_id: app.appId,
      redirect_uri: input.redirectUri,
      client_secret: app.appSecret,
      code: input.code,
      code_verifier: input.codeVerifier,
    },
  });
  const error = readGraphError(res);
  if (error) {
    const kind = classifyGraphError(error);
    if (kind === "server")
      throw new ConnectorError("server_error", `Meta code exchange failed: ${error.status} code ${error.code}`);
    if (kind === "throttled")
      throw new ConnectorError(
        "rate_limited",
        "Meta is limiting requests right now. Please try again in a few minutes.",
      );
    // An invalid, used or expired code, or a redirect_uri / verifier mismatch: start again.
    throw new ConnectorError("invalid_state", "The Meta sign-in could not be completed. Please start again.");
  }
  const body = res.json as { access_token?: unknown; expires_in?: unknown } | null;
  if (!body || typeof body.access_token !== "string" || body.access_token === "") {
    throw new ConnectorError("server_error", "Meta code exchange answered without an access token");
  }
  const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
  return { accessToken: body.access_token, expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null };
}

/**
 * The agency's own connection: Meta has no refresh grant, so the code's short-lived token is
 * exchanged for a long-lived one (about 60 days) with `grant_type=fb_exchange_token`
 * ("Long-Lived Access Tokens",
 * https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived). When it
 * ends, the agency reconnects.
 */
export async function exchangeMetaLongLived(
  http: ConnectorHttp,
  app: MetaApp,
  shortLived: string,
  now = Date.now(),
): Promise<SignInTokens> {
  const res = await http.send({
    method: "GET",
    url: `${GRAPH_BASE}/oauth/access_token`,
    query: {
      grant_type: "fb_exchange_token",
      client_id: app.appId,
      client_secret: app.appSecret,
      fb_exchange_token: shortLived,
    },
  });
  const error = readGraphError(res);
  if (error) {
    const kind = classifyGraphError(error);
    if (kind === "throttled")
      throw new ConnectorError(
        "rate_limited",
        "Meta is limiting requests right now. Please try again in a few minutes.",
      );
    throw new ConnectorError(
      "server_error",
      `Meta long-lived token exchange failed: ${error.status} code ${error.code}`,
    );
  }
  const body = res.json as { access_token?: unknown; expires_in?: unknown } | null;
  if (!body || typeof body.access_token !== "string" || body.access_token === "")
    throw new ConnectorError("server_error", "Meta long-lived token exchange answered without an access token");
  const expiresIn = typeof body.expires_in === "number" ? body.expires_in : null;
  return { accessToken: body.access_token, expiresAt: expiresIn ? new Date(now + expiresIn * 1000) : null };
}
