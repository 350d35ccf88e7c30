// One Snapchat Marketing API call: base https://adsapi.snapchat.com/v1 with the bearer token
// (Authentication, https://developers.snap.com/api/marketing-api/Ads-API/authentication).
// Lists are `{ request_status, <plural>: [{ sub_request_status, <singular>: {...} }], paging:
// { next_link } }`; the next page is the absolute `next_link` (API Patterns,
// https://developers.snap.com/api/marketing-api/Ads-API/api-patterns), which the shared
// client rewrites like any other URL.
import type { ConnectorHttp, HttpMethod, HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { SnapchatApiError, snapchatError } from "@/lib/infra/connectors/snapchat/snapchat-errors";

export const SNAPCHAT_API_HOST = "adsapi.snapchat.com";
export const SNAPCHAT_API = `https://${SNAPCHAT_API_HOST}/v1`;

export type SnapchatCall = {
  method?: HttpMethod;
  path?: string;
  url?: string;
  accessToken: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
};

export function snapchatSend(http: ConnectorHttp, call: SnapchatCall): Promise<HttpResponse> {
  return http.send({
    method: call.method ?? "GET",
    url: call.url ?? `${SNAPCHAT_API}${call.path ?? ""}`,
    query: call.query,
    json: call.json,
    headers: { Authorization: `Bearer ${call.accessToken}` },
  });
}

/** The JSON body of a 2xx answer; a SnapchatApiError otherwise. */
export async function snapchatCall(http: ConnectorHttp, call: SnapchatCall): Promise<Record<string, unknown>> {
  const res = await snapchatSend(http, call);
  if (res.status < 200 || res.status >= 300) throw subRequestError(res) ?? snapchatError(res);
  return res.json && typeof res.json === "object" ? (res.json as Record<string, unknown>) : {};
}

/** A create's refused item (`sub_request_error_reason`) as the error to show. */
function subRequestError(res: HttpResponse): SnapchatApiError | null {
  const body = (res.json ?? {}) as Record<string, unknown>;
  for (const value of Object.values(body)) {
    if (!Array.isArray(value)) continue;
    for (const item of value as Record<string, unknown>[]) {
      const reason = str(item?.sub_request_error_reason);
      if (item?.sub_request_status === "ERROR" && reason) return new SnapchatApiError(res.status, reason, null);
    }
  }
  return null;
}

/** The entities of a list answer: `body[plural][].[singular]`. */
export function entities(body: Record<string, unknown>, plural: string, singular: string): Record<string, unknown>[] {
  const list = Array.isArray(body[plural]) ? (body[plural] as Record<string, unknown>[]) : [];
  return list.map((item) => item?.[singular]).filter((e): e is Record<string, unknown> => !!e && typeof e === "object");
}

/** Every entity of a paged list (at most `maxPages` pages). */
export async function snapchatList(
  http: ConnectorHttp,
  call: SnapchatCall,
  plural: string,
  singular: string,
  maxPages = 10,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let next: SnapchatCall | null = call;
  for (let page = 0; page < maxPages && next; page++) {
    const body = await snapchatCall(http, next);
    out.push(...entities(body, plural, singular));
    const link = str((body.paging as Record<string, unknown> | undefined)?.next_link);
    next = link ? { accessToken: call.accessToken, url: link } : null;
  }
  return out;
}

/**
 * The first entity of a create answer, or the item's refusal as a SnapchatApiError (a create
 * can answer 200 with `sub_request_status: "ERROR"` for its item).
 */
export function created(body: Record<string, unknown>, plural: string, singular: string): Record<string, unknown> {
  const item = (Array.isArray(body[plural]) ? (body[plural] as Record<string, unknown>[]) : [])[0] ?? {};
  const entity = item[singular];
  if (item.sub_request_status === "ERROR" || !entity || typeof entity !== "object") {
    throw new SnapchatApiError(
      400,
      str(item.sub_request_error_reason) ?? `Snapchat did not create the ${singular}`,
      null,
    );
  }
  return entity as Record<string, unknown>;
}

export function str(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number") return String(value);
  return null;
}
