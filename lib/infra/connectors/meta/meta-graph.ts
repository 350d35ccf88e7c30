// Graph API calls for the Meta connector: one pinned version, `appsecret_proof` on every
// call, throttling retried through the shared HTTP client, paging followed, and Graph
// errors turned into ConnectorErrors or per-asset refusals.
//
// appsecret_proof = hex HMAC-SHA256 of the access token keyed with the app secret
// ("Securing Graph API Requests", https://developers.facebook.com/docs/graph-api/guides/secure-requests).

import { createHmac } from "node:crypto";
import type { ConnectorHttp, HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import {
  isRetryableGraphResponse,
  MetaApiError,
  readGraphError,
  type GraphError,
} from "@/lib/infra/connectors/meta/meta-errors";
import { attemptError, toConnectorError } from "@/lib/infra/connectors/platform-errors";

/** The Graph API version every call uses ("Versioning", https://developers.facebook.com/docs/graph-api/guides/versioning). */
export const GRAPH_VERSION = "v25.0";
export const GRAPH_HOST = "graph.facebook.com";
export const FACEBOOK_HOST = "www.facebook.com";
export const GRAPH_BASE = `https://${GRAPH_HOST}/${GRAPH_VERSION}`;

// Listing stops after this many pages of results (100 per page): a picker with more is unusable anyway.
const MAX_PAGES = 20;

export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac("sha256", appSecret).update(accessToken).digest("hex");
}

export type GraphOutcome<T> = { ok: true; data: T } | { ok: false; error: GraphError };

export class MetaGraph {
  constructor(
    private readonly http: ConnectorHttp,
    private readonly appSecret: string,
  ) {}

  private auth(token: string) {
    return { access_token: token, appsecret_proof: appSecretProof(token, this.appSecret) };
  }

  /** One call; a token or throttling error throws, any other error comes back for the caller. */
  async call<T>(
    token: string,
    method: "GET" | "POST" | "DELETE",
    path: string,
    params: Record<string, string | undefined> = {},
  ): Promise<GraphOutcome<T>> {
    const url = path.startsWith("https://") ? path : `${GRAPH_BASE}/${path.replace(/^\//, "")}`;
    let res: HttpResponse;
    if (method === "GET" || method === "DELETE") {
      res = await this.http.send(
        { method, url, query: { ...params, ...this.auth(token) } },
        { retryIf: isRetryableGraphResponse },
      );
    } else {
      res = await this.http.send(
        { method, url, form: { ...params, ...this.auth(token) } },
        { retryIf: isRetryableGraphResponse },
      );
    }
    const error = readGraphError(res);
    if (!error) return { ok: true, data: res.json as T };
    // an expired sign-in or throttling fails the whole operation (the shared mapping)
    const whole = attemptError(new MetaApiError(error, [token]));
    if (whole) throw whole;
    return { ok: false, error };
  }

  /** A read that must succeed: any error fails the whole operation. */
  async get<T>(token: string, path: string, params: Record<string, string | undefined> = {}): Promise<T> {
    const out = await this.call<T>(token, "GET", path, params);
    if (out.ok) return out.data;
    // Meta's outage (5xx, transient or service codes) outlasted the retries: try again in a few
    // minutes; a refusal with Meta's message (the shared mapping)
    throw toConnectorError("Meta", new MetaApiError(out.error, [token]));
  }

  /** Every item of a list edge, following `paging.next` ("Paginated Results", https://developers.facebook.com/docs/graph-api/results). */
  async list<T>(token: string, path: string, params: Record<string, string | undefined> = {}): Promise<T[]> {
    const out: T[] = [];
    let page = await this.get<{ data?: T[]; paging?: { next?: string } }>(token, path, { limit: "100", ...params });
    for (let i = 0; i < MAX_PAGES; i++) {
      out.push(...(page.data ?? []));
      const next = page.paging?.next;
      if (!next) break;
      // The next link carries the query (fields, cursor, token); the token and proof are set again.
      const url = new URL(next);
      const rest = Object.fromEntries(
        [...url.searchParams].filter(([k]) => k !== "access_token" && k !== "appsecret_proof"),
      );
      page = await this.get(token, `${url.origin}${url.pathname}`, rest);
    }
    return out;
  }
}
