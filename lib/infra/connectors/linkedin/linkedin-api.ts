// One LinkedIn Marketing API call: the versioned base https://api.linkedin.com/rest with
// the `LinkedIn-Version` (YYYYMM) and `X-Restli-Protocol-Version: 2.0.0` headers every
// versioned call needs (Versioning,
// https://learn.microsoft.com/en-us/linkedin/marketing/versioning), the bearer token, and
// Rest.li 2.0 keys with URL-encoded URNs (`(account:urn%3Ali%3AsponsoredAccount%3A1,...)`,
// Protocol Version, https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/protocol-version).
import type { ConnectorHttp, HttpMethod, HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { linkedinError } from "@/lib/infra/connectors/linkedin/linkedin-errors";

export const LINKEDIN_API_HOST = "api.linkedin.com";
export const LINKEDIN_REST = `https://${LINKEDIN_API_HOST}/rest`;
/** The Marketing API version this connector was written against. */
export const LINKEDIN_VERSION = "202605";

export type LinkedInCall = {
  method?: HttpMethod;
  url: string;
  accessToken: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
};

export async function linkedinSend(http: ConnectorHttp, call: LinkedInCall): Promise<HttpResponse> {
  return http.send({
    method: call.method ?? "GET",
    url: call.url,
    query: call.query,
    json: call.json,
    headers: {
      Authorization: `Bearer ${call.accessToken}`,
      "LinkedIn-Version": LINKEDIN_VERSION,
      "X-Restli-Protocol-Version": "2.0.0",
    },
  });
}

/** The JSON body of a 2xx answer; a LinkedInApiError otherwise. */
export async function linkedinCall(http: ConnectorHttp, call: LinkedInCall): Promise<Record<string, unknown>> {
  const res = await linkedinSend(http, call);
  if (res.status < 200 || res.status >= 300) throw linkedinError(res);
  return res.json && typeof res.json === "object" ? (res.json as Record<string, unknown>) : {};
}

/** A URN as it goes inside a Rest.li 2.0 key or query value. */
export function encodeUrn(urn: string): string {
  return encodeURIComponent(urn);
}

export function idOfUrn(urn: string): string {
  return urn.slice(urn.lastIndexOf(":") + 1);
}

export function str(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number") return String(value);
  return null;
}
