// Verify on the Platforms page: one real, harmless call per platform that proves the
// app's credentials without any client. Meta issues an app access token and debugs it;
// the OAuth platforms are sent a made-up authorization code, so their token endpoint
// answers either "unknown client / bad secret" (the credentials are wrong) or "bad code"
// (the client authenticated: RFC 6749 section 5.2 checks the client before the grant).
// Nothing is stored on the platform's side. The answer is in plain words for the operator.
import { createHmac, randomBytes } from "node:crypto";
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp, HttpResponse } from "@/lib/infra/connectors/http/connector-http";

export type VerifyResult = { ok: boolean; message: string };

type Values = Record<string, string | undefined>;

const GRAPH_VERSION = "v25.0";
const probeCode = () => `verify-${randomBytes(12).toString("hex")}`;

function body(res: HttpResponse): Record<string, unknown> {
  return res.json && typeof res.json === "object" ? (res.json as Record<string, unknown>) : {};
}

function missing(values: Values, keys: [string, string][]): VerifyResult | null {
  const absent = keys.filter(([k]) => !values[k]).map(([, label]) => label);
  return absent.length
    ? {
        ok: false,
        message: `Missing: ${absent.join(", ")}. Enter ${absent.length > 1 ? "them" : "it"} and verify again.`,
      }
    : null;
}

/**
 * Meta: an app access token from the client-credentials grant, then /debug_token on it.
 * Docs: https://developers.facebook.com/docs/facebook-login/guides/access-tokens#apptokens (app access token)
 * and https://developers.facebook.com/docs/graph-api/reference/debug_token (token debug).
 */
async function verifyMeta(http: ConnectorHttp, v: Values): Promise<VerifyResult> {
  const gap = missing(v, [
    ["META_APP_ID", "App ID"],
    ["META_APP_SECRET", "App secret"],
  ]);
  if (gap) return gap;
  const base = `https://graph.facebook.com/${GRAPH_VERSION}`;
  const tokenRes = await http.send({
    url: `${base}/oauth/access_token`,
    query: { client_id: v.META_APP_ID, client_secret: v.META_APP_SECRET, grant_type: "client_credentials" },
  });
  const tokenBody = body(tokenRes);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it: the body is `unknown` JSON
  const error = (tokenBody.error ?? null) as { code?: number; message?: string } | null;
  if (tokenRes.status !== 200 || typeof tokenBody.access_token !== "string") {
    if (error?.code === 101)
      return { ok: false, message: `Meta does not know this App ID (${error.message ?? "invalid application id"}).` };
    if (error?.code === 1 || /secret/i.test(error?.message ?? ""))
      return { ok: false, message: "Meta knows this App ID but the App secret is wrong." };
    return { ok: false, message: `Meta refused the app credentials: ${error?.message ?? `HTTP ${tokenRes.status}`}.` };
  }
  const token = tokenBody.access_token;
  const proof = createHmac("sha256", v.META_APP_SECRET!).update(token).digest("hex");
  const debugRes = await http.send({
    url: `${base}/debug_token`,
    query: { input_token: token, access_token: token, appsecret_proof: proof },
  });
  const data = (body(debugRes).data ?? {}) as {
    app_id?: string;
    application?: string;
    is_valid?: boolean;
    type?: string;
  };
  if (debugRes.status !== 200 || data.is_valid !== true)
    return { ok: false, message: "Meta issued an app token but reports it as not valid." };
  if (data.app_id !== v.META_APP_ID) return { ok: false, message: "Meta's app token belongs to another app." };
  return {
    ok: true,
    message: `Meta accepted the app${data.application ? ` "${data.application}"` : ""} (App ID ${data.app_id}).`,
  };
}

type TokenProbe = {
  name: string;
  send: (http: ConnectorHttp, v: Values, code: string) => Promise<HttpResponse>;
  /** the platform's "bad code" answer: the client itself was accepted */
  badCode: (res: HttpResponse) => boolean;
  badClient: (res: HttpResponse) => boolean;
};

