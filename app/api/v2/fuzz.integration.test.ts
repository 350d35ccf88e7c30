// Property-based tests (fast-check) over real HTTP: random and mutated bodies, headers,
// query strings and path ids thrown at every V2 endpoint. Whatever arrives, the answer is
// never a 5xx, always JSON, and always the success or the error envelope with a request id
// and a code whose status is the one answered. Bounded: a fixed number of runs per endpoint.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { startWebhookReceiver, type WebhookReceiver } from "@/test/support/webhook-receiver";
import { expectOk, call, seedV2Agency, REQUEST_ID, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { ERROR_STATUS } from "@/lib/core/common/api-error";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";

type Json = unknown;
const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

let server: Awaited<ReturnType<typeof startApiServer>>;
let receiver: WebhookReceiver;
let a: SeededV2Agency;
const ids: Record<string, string> = {};
const seeds: Record<string, Record<string, Json>> = {};

beforeAll(async () => {
  server = await startApiServer();
  receiver = await startWebhookReceiver();
  a = await seedV2Agency({ platforms: ["meta", "google"] });
  const api = (method: string, p: string, body?: unknown) => call(server.url, a.key, method, p, { body });
  seeds.client = {
    name: "Fuzz",
    email: "fuzz@example.com",
    company: "Co",
    website: "w",
    language: "Dutch",
    metadata: { a: "b" },
    externalClientId: "fz",
  };
  ids.client = expectOk(await api("POST", "/clients", { name: "Base", email: "base@example.com" }), 201).id;
  seeds.request = {
    clientId: ids.client,
    requestedServices: {
      meta_ads: {
        accessLevel: "admin",
        optional: true,
        requestedAccountLinks: [{ internalAccountId: a.accounts.meta, businessManagerId: "bm" }],
      },
      google_tag_manager: {
        accessLevel: "[publish,read]",
        requestedAccountLinks: [{ internalAccountId: a.accounts.google }],
      },
      google_ads_mcc: { requestedAccountLinks: [{ internalAccountId: a.accounts.google, adsMccAccountId: "1" }] },
    },
    intakeForm: { requested: false },
    sendEmail: false,
    thankYouMessage: "Thanks",
    redirectUrl: "https://agency.example/done",
    expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  };
  ids.request = expectOk(await api("POST", "/requests", seeds.request), 201).id;
  seeds.webhook = { url: receiver.url("/fuzz"), events: ["request.created", "client.created"] };
  ids.webhook = expectOk(await api("POST", "/webhooks", seeds.webhook), 201).id;
});
afterAll(async () => {
  await receiver.close();
  await server.close();
});

// Webhook URLs are judged with DNS for host names: every URL-like string is replaced by a
// loopback or refused address, so no fuzzed call ever looks up or contacts another host.
const SAFE_URLS = () => [
  receiver.url("/fuzz"),
  "https://127.0.0.1/",
  "https://10.0.0.1/",
  "http://[::1]:1/",
  "ftp://127.0.0.1/",
];
function sanitizeWebhookBody(body: Json, pick: number): Json {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const url = (body as Record<string, Json>).url;
  if (typeof url === "string" && /^\s*[A-Za-z][A-Za-z0-9+.-]*:/.test(url)) {
    const safe = SAFE_URLS();
    return { ...body, url: safe[pick % safe.length] };
  }
  return body;
}

const nasty = fc.constantFrom<Json>(
  "",
  " ",
  "x".repeat(5000),
  "\u0000",
  "💥".repeat(300),
  -1,
  0,
  1.5,
  1e308,
  -0,
  true,
  null,
  [],
  {},
  { __proto__: { polluted: true } },
  "__proto__",
  "2026-13-45T25:61:00Z",
  "00000000-0000-0000-0000-000000000000",
);
const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), nasty);

function paths(value: Json, prefix: string[] = []): string[][] {
  if (!value || typeof value !== "object") return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => paths(v, [...prefix, k]))];
}
function setAt(value: Json, p: string[], next: Json): Json {
  if (p.length === 0) return next;
  const base = value && typeof value === "object" ? value : {};
  const copy: Record<string, Json> | Json[] = Array.isArray(base) ? [...base] : { ...(base as Record<string, Json>) };
  (copy as Record<string, Json>)[p[0]!] = setAt((base as Record<string, Json>)[p[0]!], p.slice(1), next);
  return copy;
}
function removeAt(value: Json, p: string[]): Json {
  if (p.length === 0) return undefined;
  if (p.length === 1 && value && typeof value === "object" && !Array.isArray(value)) {
    const { [p[0]!]: _, ...rest } = value as Record<string, Json>;
    return rest;
  }
  return setAt(value, p.slice(0, -1), removeAt((value as Record<string, Json>)[p[0]!], p.slice(1)));
}

