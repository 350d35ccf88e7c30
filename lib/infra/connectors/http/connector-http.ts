// The one HTTP client every real platform connector uses. It applies
// PLATFORM_HOST_OVERRIDES to every URL, bounds each exchange with a timeout, retries
// what the platform says is temporary (429, 5xx, and whatever the connector marks as a
// rate limit, such as Graph API throttling codes) with exponential backoff that honours
// Retry-After, within one time budget per call, and never writes a token, secret or
// code into a log line.
//
// It does not interpret platform error bodies: connectors map those to ConnectorError.

import { request } from "undici";
import { ConnectorError } from "@/lib/infra/connectors/connector";
import { applyHostOverride, type HostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { retryAfterMs } from "@/lib/infra/retry-after";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type HttpCall = {
  method?: HttpMethod;
  url: string | URL;
  /** Added to the URL's query; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string | undefined>;
};

export type HttpResponse = {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: unknown;
};

export type RetryDecision = (res: HttpResponse) => boolean;

export type ConnectorHttpOptions = {
  overrides: HostOverrides;
  /** Per exchange (connect, headers, body). */
  timeoutMs?: number;
  /** All attempts of one call together, backoff included. */
  budgetMs?: number;
  maxAttempts?: number;
  /** Backoff before the second attempt; doubles each time. */
  baseDelayMs?: number;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
};

export interface ConnectorHttp {
  send(call: HttpCall, opts?: { retryIf?: RetryDecision }): Promise<HttpResponse>;
  /** A URL as the overrides make it: for the browser's redirect to a consent page. */
  rewrite(url: string | URL): URL;
}

const SECRET_PARAMS =
  /^(access_token|client_secret|code|code_verifier|appsecret_proof|refresh_token|fb_exchange_token|id_token|password|secret|app_secret|auth_code)$/i;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** The URL with every secret-looking query value replaced, for logs. */
export function redactUrl(url: URL): string {
  const copy = new URL(url);
  for (const key of [...copy.searchParams.keys()])
    if (SECRET_PARAMS.test(key)) copy.searchParams.set(key, "[redacted]");
  // A token as a path segment (HubSpot's GET /oauth/v1/access-tokens/{token}).
  copy.pathname = copy.pathname.replace(/\/access-tokens\/[^/]+/g, "/access-tokens/[redacted]");
  return copy.toString();
}

export function isTemporaryStatus(status: number): boolean {
  return status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

export function createConnectorHttp(options: ConnectorHttpOptions): ConnectorHttp {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const budgetMs = options.budgetMs ?? 25_000;
  const maxAttempts = options.maxAttempts ?? 4;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const log = options.log ?? (() => {});

  const rewrite = (url: string | URL) => applyHostOverride(url, options.overrides);

  async function once(call: HttpCall, url: URL, signalMs: number): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: "application/json", ...call.headers };
    let body: string | undefined;
    if (call.json !== undefined) {
      body = JSON.stringify(call.json);
      headers["content-type"] ??= "application/json";
    } else if (call.form) {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(call.form)) if (v !== undefined) form.set(k, v);
      body = form.toString();
      headers["content-type"] ??= "application/x-www-form-urlencoded";
    }
    // undici.request never follows redirects: a redirect comes back as the response it is.
    const res = await request(url, {
      method: call.method ?? "GET",
      headers,
      body,
      signal: AbortSignal.timeout(signalMs),
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) {
        res.body.destroy();
        throw new Error("response body too large");
      }
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString("utf8");
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) flat[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : String(v);
    return { status: res.statusCode, headers: flat, text, json };
  }

  async function send(call: HttpCall, opts: { retryIf?: RetryDecision } = {}): Promise<HttpResponse> {
    const url = rewrite(call.url);
    for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const started = Date.now();
    const retryIf = opts.retryIf ?? ((r: HttpResponse) => isTemporaryStatus(r.status));
    let lastError: unknown = null;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      const left = budgetMs - (Date.now() - started);
      if (left <= 0) break;
      const t0 = Date.now();
      let res: HttpResponse | null = null;
      try {
        res = await once(call, url, Math.min(timeoutMs, left));
        log(`connector ${call.method ?? "GET"} ${redactUrl(url)} -> ${res.status} in ${Date.now() - t0} ms`);
      } catch (err) {
        lastError = err;
        log(`connector ${call.method ?? "GET"} ${redactUrl(url)} -> ${(err as Error).name}: ${(err as Error).message}`);
      }
      if (res && !retryIf(res)) return res;
      if (attempt === maxAttempts) {
        if (res) return res;
        break;
      }
      const wait = (res ? retryAfterMs(res.headers["retry-after"]) : null) ?? baseDelayMs * 2 ** (attempt - 1);
      if (Date.now() - started + wait >= budgetMs) {
        if (res) return res;
        break;
      }
      await sleep(wait);
    }
    throw new ConnectorError("server_error", `The platform could not be reached (${redactUrl(url)})`, {
      cause: lastError,
    });
  }

  return { send, rewrite };
}
