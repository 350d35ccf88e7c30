// Reading an OpenID Connect provider's discovery document and keys, and checking them:
// the document names the issuer it was asked for, the endpoints a sign-in needs (each one
// an address the outbound rules allow), the authorization code flow and a signing
// algorithm; the key set holds at least one signing key. Verify shows the result; sign-in
// uses the checked endpoints (kept for ten minutes per process).
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
  if (!doc.ok) return { ok: false, message: `The discovery document at ${url}: ${doc.message}.` };
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
  // client_secret_basic (RFC 6749 section 2.3.1): both parts form-encoded first
  const basic = Buffer.from(`${encodeURIComponent(opts.clientId)}:${encodeURIComponent(opts.clientSecret)}`).toString(
    "base64",
  );
  const res = await providerRequest(opts.tokenEndpoint, {
    allowLoopback: opts.allowLoopback,
    form: { grant_type: "refresh_token", refresh_token: opts.refreshToken },
    headers: { authorization: `Basic ${basic}` },
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