async function probeTokenEndpoint(
  http: ConnectorHttp,
  v: Values,
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

const oauthError = (res: HttpResponse) => String(body(res).error ?? "");

/** The authorization-code exchange most platforms take: client id and secret in the form body. */
function codeExchange(
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

/** Google: https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code */
const GOOGLE: TokenProbe = {
  name: "Google",
  send: codeExchange("https://oauth2.googleapis.com/token", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"),
  badClient: (r) => r.status === 401 || oauthError(r) === "invalid_client",
  badCode: (r) => oauthError(r) === "invalid_grant",
};

/** LinkedIn: https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow#step-3-exchange-authorization-code-for-an-access-token */
const LINKEDIN: TokenProbe = {
  name: "LinkedIn",
  send: codeExchange("https://www.linkedin.com/oauth/v2/accessToken", "LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"),
  badClient: (r) => r.status === 401 || oauthError(r) === "invalid_client",
  // LinkedIn answers an unknown code with invalid_request naming the authorization code
  badCode: (r) =>
    oauthError(r) === "invalid_grant" ||
    (oauthError(r) === "invalid_request" && /authorization code/i.test(String(body(r).error_description ?? ""))),
};

/** Microsoft identity platform: https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow#redeem-a-code-for-an-access-token */
const MICROSOFT: TokenProbe = {
  name: "Microsoft",
  send: codeExchange(
    "https://login.microsoftonline.com/common/oauth2/v2.0/token",
    "MICROSOFT_CLIENT_ID",
    "MICROSOFT_CLIENT_SECRET",
    { scope: "https://ads.microsoft.com/msads.manage offline_access" },
  ),
  badClient: (r) => r.status === 401 || oauthError(r) === "invalid_client" || oauthError(r) === "unauthorized_client",
  badCode: (r) => oauthError(r) === "invalid_grant",
};

/** Pinterest: https://developers.pinterest.com/docs/api/v5/oauth-token (client id and secret in HTTP Basic) */
const PINTEREST: TokenProbe = {
  name: "Pinterest",
  send: (http, v, code) =>
    http.send({
      method: "POST",
      url: "https://api.pinterest.com/v5/oauth/token",
      headers: {
        authorization: `Basic ${Buffer.from(`${v.PINTEREST_APP_ID}:${v.PINTEREST_APP_SECRET}`).toString("base64")}`,
      },
      form: { grant_type: "authorization_code", code, redirect_uri: v.redirectUri },
    }),
  badClient: (r) => r.status === 401,
  badCode: (r) => r.status === 400,
};

/** Snapchat: https://developers.snap.com/api/marketing-api/Ads-API/authentication (access token request) */
const SNAPCHAT: TokenProbe = {
  name: "Snapchat",
  send: codeExchange(
    "https://accounts.snapchat.com/login/oauth2/access_token",
    "SNAPCHAT_CLIENT_ID",
    "SNAPCHAT_CLIENT_SECRET",
  ),
  badClient: (r) => r.status === 401 || oauthError(r) === "invalid_client",
  badCode: (r) => oauthError(r) === "invalid_grant",
};

/**
 * HubSpot: https://developers.hubspot.com/docs/api-reference/legacy/authentication/oauth-tokens/v1/guide
 * The v1 token endpoint answers 400 with `status` BAD_CLIENT_ID for an unknown client id or a
 * wrong secret, and BAD_AUTH_CODE for a code it does not know (in `status`, or in `category`
 * beside `status: "error"` in the newer error shape).
 */
const hubSpotCode = (r: HttpResponse) => {
  const b = body(r);
  return b.status === "error" ? b.category : b.status;
};
const HUBSPOT: TokenProbe = {
  name: "HubSpot",
  send: codeExchange("https://api.hubapi.com/oauth/v1/token", "HUBSPOT_CLIENT_ID", "HUBSPOT_CLIENT_SECRET"),
  badClient: (r) => hubSpotCode(r) === "BAD_CLIENT_ID" || r.status === 401,
  badCode: (r) => hubSpotCode(r) === "BAD_AUTH_CODE",
};

/**
 * TikTok: the access-token call with a made-up auth_code; 40101 is "app_id and secret do
 * not match", an auth_code error means they do.
 * Docs: https://business-api.tiktok.com/portal/docs?id=1739965703387137 (Get access token)
 */
async function verifyTikTok(http: ConnectorHttp, v: Values): Promise<VerifyResult> {
  const gap = missing(v, [
    ["TIKTOK_APP_ID", "App ID"],
    ["TIKTOK_APP_SECRET", "App secret"],
  ]);
  if (gap) return gap;
  const res = await http.send({
    method: "POST",
    url: "https://business-api.tiktok.com/open_api/v1.3/oauth2/access_token/",
    json: { app_id: v.TIKTOK_APP_ID, secret: v.TIKTOK_APP_SECRET, auth_code: probeCode() },
  });
  const b = body(res);
  const code = Number(b.code);
  if (code === 40101)
    return {
      ok: false,
      message: `TikTok does not accept this App ID and secret: either the app is unknown or the secret is wrong (${String(b.message ?? "")}).`,
    };
  if (code === 40110 || /auth_code/i.test(String(b.message ?? "")))
    return { ok: true, message: "TikTok accepted the App ID and secret (it refused only the test code, as expected)." };
  return {
    ok: false,
    message: `TikTok answered unexpectedly (code ${Number.isFinite(code) ? code : res.status}: ${String(b.message ?? "").slice(0, 200)}).`,
  };
}

const PROBES: Record<
  string,
  { probe: TokenProbe; keys: [string, string][]; after?: (v: Values, r: VerifyResult) => VerifyResult }
> = {
  google: {
    probe: GOOGLE,
    keys: [
      ["GOOGLE_CLIENT_ID", "OAuth client ID"],
      ["GOOGLE_CLIENT_SECRET", "OAuth client secret"],
    ],
    // the Ads developer token cannot be checked without a signed-in user; say what is missing
    after: (v, r) =>
      r.ok && !v.GOOGLE_ADS_DEVELOPER_TOKEN
        ? {
            ok: true,
            message: `${r.message} No Google Ads developer token is set: the Google Ads services stay unavailable until one is.`,
          }
        : r,
  },
  linkedin: {
    probe: LINKEDIN,
    keys: [
      ["LINKEDIN_CLIENT_ID", "Client ID"],
      ["LINKEDIN_CLIENT_SECRET", "Client secret"],
    ],
  },
  microsoft: {
    probe: MICROSOFT,
    keys: [
      ["MICROSOFT_CLIENT_ID", "Application (client) ID"],
      ["MICROSOFT_CLIENT_SECRET", "Client secret"],
      ["MICROSOFT_ADS_DEVELOPER_TOKEN", "Developer token"],
    ],
  },
  pinterest: {
    probe: PINTEREST,
    keys: [
      ["PINTEREST_APP_ID", "App ID"],
      ["PINTEREST_APP_SECRET", "App secret key"],
    ],
  },
  snapchat: {
    probe: SNAPCHAT,
    keys: [
      ["SNAPCHAT_CLIENT_ID", "Client ID"],
      ["SNAPCHAT_CLIENT_SECRET", "Client secret"],
    ],
  },
  hubspot: {
    probe: HUBSPOT,
    keys: [
      ["HUBSPOT_CLIENT_ID", "Client ID"],
      ["HUBSPOT_CLIENT_SECRET", "Client secret"],
    ],
  },
};

/** Proves `values` (environment-variable names to values) against the platform. */
export async function verifyCredentials(
  platform: string,
  values: Values,
  opts: { http: ConnectorHttp; redirectUri: string },
): Promise<VerifyResult> {
  try {
    if (platform === "meta") return await verifyMeta(opts.http, values);
    if (platform === "tiktok") return await verifyTikTok(opts.http, values);
    const entry = Object.hasOwn(PROBES, platform) ? PROBES[platform] : undefined;
    if (!entry)
      return {
        ok: false,
        message:
          "This platform has no verification yet: turn it live with “Use without verifying” once its app is set up.",
      };
    const gap = missing(values, entry.keys);
    if (gap) return gap;
    const result = await probeTokenEndpoint(opts.http, values, entry.probe, opts.redirectUri);
    return entry.after ? entry.after(values, result) : result;
  } catch (err) {
    if (err instanceof ConnectorError) return { ok: false, message: verifyFailureMessage(err) };
    throw err;
  }
}

/**
 * One sentence for a Verify that failed on the way: never the platform's URL (it runs out
 * of the card and says nothing to a person) and never the same words twice.
 */
export function verifyFailureMessage(err: ConnectorError): string {
  const unreachable = "The platform could not be reached";
  const detail = err.message
    .replace(/\s*\(?https?:\/\/[^\s)]*\)?/g, "")
    .replace(new RegExp(`^${unreachable}[:.]?\\s*`), "")
    .trim()
    .replace(/[.\s]+$/, "");
  if (err.kind === "server_error" || !detail) {
    return `${unreachable}: check this server's network and try Verify again in a few minutes.`;
  }
  return `The platform refused the check: ${detail}.`;
}
