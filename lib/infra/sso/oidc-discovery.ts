// Reading an OpenID Connect provider's discovery document and keys, and checking them:
// the document names the issuer it was asked for, the endpoints a sign-in needs (each one
// an address the outbound rules allow), the authorization code flow and a signing
// algorithm; the key set holds at least one signing key. Verify shows the result; sign-in
// uses the checked endpoints (kept for ten minutes per process). `probeClient` proves the
// client ID and secret at the token endpoint, as the platforms' Verify does.
import { randomBytes } from "node:crypto";
import { globalSingleton } from "@/lib/infra/global-singleton";
import { checkProviderUrl, providerRequest } from "@/lib/infra/sso/safe-oidc-http";

export type OidcEndpoints = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string | null;
  jwks_uri: string;
  end_session_endpoint: string | null;
};

export type DiscoveryResult = { ok: true; endpoints: OidcEndpoints; keys: number } | { ok: false; message: string };

const CACHE_MS = 10 * 60_000;
const FAILURE_CACHE_MS = 60_000;
const cache = () => globalSingleton("oidc-discovery", () => new Map<string, { at: number; result: DiscoveryResult }>());

const str = (v: unknown) => (typeof v === "string" && v.length > 0 && v.length <= 2048 ? v : null);

/** Whether a discovered issuer is the one configured (Entra ID's multi-tenant documents name `{tenantid}`). */
function sameIssuer(expected: string, found: string): boolean {
  const trim = (s: string) => s.replace(/\/+$/, "");
  if (trim(expected) === trim(found)) return true;
  return found.includes("{tenantid}") && /\/(organizations|common|consumers)\/v2\.0\/?$/.test(expected);
}

export async function discoverProvider(
  issuer: string,
  opts: { allowLoopback: boolean; fresh?: boolean },
): Promise<DiscoveryResult> {
  const key = `${issuer}|${opts.allowLoopback}`;
  const hit = cache().get(key);
  // a failure is kept for a minute, so an unreachable provider does not slow every sign-in page
  if (!opts.fresh && hit && Date.now() - hit.at < (hit.result.ok ? CACHE_MS : FAILURE_CACHE_MS)) return hit.result;
  const result = await discover(issuer, opts.allowLoopback);
  cache().set(key, { at: Date.now(), result });
  return result;
}

async function discover(issuer: string, allowLoopback: boolean): Promise<DiscoveryResult> {
  const base = issuer.replace(/\/+$/, "");
  const url = `${base}/.well-known/openid-configuration`;
  const doc = await providerRequest(url, { allowLoopback });
  if (!doc.ok)
    return {
      ok: false,
      // the administrator typed the issuer: the answer speaks of it, then of the document read from it
      message:
        doc.status === undefined
          ? `The issuer ${base} could not be reached: ${doc.message}. Its discovery document is read from ${url}.`
          : `The issuer ${base} has no discovery document at ${url} (${doc.message}). Check the issuer URL.`,
    };
  const d = (doc.json ?? {}) as Record<string, unknown>;
  const found = str(d.issuer);
  if (!found) return { ok: false, message: `The discovery document at ${url} names no issuer.` };
  if (!sameIssuer(base, found))
    return { ok: false, message: `The discovery document names the issuer ${found}, not ${base}.` };
  const endpoints: OidcEndpoints = {
    issuer: found,
    authorization_endpoint: str(d.authorization_endpoint) ?? "",
    token_endpoint: str(d.token_endpoint) ?? "",
    userinfo_endpoint: str(d.userinfo_endpoint),
    jwks_uri: str(d.jwks_uri) ?? "",
    end_session_endpoint: str(d.end_session_endpoint),
  };
  for (const field of ["authorization_endpoint", "token_endpoint", "jwks_uri"] as const)
    if (!endpoints[field]) return { ok: false, message: `The discovery document has no ${field}.` };
  const types = Array.isArray(d.response_types_supported) ? d.response_types_supported : [];
  if (!types.includes("code"))
    return { ok: false, message: "The provider does not offer the authorization code flow (response type code)." };
  const algs = Array.isArray(d.id_token_signing_alg_values_supported) ? d.id_token_signing_alg_values_supported : [];
  if (!algs.some((a) => typeof a === "string" && a !== "none"))
    return { ok: false, message: "The provider names no algorithm it signs ID tokens with." };
  // the browser goes to the authorization endpoint; the server itself calls the others
  for (const field of ["token_endpoint", "jwks_uri", "userinfo_endpoint"] as const) {
    const value = endpoints[field];
    if (!value) continue;
    const problem = await checkProviderUrl(value, allowLoopback);
    if (problem) return { ok: false, message: `The ${field} is refused: ${problem}.` };
  }
  const jwks = await providerRequest(endpoints.jwks_uri, { allowLoopback });
  if (!jwks.ok) return { ok: false, message: `The keys at ${endpoints.jwks_uri}: ${jwks.message}.` };
  const keys = Array.isArray((jwks.json as { keys?: unknown })?.keys) ? (jwks.json as { keys: unknown[] }).keys : [];
  const signing = keys.filter((k) => {
    const key = (k ?? {}) as Record<string, unknown>;
    return ["RSA", "EC", "OKP"].includes(String(key.kty)) && key.use !== "enc";
  });
  if (signing.length === 0) return { ok: false, message: `The key set at ${endpoints.jwks_uri} holds no signing key.` };
  return { ok: true, endpoints, keys: signing.length };
}

