// Verify on the Platforms page for HubSpot: one real, harmless call that proves the app's
// credentials without any client (verify-probe.ts for what every platform shares).
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import {
  body,
  codeExchange,
  tokenProbeVerifier,
  type PlatformVerifier,
  type TokenProbe,
} from "@/lib/infra/connectors/verify-probe";

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

export const verifyHubSpot: PlatformVerifier = tokenProbeVerifier(HUBSPOT, [
  ["HUBSPOT_CLIENT_ID", "Client ID"],
  ["HUBSPOT_CLIENT_SECRET", "Client secret"],
]);