/** Bodies around a valid seed: the seed, a value replaced or removed anywhere, extra keys, or anything at all. */
function bodyArb(seed: Json) {
  const all = paths(seed);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(seed) },
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...all), jsonValue).map(([p, v]) => setAt(seed, p, v)) },
    { weight: 2, arbitrary: fc.constantFrom(...all).map((p) => removeAt(seed, p)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...all),
          fc.oneof(fc.string(), fc.constantFrom("__proto__", "constructor", "prototype")),
          jsonValue,
        )
        .map(([p, k, v]) => setAt(seed, [...p, k], v)),
    },
    { weight: 2, arbitrary: jsonValue },
  );
}

interface RawBody {
  text: string | undefined;
  contentType: string | undefined;
}
function rawBodyArb(seed: Json | undefined): fc.Arbitrary<RawBody> {
  const json = seed === undefined ? fc.constantFrom<Json>(undefined, {}, null) : bodyArb(seed);
  const text = fc.oneof(
    { weight: 6, arbitrary: json.map((b) => (b === undefined ? undefined : JSON.stringify(b))) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: json.map((b) => JSON.stringify(b ?? {}).slice(0, -1)) },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string | undefined>("application/json") },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        "text/plain",
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "application/vnd.api+json",
        "multipart/form-data",
        "application/x-www-form-urlencoded",
      ),
    },
  );
  return fc.record({ text, contentType });
}

const headerValue = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 300,
});
const authArb = () =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${a.key}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        "Bearer",
        "Bearer ",
        `bearer ${a.key}`,
        `Basic ${a.key}`,
        `Bearer ${a.key} ${a.key}`,
        `Bearer ${a.key}x`,
      ),
    },
    { weight: 1, arbitrary: headerValue.map((v) => `Bearer ${v}`) },
  );
const idempotencyArb = fc.oneof(
  { weight: 6, arbitrary: fc.uuid() },
  {
    weight: 2,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      "",
      "fixed-key-1",
      "fixed-key-2",
      "k".repeat(256),
      "k".repeat(255),
    ),
  },
  { weight: 1, arbitrary: headerValue },
);
const queryArb = (names: string[]) =>
  fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...names) },
        { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
      ),
      fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.integer().map(String),
        fc.constantFrom(
          "0",
          "1",
          "100",
          "101",
          "-1",
          "1e2",
          "pending",
          "expired",
          "x".repeat(600),
          "eyJ0IjoiIn0",
          ids.client ?? "",
        ),
      ),
    ),
    { maxLength: 4 },
  );
const idArb = (real: () => string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constant(null).map(() => real()) },
    { weight: 2, arbitrary: fc.uuid() },
    {
      weight: 2,
      arbitrary: fc
        .string({ minLength: 1, maxLength: 60 })
        .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "x"))),
    },
    { weight: 1, arbitrary: fc.constantFrom("..", ".", "%2e", "null", "0", real().toUpperCase(), `${real()}x`) },
  );

/** Asserts the answer is not a 5xx and is the envelope it must be. */
function checkEnvelope(label: string, status: number, text: string, requestIdHeader: string | null) {
  const where = `${label} → ${status} ${text.slice(0, 300)}`;
  expect(status, where).toBeLessThan(500);
  const body = JSON.parse(text);
  expect(body.meta?.requestId, where).toMatch(REQUEST_ID);
  if (status >= 400) {
    expect(Object.keys(body).sort(), where).toEqual(["error", "meta"]);
    const code = body.error.code as keyof typeof ERROR_STATUS;
    expect(ERROR_STATUS[code], where).toBe(status);
    expect(typeof body.error.message, where).toBe("string");
    expect(Array.isArray(body.error.details), where).toBe(true);
    for (const d of body.error.details) {
      expect(typeof d.message, where).toBe("string");
      if (d.field !== undefined) expect(typeof d.field, where).toBe("string");
    }
    expect(requestIdHeader, where).toBe(body.meta.requestId);
  } else {
    expect(body.error, where).toBeUndefined();
    expect("data" in body, where).toBe(true);
  }
}

interface Endpoint {
  method: string;
  path: (id: string) => string;
  id?: () => string;
  body?: () => Json;
  query?: string[];
  idempotent?: boolean;
  webhook?: boolean;
  runs?: number;
}

