// One Pinterest API v5 call: base https://api.pinterest.com/v5 with the bearer token
// (Authentication, https://developers.pinterest.com/docs/getting-started/authentication-and-scopes/).
// Lists are `{ items, bookmark }`: the next page is asked with `bookmark` (Pagination,
// https://developers.pinterest.com/docs/reference/pagination/).
import type { ConnectorHttp, HttpMethod, HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { pinterestError } from "@/lib/infra/connectors/pinterest/pinterest-errors";

export const PINTEREST_API_HOST = "api.pinterest.com";
export const PINTEREST_API = `https://${PINTEREST_API_HOST}/v5`;

export type PinterestCall = {
  method?: HttpMethod;
  path: string;
  accessToken: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
};

export function pinterestSend(http: ConnectorHttp, call: PinterestCall): Promise<HttpResponse> {
  return http.send({
    method: call.method ?? "GET",
    url: `${PINTEREST_API}${call.path}`,
    query: call.query,
    json: call.json,
    headers: { Authorization: `Bearer ${call.accessToken}` },
  });
}

/** The JSON body of a 2xx answer; a PinterestApiError otherwise. */
export async function pinterestCall(http: ConnectorHttp, call: PinterestCall): Promise<Record<string, unknown>> {
  const res = await pinterestSend(http, call);
  if (res.status < 200 || res.status >= 300) throw pinterestError(res);
  return res.json && typeof res.json === "object" ? (res.json as Record<string, unknown>) : {};
}

/** Every item of a bookmark-paged list (at most `maxPages` pages). */
export async function pinterestItems(
  http: ConnectorHttp,
  call: PinterestCall,
  maxPages = 10,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let bookmark: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const body = await pinterestCall(http, { ...call, query: { ...call.query, page_size: 250, bookmark } });
    out.push(...((Array.isArray(body.items) ? body.items : []) as Record<string, unknown>[]));
    bookmark = str(body.bookmark) ?? undefined;
    if (!bookmark) break;
  }
  return out;
}

export function str(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number") return String(value);
  return null;
}
