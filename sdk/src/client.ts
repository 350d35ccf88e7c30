// The typed client: openapi-fetch over the generated types (every operation of the document
// through `client.raw`), plus the thin layer integrators would otherwise write by hand: the
// bearer key, an Idempotency-Key on every create (overridable, kept across retries), retries
// of 429 and 503 honouring Retry-After, retries of network errors and timeouts for the calls
// that are safe to repeat (reads, deletes and creates, which carry an Idempotency-Key), a
// per-attempt timeout and a caller's AbortSignal, async iteration over every page of a list,
// and typed errors. Methods return the envelope's `data`; failures throw AccessRequestsError.
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/v2.js";
import { AccessRequestsError, parseRetryAfter } from "./errors.js";

type Schemas = components["schemas"];
type Body<P extends keyof paths, M extends "post" | "patch"> = paths[P][M] extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : never;
type Query<P extends keyof paths> = paths[P]["get"] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

export type Client = Schemas["Client"];
export type AccessRequest = Schemas["Request"];
export type Webhook = Schemas["Webhook"];
export type WebhookWithSecret = Schemas["WebhookWithSecret"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type ConnectedAccount = Schemas["ConnectedAccount"];
export type CatalogService = Schemas["CatalogService"];
/** A catalog service id, as GET /services lists them; the catalog only grows. */
export type ServiceId = Schemas["ServiceId"];
/** A catalog platform id. */
export type PlatformId = Schemas["PlatformId"];
export type Usage = Schemas["Usage"];
export type CurrentKey = Schemas["CurrentKey"];
/** What a client granted the agency that is still in place (`GET /clients/{id}/access`). */
export type ClientAccess = Schemas["ClientAccess"];
export type CreateClientBody = Body<"/clients", "post">;
export type UpdateClientBody = Body<"/clients/{id}", "patch">;
export type CreateRequestBody = Body<"/requests", "post">;
export type CreateWebhookBody = Body<"/webhooks", "post">;
export type UpdateWebhookBody = Body<"/webhooks/{id}", "patch">;
export type ListClientsQuery = Query<"/clients">;
export type ListRequestsQuery = Query<"/requests">;
export type ListDeliveriesQuery = Query<"/webhooks/{id}/deliveries">;

export interface Page<T> {
  data: T[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  requestId: string;
}

export interface ClientOptions {
  /** The instance's address (`https://access.example.com`) or the API's (`.../api/v2`). */
  baseUrl: string;
  /** An API key created in the dashboard. */
  apiKey: string;
  /**
   * Retries of 429 and 503 answers (honouring Retry-After), and of network errors and
   * timeouts on calls that are safe to repeat: GET, DELETE and creates (default 2).
   */
  maxRetries?: number;
  /** Milliseconds one attempt may take before it is abandoned (default 30 000; 0 for none). */
  timeout?: number;
  /** A Retry-After longer than this is not waited for: the error is thrown (default 60 000 ms). */
  maxRetryDelayMs?: number;
  /** Replaces globalThis.fetch (tests, proxies, instrumentation). */
  fetch?: (request: Request) => Promise<Response>;
  /** The Idempotency-Key of creates that do not pass one (default: a random UUID). */
  newIdempotencyKey?: () => string;
  /** How retries wait (default: setTimeout). */
  sleep?: (ms: number) => Promise<void>;
}

/** Per call: every method takes these as its last argument. */
export interface RequestOptions {
  /** Cancels the call (and its retries); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Milliseconds one attempt may take, overriding the client's `timeout`. */
  timeout?: number;
}

export interface CreateOptions extends RequestOptions {
  /** Reuse the key of an earlier attempt to replay its result instead of creating twice. */
  idempotencyKey?: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type RetryOptions = Required<Pick<ClientOptions, "maxRetries" | "maxRetryDelayMs" | "sleep" | "timeout">> & {
  fetch: (r: Request) => Promise<Response>;
};

/** A repeat cannot do anything twice: a read, a delete, or a create carrying an Idempotency-Key. */
function safeToRepeat(request: Request): boolean {
  return (
    request.method === "GET" ||
    request.method === "HEAD" ||
    request.method === "DELETE" ||
    request.headers.has("idempotency-key")
  );
}

/** One attempt under the timeout and the caller's signal; a timeout rejects with TIMEOUT. */
async function attempt(opts: RetryOptions, request: Request): Promise<Response> {
  const caller = request.signal;
  if (!opts.timeout) return opts.fetch(request);
  const controller = new AbortController();
  const onAbort = () => controller.abort(caller.reason);
  caller.addEventListener("abort", onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeout);
  try {
    return await opts.fetch(new Request(request, { signal: controller.signal }));
  } catch (err) {
    if (timedOut)
      throw new AccessRequestsError({
        status: 0,
        code: "TIMEOUT",
        message: `No answer within ${opts.timeout} ms`,
        requestId: null,
        cause: err,
      });
    throw err;
  } finally {
    clearTimeout(timer);
    caller.removeEventListener("abort", onAbort);
  }
}

/**
 * Sends a request, retrying 429 and 503 after Retry-After (or a short backoff without one),
 * and network errors and timeouts when the request is safe to repeat. The caller's abort is
 * never retried.
 */
function retryingFetch(opts: RetryOptions) {
  return async (request: Request): Promise<Response> => {
    for (let n = 0; ; n++) {
      const last = n >= opts.maxRetries;
      let response: Response;
      try {
        response = await attempt(opts, last ? request : request.clone());
      } catch (err) {
        if (request.signal.aborted) throw request.signal.reason ?? err;
        const failure =
          err instanceof AccessRequestsError
            ? err
            : new AccessRequestsError({
                status: 0,
                code: "NETWORK_ERROR",
                message: err instanceof Error ? err.message : String(err),
                requestId: null,
                cause: err,
              });
        if (last || !safeToRepeat(request)) throw failure;
        await opts.sleep(250 * 2 ** n);
        continue;
      }
      if ((response.status !== 429 && response.status !== 503) || last) return response;
      const seconds = parseRetryAfter(response.headers.get("retry-after"));
      const delay = seconds === null ? 250 * 2 ** n : seconds * 1000;
      if (delay > opts.maxRetryDelayMs) return response;
      await response.body?.cancel();
      await opts.sleep(delay);
    }
  };
}

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

async function one<T extends { data: unknown }>(call: Promise<Result<T>>): Promise<T["data"]> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw AccessRequestsError.fromResponse(response, error);
  return data.data;
}

async function page<T extends { data: unknown[]; meta: { requestId: string; nextCursor: string | null } }>(
  call: Promise<Result<T>>,
): Promise<Page<T["data"][number]>> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw AccessRequestsError.fromResponse(response, error);
  return { data: data.data, nextCursor: data.meta.nextCursor, requestId: data.meta.requestId };
}

/** Every item of every page, fetching the next page only when the previous one is used up. */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  do {
    const p = await fetchPage(cursor);
    yield* p.data;
    cursor = p.nextCursor ?? undefined;
  } while (cursor);
}

function apiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return /\/api\/v2$/.test(trimmed) ? trimmed : `${trimmed}/api/v2`;
}

/** A client bound to one instance and API key. */
export function createAccessRequestsClient(options: ClientOptions) {
  const newKey = options.newIdempotencyKey ?? (() => crypto.randomUUID());
  const retry: RetryOptions = {
    fetch: options.fetch ?? ((r) => globalThis.fetch(r)),
    maxRetries: options.maxRetries ?? 2,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 60_000,
    sleep: options.sleep ?? defaultSleep,
    timeout: options.timeout ?? 30_000,
  };
  const raw = createClient<paths>({
    baseUrl: apiBase(options.baseUrl),
    headers: { Authorization: `Bearer ${options.apiKey}`, Accept: "application/json" },
    fetch: retryingFetch(retry),
  });
  const idem = (o?: CreateOptions) => ({ "Idempotency-Key": o?.idempotencyKey ?? newKey() });
  const id = (value: string) => ({ path: { id: value } });
  /** The per-call signal and, when the call sets its own timeout, a fetch that applies it. */
  const call = (o?: RequestOptions) => ({
    ...(o?.signal ? { signal: o.signal } : {}),
    ...(o?.timeout !== undefined ? { fetch: retryingFetch({ ...retry, timeout: o.timeout }) } : {}),
  });

  const clients = {
    create: (body: CreateClientBody, o?: CreateOptions) =>
      one(raw.POST("/clients", { body, params: { header: idem(o) }, ...call(o) })),
    list: (query: ListClientsQuery = {}, o?: RequestOptions) =>
      page(raw.GET("/clients", { params: { query }, ...call(o) })),
    /** Every client matching the filters, page after page. */
    iterate: (query: Omit<ListClientsQuery, "cursor"> = {}, o?: RequestOptions) =>
      paginate((cursor) => clients.list({ ...query, cursor }, o)),
    get: (clientId: string, o?: RequestOptions) => one(raw.GET("/clients/{id}", { params: id(clientId), ...call(o) })),
    update: (clientId: string, body: UpdateClientBody, o?: RequestOptions) =>
      one(raw.PATCH("/clients/{id}", { params: id(clientId), body, ...call(o) })),
    /** The client's current access: each granted, not removed asset with its role and last check. */
    access: (clientId: string, o?: RequestOptions) =>
      one(raw.GET("/clients/{id}/access", { params: id(clientId), ...call(o) })),
  };
  const requests = {
    create: (body: CreateRequestBody, o?: CreateOptions) =>
      one(raw.POST("/requests", { body, params: { header: idem(o) }, ...call(o) })),
    list: (query: ListRequestsQuery = {}, o?: RequestOptions) =>
      page(raw.GET("/requests", { params: { query }, ...call(o) })),
    /** Every request matching the filters, page after page. */
    iterate: (query: Omit<ListRequestsQuery, "cursor"> = {}, o?: RequestOptions) =>
      paginate((cursor) => requests.list({ ...query, cursor }, o)),
    get: (requestId: string, o?: RequestOptions) =>
      one(raw.GET("/requests/{id}", { params: id(requestId), ...call(o) })),
    cancel: (requestId: string, o?: RequestOptions) =>
      one(raw.POST("/requests/{id}/cancel", { params: id(requestId), ...call(o) })),
  };
  const webhooks = {
    create: (body: CreateWebhookBody, o?: CreateOptions) =>
      one(raw.POST("/webhooks", { body, params: { header: idem(o) }, ...call(o) })),
    list: (query: { limit?: number; cursor?: string } = {}, o?: RequestOptions) =>
      page(raw.GET("/webhooks", { params: { query }, ...call(o) })),
    iterate: (query: { limit?: number } = {}, o?: RequestOptions) =>
      paginate((cursor) => webhooks.list({ ...query, cursor }, o)),
    get: (webhookId: string, o?: RequestOptions) =>
      one(raw.GET("/webhooks/{id}", { params: id(webhookId), ...call(o) })),
    update: (webhookId: string, body: UpdateWebhookBody, o?: RequestOptions) =>
      one(raw.PATCH("/webhooks/{id}", { params: id(webhookId), body, ...call(o) })),
    delete: (webhookId: string, o?: RequestOptions) =>
      one(raw.DELETE("/webhooks/{id}", { params: id(webhookId), ...call(o) })),
    pause: (webhookId: string, o?: RequestOptions) =>
      one(raw.POST("/webhooks/{id}/pause", { params: id(webhookId), ...call(o) })),
    resume: (webhookId: string, o?: RequestOptions) =>
      one(raw.POST("/webhooks/{id}/resume", { params: id(webhookId), ...call(o) })),
    rotateSecret: (webhookId: string, o?: RequestOptions) =>
      one(raw.POST("/webhooks/{id}/rotate-secret", { params: id(webhookId), ...call(o) })),
    test: (webhookId: string, o?: RequestOptions) =>
      one(raw.POST("/webhooks/{id}/test", { params: id(webhookId), ...call(o) })),
    deliveries: (webhookId: string, query: ListDeliveriesQuery = {}, o?: RequestOptions) =>
      page(raw.GET("/webhooks/{id}/deliveries", { params: { ...id(webhookId), query }, ...call(o) })),
  };
  return {
    /** The openapi-fetch client: every operation of the document, typed, unwrapped by nothing. */
    raw,
    me: (o?: RequestOptions) => one(raw.GET("/me", call(o))),
    clients,
    requests,
    webhooks,
    accounts: { list: (o?: RequestOptions) => one(raw.GET("/accounts", call(o))) },
    services: { list: (o?: RequestOptions) => one(raw.GET("/services", call(o))) },
    usage: { get: (o?: RequestOptions) => one(raw.GET("/usage", call(o))) },
  };
}

export type AccessRequestsClient = ReturnType<typeof createAccessRequestsClient>;
