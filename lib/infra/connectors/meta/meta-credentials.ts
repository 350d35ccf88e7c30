// Verify on the Platforms page for Meta: one real, harmless call that proves the app's
// credentials without any client (verify-probe.ts for what every platform shares).
import { createHmac } from "node:crypto";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { GRAPH_VERSION } from "@/lib/infra/connectors/meta/meta-graph";
import {
  body,
  missing,
  type PlatformVerifier,
  type VerifyResult,
  type VerifyValues,
} from "@/lib/infra/connectors/verify-probe";

/**
 * Meta: an app access token from the client-credentials grant, then /debug_token on it.
 * Docs: https://developers.facebook.com/docs/facebook-login/guides/access-tokens#apptokens (app access token)
 * and https://developers.facebook.com/docs/graph-api/reference/debug_token (token debug).
 */
export async function verifyMetaApp(http: ConnectorHttp, v: VerifyValues): Promise<VerifyResult> {
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

export const verifyMeta: PlatformVerifier = (http, values) => verifyMetaApp(http, values);