/** client_secret_basic (RFC 6749 section 2.3.1): both parts form-encoded first, as openid-client sends them */
function basicAuth(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`;
}

/**
 * Proves the client ID and secret at the token endpoint without a user: a made-up
 * authorization code, sent with the client's credentials the way sign-in sends them. The
 * endpoint checks the client before the grant (RFC 6749 section 5.2,
 * https://www.rfc-editor.org/rfc/rfc6749#section-5.2): `invalid_client` (HTTP 401) means the
 * client ID is unknown or the secret wrong; `invalid_grant` means the client authenticated
 * and only the made-up code was refused. Nothing is created at the provider.
 */
export async function probeClient(opts: {
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  allowLoopback: boolean;
}): Promise<{ ok: boolean; message: string }> {
  const res = await providerRequest(opts.tokenEndpoint, {
    allowLoopback: opts.allowLoopback,
    form: {
      grant_type: "authorization_code",
      code: `verify-${randomBytes(12).toString("hex")}`,
      redirect_uri: opts.redirectUri,
    },
    headers: { authorization: basicAuth(opts.clientId, opts.clientSecret) },
  });
  const answer = res.json as { error?: unknown; error_description?: unknown } | undefined;
  const error = typeof answer?.error === "string" ? answer.error : "";
  const said = typeof answer?.error_description === "string" ? ` (${answer.error_description.slice(0, 200)})` : "";
  if (res.ok) return { ok: false, message: `The token endpoint ${opts.tokenEndpoint} accepted a made-up code.` };
  if (res.status === undefined)
    return { ok: false, message: `The token endpoint ${opts.tokenEndpoint} could not be reached: ${res.message}.` };
  if (res.status === 401 || error === "invalid_client")
    return {
      ok: false,
      message: `The provider does not accept this client ID and secret: either the client ID is unknown or the secret is wrong${said}.`,
    };
  if (error === "unauthorized_client")
    return {
      ok: false,
      message: `The provider knows this client but does not let it use the authorization code flow${said}: allow it for the application.`,
    };
  if (error === "invalid_grant") return { ok: true, message: "the client ID and secret were accepted" };
  return {
    ok: false,
    message: `The token endpoint ${opts.tokenEndpoint} answered unexpectedly (HTTP ${res.status}${error ? `: ${error}` : ""}${said}).`,
  };
}

/**
 * Asks the provider for new tokens with a stored refresh token: "refused" when the provider
 * no longer accepts the account (removed, disabled, or its grant revoked), "unreachable"
 * when it could not be asked (the account is then left as it was).
 */
export async function refreshGrant(opts: {
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  allowLoopback: boolean;
}): Promise<{ outcome: "ok"; refreshToken: string | null } | { outcome: "refused" | "unreachable"; message: string }> {
  const res = await providerRequest(opts.tokenEndpoint, {
    allowLoopback: opts.allowLoopback,
    form: { grant_type: "refresh_token", refresh_token: opts.refreshToken },
    headers: { authorization: basicAuth(opts.clientId, opts.clientSecret) },
  });
  if (res.ok) {
    const next = (res.json as { refresh_token?: unknown })?.refresh_token;
    return { outcome: "ok", refreshToken: typeof next === "string" ? next : null };
  }
  const error = (res.json as { error?: unknown } | undefined)?.error;
  if (res.status === 400 && error === "invalid_grant")
    return { outcome: "refused", message: "the provider refused the account (invalid_grant)" };
  return { outcome: "unreachable", message: res.message };
}
