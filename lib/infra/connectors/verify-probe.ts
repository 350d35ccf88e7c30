// What every platform's Verify (the Platforms page) shares: the result, the missing-field
// answer, and the made-up authorization code probe of a token endpoint. Each platform's own
// check is `<platform>/<platform>-credentials.ts`, named by its registry entry.
//
// The OAuth platforms are sent a made-up authorization code, so their token endpoint answers
// either "unknown client / bad secret" (the credentials are wrong) or "bad code" (the client
// authenticated: RFC 6749 section 5.2 checks the client before the grant). Nothing is stored
// on the platform's side. The answer is in plain words for the operator.
import { randomBytes } from "node:crypto";
import type { ConnectorHttp, HttpResponse } from "@/lib/infra/connectors/http/connector-http";

export type VerifyResult = { ok: boolean; message: string };

/** Environment-variable names to values, and the callback's `redirectUri`. */
export type VerifyValues = Record<string, string | undefined>;

/** One platform's check of its credentials. */
export type PlatformVerifier = (
  http: ConnectorHttp,
  values: VerifyValues,
  redirectUri: string,
) => Promise<VerifyResult>;

export const probeCode = () => `verify-${randomBytes(12).toString("hex")}`;

export function body(res: HttpResponse): Record<string, unknown> {
  return res.json && typeof res.json === "object" ? (res.json as Record<string, unknown>) : {};
}

export function missing(values: VerifyValues, keys: [string, string][]): VerifyResult | null {
  const absent = keys.filter(([k]) => !values[k]).map(([, label]) => label);
  return absent.length
    ? {
        ok: false,
        message: `Missing: ${absent.join(", ")}. Enter ${absent.length > 1 ? "them" : "it"} and verify again.`,
      }
    : null;
}

export type TokenProbe = {
  name: string;
  send: (http: ConnectorHttp, v: VerifyValues, code: string) => Promise<HttpResponse>;
  /** the platform's "bad code" answer: the client itself was accepted */
  badCode: (res: HttpResponse) => boolean;
  badClient: (res: HttpResponse) => boolean;
};

export async function probeTokenEndpoint(
  http: ConnectorHttp,
  v: VerifyValues,
  probe: TokenProbe,
  redirectUri: string,
): Promise<VerifyResult> {
  const res = await probe.send(http, { ...v, redirectUri }, probeCode());
  const b = body(res);
  const said = String(b.error_description ?? b.message ?? b.error ?? "").slice(0, 200);
  if (probe.badClient(res))
    return {
      ok: false,
      message: `${probe.name} does not accept this client ID and secret: either the client ID is unknown or the secret is wrong${said ? ` (${said})` : ""}.`,
    };
  if (probe.badCode(res))
    return {
      ok: true,
      message: `${probe.name} accepted the client ID and secret (it refused only the test code, as expected).`,
    };
  return { ok: false, message: `${probe.name} answered unexpectedly (HTTP ${res.status}${said ? `: ${said}` : ""}).` };
}

export const oauthError = (res: HttpResponse) => String(body(res).error ?? "");

/** The authorization-code exchange most platforms take: client id and secret in the form body. */
export function codeExchange(
  url: string,
  idKey: string,
  secretKey: string,
  extra: Record<string, string> = {},
): TokenProbe["send"] {
  return (http, v, code) =>
    http.send({
      method: "POST",
      url,
      form: {
        client_id: v[idKey],
        client_secret: v[secretKey],
        code,
        grant_type: "authorization_code",
        redirect_uri: v.redirectUri,
        ...extra,
      },
    });
}

/** A verifier from a token probe: the fields checked first, then the probe, then `after`. */
export function tokenProbeVerifier(
  probe: TokenProbe,
  keys: [string, string][],
  after?: (v: VerifyValues, r: VerifyResult) => VerifyResult,
): PlatformVerifier {
  return async (http, values, redirectUri) => {
    const gap = missing(values, keys);
    if (gap) return gap;
    const result = await probeTokenEndpoint(http, values, probe, redirectUri);
    return after ? after(values, result) : result;
  };
}
