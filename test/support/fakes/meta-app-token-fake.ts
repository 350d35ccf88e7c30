// The Meta fake's app-level calls, for the Platforms page's Verify: an app access token from
// the client-credentials grant (https://developers.facebook.com/docs/facebook-login/guides/access-tokens#apptokens)
// and /debug_token on it (https://developers.facebook.com/docs/graph-api/reference/debug_token).
// Refuses an unknown app id (code 101) and a wrong secret (code 1) as Graph does.
import { createHmac, randomBytes } from "node:crypto";

type Reply = { status: number; body: unknown };
const graphError = (code: number, message: string): Reply => ({
  status: 400,
  body: { error: { type: "OAuthException", code, message, fbtrace_id: randomBytes(6).toString("hex") } },
});

export const META_FAKE_APP_NAME = "Fake Agency Access";

export function createMetaAppTokens(app: { appId: string; appSecret: string }) {
  const issued = new Set<string>();
  return {
    /** GET /oauth/access_token?grant_type=client_credentials */
    appAccessToken(q: URLSearchParams): Reply {
      if (q.get("client_id") !== app.appId)
        return graphError(101, "Error validating application. Invalid application ID.");
      if (q.get("client_secret") !== app.appSecret) return graphError(1, "Error validating client secret.");
      const token = `${app.appId}|${randomBytes(12).toString("base64url")}`;
      issued.add(token);
      return { status: 200, body: { access_token: token, token_type: "bearer" } };
    },
    /** GET /debug_token, or null when the input token is not an app token this fake issued */
    debugToken(input: string | undefined, accessToken: string | undefined, proof: string | undefined): Reply | null {
      if (!input || !issued.has(input)) return null;
      if (!accessToken || !issued.has(accessToken))
        return graphError(190, "Invalid OAuth access token - Cannot parse access token");
      if (proof !== createHmac("sha256", app.appSecret).update(accessToken).digest("hex"))
        return graphError(100, "Invalid appsecret_proof provided in the API argument");
      return {
        status: 200,
        body: { data: { app_id: app.appId, type: "APP", application: META_FAKE_APP_NAME, is_valid: true, scopes: [] } },
      };
    },
  };
}
