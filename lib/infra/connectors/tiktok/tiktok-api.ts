// One TikTok API for Business call: the base URL, the `Access-Token` header (Authentication,
// https://business-api.tiktok.com/portal/docs?id=1738373164380162), JSON bodies, TikTok's
// retry rule on the shared client, and the envelope read. Paged GETs follow
// `page_info.total_page` (at most `maxPages` pages of 50).
import type { ConnectorHttp, HttpMethod } from "@/lib/infra/connectors/http/connector-http";
import { readEnvelope, tiktokRetryIf } from "@/lib/infra/connectors/tiktok/tiktok-errors";

export const TIKTOK_HOST = "business-api.tiktok.com";
export const TIKTOK_API = `https://${TIKTOK_HOST}/open_api/v1.3`;

export type TikTokCall = {
  method?: HttpMethod;
  path: string;
  accessToken?: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
};

export async function tiktokCall(http: ConnectorHttp, call: TikTokCall): Promise<Record<string, unknown>> {
  const res = await http.send(
    {
      method: call.method ?? "GET",
      url: `${TIKTOK_API}${call.path}`,
      query: call.query,
      headers: call.accessToken ? { "Access-Token": call.accessToken } : {},
      json: call.json,
    },
    { retryIf: tiktokRetryIf },
  );
  return readEnvelope(res);
}

export async function tiktokPaged(
  http: ConnectorHttp,
  call: TikTokCall,
  maxPages = 20,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const data = await tiktokCall(http, { ...call, query: { ...call.query, page, page_size: 50 } });
    const list = Array.isArray(data.list) ? (data.list as Record<string, unknown>[]) : [];
    out.push(...list);
    const info = (data.page_info ?? {}) as { total_page?: unknown };
    const totalPage = typeof info.total_page === "number" ? info.total_page : 1;
    if (page >= totalPage || list.length === 0) break;
  }
  return out;
}

export function str(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number") return String(value);
  return null;
}
