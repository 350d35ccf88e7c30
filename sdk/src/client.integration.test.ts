// The SDK against a real app instance on loopback (the route handlers over HTTP on the test
// database): typed results, the automatic and overridable Idempotency-Key, a retried 503 that
// replays instead of creating twice, Retry-After, iteration over every page, typed errors.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import { getDb } from "@/lib/infra/db/db";
import { createAccessRequestsClient, type AccessRequestsClient } from "./client.js";
import { AccessRequestsError } from "./errors.js";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let sdk: AccessRequestsClient;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: ["meta", "google"] });
  sdk = createAccessRequestsClient({ baseUrl: server.url, apiKey: a.key });
});
afterAll(() => server.close());
beforeEach(() => resetRateLimiters());

describe("calls", () => {
  it("reads the key, the catalog and the accounts, typed and unwrapped", async () => {
    const me = await sdk.me();
    expect(me.agency.id).toBe(a.agencyId);
    expect(me.apiKey.id).toBe(a.apiKeyId);
    const services = await sdk.services.list();
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((s) => typeof s.id === "string" && Array.isArray(s.roles))).toBe(true);
    const accounts = await sdk.accounts.list();
    expect(accounts.map((x) => x.internalAccountId).sort()).toEqual(Object.values(a.accounts).sort());
  });

  it("accepts the API's own address as baseUrl too", async () => {
    const other = createAccessRequestsClient({ baseUrl: `${server.url}/api/v2/`, apiKey: a.key });
    expect((await other.me()).agency.id).toBe(a.agencyId);
  });

  it("creates a client and a request, updates and cancels", async () => {
    const client = await sdk.clients.create({ name: "Ada", email: "ada@example.com", externalClientId: "crm-1" });
    expect(client).toMatchObject({ name: "Ada", externalClientId: "crm-1", language: "English" });
    expect((await sdk.clients.update(client.id, { company: "Analytical" })).company).toBe("Analytical");
    const service = (await sdk.services.list()).find((s) => s.platform === "meta" && s.roles.length > 0)!;
    const request = await sdk.requests.create({
      clientId: client.id,
      requestedServices: {
        [service.id]: {
          accessLevel: service.roles[0]!.value,
          requestedAccountLinks: [{ internalAccountId: a.accounts.meta! }],
        },
      },
    });
    expect(request).toMatchObject({ clientId: client.id, status: "pending", stateVersion: 1 });
    expect((await sdk.requests.get(request.id)).id).toBe(request.id);
    const cancelled = await sdk.requests.cancel(request.id);
    expect(cancelled.status).toBe("cancelled");
  });
});

describe("idempotency", () => {
  it("sends a new key on each create unless one is given; the same key replays the first result", async () => {
    const one = await sdk.clients.create({ name: "A", email: "a@example.com" });
    const two = await sdk.clients.create({ name: "A", email: "a@example.com" });
    expect(two.id).not.toBe(one.id);
    const key = crypto.randomUUID();
    const first = await sdk.clients.create({ name: "B", email: "b@example.com" }, { idempotencyKey: key });
    const again = await sdk.clients.create({ name: "B", email: "b@example.com" }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
  });

  it("retries a 503 after Retry-After with the same key, so a lost answer creates nothing twice", async () => {
    const sent: { key: string | null; status: number }[] = [];
    const waits: number[] = [];
    let failNext = true;
    const flaky = createAccessRequestsClient({
      baseUrl: server.url,
      apiKey: a.key,
      sleep: async (ms) => void waits.push(ms),
      // The first create reaches the server and is committed, but its answer is "lost": a 503.
      fetch: async (request) => {
        const response = await fetch(request);
        sent.push({ key: request.headers.get("idempotency-key"), status: response.status });
        if (failNext) {
          failNext = false;
          return new Response(
            JSON.stringify({
              error: { code: "SERVICE_UNAVAILABLE", message: "busy", details: [] },
              meta: { requestId: "req_lostanswer" },
            }),
            {
              status: 503,
              headers: { "Content-Type": "application/json", "Retry-After": "2" },
            },
          );
        }
        return response;
      },
    });
    const externalClientId = `retry-${crypto.randomUUID()}`;
    const created = await flaky.clients.create({ name: "Retry", email: "r@example.com", externalClientId });
    expect(waits).toEqual([2000]);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[1]!.key).toBe(sent[0]!.key);
    const db = await getDb();
    expect(await db.client.count({ where: { agencyId: a.agencyId, externalClientId } })).toBe(1);
    expect(created.externalClientId).toBe(externalClientId);
  });

  it("retries 429 up to maxRetries, then throws the typed error with its Retry-After", async () => {
    let calls = 0;
    const limited = createAccessRequestsClient({
      baseUrl: server.url,
      apiKey: a.key,
      maxRetries: 2,
      sleep: async () => {},
      fetch: async () => {
        calls++;
        return new Response(
          JSON.stringify({
            error: { code: "RATE_LIMITED", message: "slow down", details: [] },
            meta: { requestId: "req_limited1" },
          }),
          {
            status: 429,
            headers: { "Content-Type": "application/json", "Retry-After": "1" },
          },
        );
      },
    });
    const err = await limited.me().catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(err).toBeInstanceOf(AccessRequestsError);
    expect(err).toMatchObject({ status: 429, code: "RATE_LIMITED", requestId: "req_limited1", retryAfter: 1 });
  });
});

describe("pages", () => {
  it("iterates over every page of a list", async () => {
    const b = await seedV2Agency({ platforms: [] });
    const other = createAccessRequestsClient({ baseUrl: server.url, apiKey: b.key });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await other.clients.create({ name: `C${i}`, email: `c${i}@example.com` })).id);
    const first = await other.clients.list({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const seen: string[] = [];
    for await (const c of other.clients.iterate({ limit: 2 })) seen.push(c.id);
    expect(seen).toEqual(ids);
  });
});

describe("errors", () => {
  it("throws AccessRequestsError with the code, request id and field details", async () => {
    const missing = await sdk.clients.get(crypto.randomUUID()).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AccessRequestsError);
    expect(missing).toMatchObject({ status: 404, code: "NOT_FOUND", requestId: expect.stringMatching(/^req_/) });

    const invalid = (await sdk.clients
      .create({ name: "", email: "not-an-email" })
      .catch((e: unknown) => e)) as AccessRequestsError;
    expect(invalid.code).toBe("VALIDATION_FAILED");
    expect(invalid.details.map((d) => d.field)).toEqual(expect.arrayContaining(["name", "email"]));

    const unauthenticated = await createAccessRequestsClient({ baseUrl: server.url, apiKey: "nope" })
      .me()
      .catch((e: unknown) => e);
    expect(unauthenticated).toMatchObject({ status: 401, code: "UNAUTHENTICATED" });
  });
});
