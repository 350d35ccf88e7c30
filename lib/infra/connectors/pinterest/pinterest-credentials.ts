// Verify on the Platforms page for Pinterest: one real, harmless call that proves the app's
// credentials without any client (verify-probe.ts for what every platform shares).
import { tokenProbeVerifier, type PlatformVerifier, type TokenProbe } from "@/lib/infra/connectors/verify-probe";

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

export const verifyPinterest: PlatformVerifier = tokenProbeVerifier(PINTEREST, [
  ["PINTEREST_APP_ID", "App ID"],
  ["PINTEREST_APP_SECRET", "App secret key"],
]);
