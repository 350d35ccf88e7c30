// Verify on the Platforms page for TikTok: one real, harmless call that proves the app's
// credentials without any client (verify-probe.ts for what every platform shares).
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import {
  body,
  missing,
  probeCode,
  type PlatformVerifier,
  type VerifyResult,
  type VerifyValues,
} from "@/lib/infra/connectors/verify-probe";

/**
 * TikTok: the access-token call with a made-up auth_code; 40101 is "app_id and secret do
 * not match", an auth_code error means they do.
 * Docs: https://business-api.tiktok.com/portal/docs?id=1739965703387137 (Get access token)
 */
async function verifyTikTokApp(http: ConnectorHttp, v: VerifyValues): Promise<VerifyResult> {
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

export const verifyTikTok: PlatformVerifier = (http, values) => verifyTikTokApp(http, values);