const ENDPOINTS: Endpoint[] = [
  { method: "GET", path: () => "/me", query: ["x"] },
  { method: "GET", path: () => "/accounts", query: ["limit"] },
  { method: "GET", path: () => "/services", query: ["limit"] },
  { method: "GET", path: () => "/usage", query: ["period"] },
  { method: "POST", path: () => "/clients", body: () => seeds.client, idempotent: true },
  { method: "GET", path: () => "/clients", query: ["limit", "cursor", "externalClientId", "email"] },
  { method: "GET", path: (id) => `/clients/${id}`, id: () => ids.client!, query: ["x"] },
  {
    method: "PATCH",
    path: (id) => `/clients/${id}`,
    id: () => ids.client!,
    body: () => ({ name: "Changed", company: null, website: "", language: "Spanish", metadata: { c: "d" } }),
  },
  { method: "POST", path: () => "/requests", body: () => seeds.request, idempotent: true },
  { method: "GET", path: () => "/requests", query: ["limit", "cursor", "clientId", "externalClientId", "status"] },
  { method: "GET", path: (id) => `/requests/${id}`, id: () => ids.request! },
  { method: "POST", path: (id) => `/requests/${id}/cancel`, id: () => ids.request!, body: () => ({}) },
  { method: "POST", path: () => "/webhooks", body: () => seeds.webhook, idempotent: true, webhook: true, runs: 60 },
  { method: "GET", path: () => "/webhooks", query: ["limit", "cursor"], runs: 60 },
  { method: "GET", path: (id) => `/webhooks/${id}`, id: () => ids.webhook!, runs: 40 },
  {
    method: "PATCH",
    path: (id) => `/webhooks/${id}`,
    id: () => ids.webhook!,
    body: () => seeds.webhook,
    webhook: true,
    runs: 60,
  },
  { method: "POST", path: (id) => `/webhooks/${id}/pause`, id: () => ids.webhook!, body: () => ({}), runs: 30 },
  { method: "POST", path: (id) => `/webhooks/${id}/resume`, id: () => ids.webhook!, body: () => ({}), runs: 30 },
  { method: "POST", path: (id) => `/webhooks/${id}/rotate-secret`, id: () => ids.webhook!, body: () => ({}), runs: 30 },
  { method: "POST", path: (id) => `/webhooks/${id}/test`, id: () => ids.webhook!, body: () => ({}), runs: 30 },
  {
    method: "GET",
    path: (id) => `/webhooks/${id}/deliveries`,
    id: () => ids.webhook!,
    query: ["limit", "cursor", "eventType", "outcome"],
    runs: 40,
  },
  // last: it may delete the webhook the others work on
  { method: "DELETE", path: (id) => `/webhooks/${id}`, id: () => ids.webhook!, body: () => ({}), runs: 30 },
];

describe("fuzzing every endpoint", () => {
  for (const ep of ENDPOINTS) {
    const label = `${ep.method} ${ep.path("{id}")}`;
    it(`${label}: never a 5xx, always the envelope`, async () => {
      const runs = Math.min(RUNS, ep.runs ?? RUNS);
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            id: ep.id ? idArb(ep.id) : fc.constant(""),
            body:
              ep.method === "GET"
                ? fc.constant<RawBody>({ text: undefined, contentType: undefined })
                : rawBodyArb(ep.body?.()),
            auth: authArb(),
            idem: ep.idempotent ? idempotencyArb : fc.constant<string | undefined>(undefined),
            query: queryArb(ep.query ?? ["x"]),
            pick: fc.nat(),
          }),
          async ({ id, body, auth, idem, query, pick }) => {
            // every run gets a fresh budget: the rate limit has its own test
            resetRateLimiters();
            const headers: Record<string, string> = {};
            if (auth !== undefined) headers.authorization = auth;
            if (idem !== undefined) headers["idempotency-key"] = idem;
            if (body.contentType !== undefined) headers["content-type"] = body.contentType;
            let text = body.text;
            if (ep.webhook && text !== undefined) {
              try {
                text = JSON.stringify(sanitizeWebhookBody(JSON.parse(text), pick));
              } catch {
                // not JSON: no URL to judge
              }
            }
            const qs = new URLSearchParams(query).toString();
            const url = `${server.url}/api/v2${ep.path(id)}${qs ? `?${qs}` : ""}`;
            const res = await fetch(url, { method: ep.method, headers, body: text });
            checkEnvelope(
              `${label} ${JSON.stringify({ id, auth: auth?.slice(0, 20), idem, query, body: text?.slice(0, 200), type: body.contentType })}`,
              res.status,
              await res.text(),
              res.headers.get("x-request-id"),
            );
          },
        ),
        { numRuns: runs, endOnFailure: true },
      );
    }, 240_000);
  }
});
