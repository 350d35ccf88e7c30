// One HubSpot API call: base https://api.hubapi.com with the OAuth bearer token
// (Authentication overview, https://developers.hubspot.com/docs/guides/apps/authentication/intro-to-auth).
import type { ConnectorHttp, HttpMethod, HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { hubspotError } from "@/lib/infra/connectors/hubspot/hubspot-errors";

export const HUBSPOT_API_HOST = "api.hubapi.com";
export const HUBSPOT_API = `https://${HUBSPOT_API_HOST}`;

export type HubSpotCall = {
  method?: HttpMethod;
  path: string;
  accessToken: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
};

export function hubspotSend(http: ConnectorHttp, call: HubSpotCall): Promise<HttpResponse> {
  return http.send({
    method: call.method ?? "GET",
    url: `${HUBSPOT_API}${call.path}`,
    query: call.query,
    json: call.json,
    headers: { Authorization: `Bearer ${call.accessToken}` },
  });
}

/** The JSON body of a 2xx answer; a HubSpotApiError otherwise. */
export async function hubspotCall(http: ConnectorHttp, call: HubSpotCall): Promise<Record<string, unknown>> {
  const res = await hubspotSend(http, call);
  if (res.status < 200 || res.status >= 300) throw hubspotError(res);
  return res.json && typeof res.json === "object" ? (res.json as Record<string, unknown>) : {};
}

export function str(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number") return String(value);
  return null;
}
