// The typed client: openapi-fetch over the generated types (every operation of the document
// through `client.raw`), plus the thin layer integrators would otherwise write by hand: the
// bearer key, an Idempotency-Key on every create (overridable, kept across retries), retries
// of 429 and 503 honouring Retry-After, async iteration over every page of a list, and typed
// errors. Methods return the envelope's `data`; failures throw AccessRequestsError.
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/v2.js";
import { AccessRequestsError, parseRetryAfter } from "./errors.js";

type Schemas = components["schemas"];
type Body<P extends keyof paths, M extends "post" | "patch"> = paths[P][M] extends { requestBody: { content: { "application/json": infer B } } } ? B : never;
type Query<P extends keyof paths> = paths[P]["get"] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

export type Client = Schemas["Client"];
export type AccessRequest = Schemas["Request"];
export type Webhook = Schemas["Webhook"];
export type WebhookWithSecret = Schemas["WebhookWithSecret"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type ConnectedAccount = Schemas["ConnectedAccount"];
export type CatalogService = Schemas["CatalogService"];
export type Usage = Schemas["Usage"];
export type CurrentKey = Schemas["CurrentKey"];
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
  /** Retries of 429 and 503 answers, honouring Retry-After (default 2). */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the error is thrown (default 60 000 ms). */
  maxRetryDelayMs?: number;
  /** Replaces globalThis.fetch (tests, proxies, instrumentation). */
  fetch?: (request: Request) => Promise<Response>;
  /** The Idempotency-Key of creates that do not pass one (default: a random UUID). */
  newIdempotencyKey?: () => string;
  /** How retries wait (default: setTimeout). */
  sleep?: (ms: number) => Promise<void>;
}

export interface CreateOptions {
  /** Reuse the key of an earlier attempt to replay its result instead of creating twice. */
  idempotencyKey?: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sends a request, retrying 429 and 503 after Retry-After (or a short backoff without one). */
function retryingFetch(opts: Required<Pick<ClientOptions, "maxRetries" | "maxRetryDelayMs" | "sleep">> & { fetch: (r: Request) => Promise<Response> }) {
  return async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= opts.maxRetries;
      const response = await opts.fetch(last ? request : request.clone());
      if ((response.status !== 429 && response.status !== 503) || last) return response;
      const seconds = parseRetryAfter(response.headers.get("retry-after"));
      const delay = seconds === null ? 250 * 2 ** attempt : seconds * 1000;
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

async function page<T extends { data: unknown[]; meta: { requestId: string; nextCursor: string | null } }>(call: Promise<Result<T>>): Promise<Page<T["data"][number]>> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw AccessRequestsError.fromResponse(response, error);
  return { data: data.data, nextCursor: data.meta.nextCursor, requestId: data.meta.requestId };
}

/** Every item of every page, fetching the next page only when the previous one is used up. */
export async function* paginate<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
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
  const raw = createClient<paths>({
    baseUrl: apiBase(options.baseUrl),
    headers: { Authorization: `Bearer ${options.apiKey}`, Accept: "application/json" },
    fetch: retryingFetch({
      fetch: options.fetch ?? ((r) => globalThis.fetch(r)),
      maxRetries: options.maxRetries ?? 2,
      maxRetryDelayMs: options.maxRetryDelayMs ?? 60_000,
      sleep: options.sleep ?? defaultSleep,
    }),
  });
  const idem = (o?: CreateOptions) => ({ "Idempotency-Key": o?.idempotencyKey ?? newKey() });
  const id = (value: string) => ({ path: { id: value } });

  const clients = {
    create: (body: CreateClientBody, o?: CreateOptions) => one(raw.POST("/clients", { body, params: { header: idem(o) } })),
    list: (query: ListClientsQuery = {}) => page(raw.GET("/clients", { params: { query } })),
    /** Every client matching the filters, page after page. */
    iterate: (query: Omit<ListClientsQuery, "cursor"> = {}) => paginate((cursor) => clients.list({ ...query, cursor })),
    get: (clientId: string) => one(raw.GET("/clients/{id}", { params: id(clientId) })),
    update: (clientId: string, body: UpdateClientBody) => one(raw.PATCH("/clients/{id}", { params: id(clientId), body })),
  };
  const requests = {
    create: (body: CreateRequestBody, o?: CreateOptions) => one(raw.POST("/requests", { body, params: { header: idem(o) } })),
    list: (query: ListRequestsQuery = {}) => page(raw.GET("/requests", { params: { query } })),
    /** Every request matching the filters, page after page. */
    iterate: (query: Omit<ListRequestsQuery, "cursor"> = {}) => paginate((cursor) => requests.list({ ...query, cursor })),
    get: (requestId: string) => one(raw.GET("/requests/{id}", { params: id(requestId) })),
    cancel: (requestId: string) => one(raw.POST("/requests/{id}/cancel", { params: id(requestId) })),
  };
  const webhooks = {
    create: (body: CreateWebhookBody, o?: CreateOptions) => one(raw.POST("/webhooks", { body, params: { header: idem(o) } })),
    list: (query: { limit?: number; cursor?: string } = {}) => page(raw.GET("/webhooks", { params: { query } })),
    iterate: (query: { limit?: number } = {}) => paginate((cursor) => webhooks.list({ ...query, cursor })),
    get: (webhookId: string) => one(raw.GET("/webhooks/{id}", { params: id(webhookId) })),
    update: (webhookId: string, body: UpdateWebhookBody) => one(raw.PATCH("/webhooks/{id}", { params: id(webhookId), body })),
    delete: (webhookId: string) => one(raw.DELETE("/webhooks/{id}", { params: id(webhookId) })),
    pause: (webhookId: string) => one(raw.POST("/webhooks/{id}/pause", { params: id(webhookId) })),
    resume: (webhookId: string) => one(raw.POST("/webhooks/{id}/resume", { params: id(webhookId) })),
    rotateSecret: (webhookId: string) => one(raw.POST("/webhooks/{id}/rotate-secret", { params: id(webhookId) })),
    test: (webhookId: string) => one(raw.POST("/webhooks/{id}/test", { params: id(webhookId) })),
    deliveries: (webhookId: string, query: ListDeliveriesQuery = {}) => page(raw.GET("/webhooks/{id}/deliveries", { params: { ...id(webhookId), query } })),
  };
  return {
    /** The openapi-fetch client: every operation of the document, typed, unwrapped by nothing. */
    raw,
    me: () => one(raw.GET("/me")),
    clients,
    requests,
    webhooks,
    accounts: { list: () => one(raw.GET("/accounts")) },
    services: { list: () => one(raw.GET("/services")) },
    usage: { get: () => one(raw.GET("/usage")) },
  };
}

export type AccessRequestsClient = ReturnType<typeof createAccessRequestsClient>;
