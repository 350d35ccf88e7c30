// Inputs and conditions that once answered 500, and spec rules the API once broke, over
// real HTTP and a real database: tampered pagination cursors, JSON nested past the depth
// bound, a database that cannot be reached (503 with Retry-After), the idempotency wait
// (409 IDEMPOTENCY_IN_PROGRESS on both database modes), account links to an account
// without the service, GET /accounts for keys that create requests, and overage billing
// with `included` unset.
import net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import {
  call,
  client,
  expectError,
  expectOk,
  fieldsOf,
  seedV2Agency,
  type SeededV2Agency,
} from "@/test/support/v2-fixtures";
import { expectV1Error, v1Call } from "@/test/support/v1-test-client";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import { closeDb, getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { ApiError } from "@/lib/core/common/api-error";
import { decodeCursor, encodeCursor } from "@/lib/core/common/cursor";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { forgetApiKeys } from "@/lib/core/api-keys/authenticate-api-key";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { setPlan } from "@/lib/core/agencies/set-plan";
import { listApiKeys } from "@/lib/core/api-keys/list-api-keys";
import { MAX_JSON_DEPTH } from "@/lib/surfaces/http/read-json-body";
import { runIdempotent } from "@/lib/surfaces/v2/idempotency";
import { loadOrUnavailable } from "@/lib/surfaces/client-pages/load-or-unavailable";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: ["meta"] });
  api = client(server.url, a.key);
});
afterAll(() => server.close());
beforeEach(() => resetRateLimiters());

const requestBody = (clientId: string, accountId = a.accounts.meta!) => ({
  clientId,
  requestedServices: {
    meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: accountId }] },
  },
});

function tamper(cursor: string, patch: Record<string, unknown>): string {
  const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as Record<string, unknown>;
  return Buffer.from(JSON.stringify({ ...parsed, ...patch })).toString("base64url");
}

// Each keeps the cursor's own filter fingerprint, so only the position is wrong.
const TAMPERED: Record<string, unknown>[] = [
  { i: "-".repeat(36) },
  { i: "a".repeat(36) },
  { i: "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz" },
  { t: "+275760-09-13T00:00:00.000Z" },
  { t: "-271821-04-20T00:00:00.000Z" },
  { t: "0001-01-01T00:00:00.000Z" },
];

describe("tampered pagination cursors", () => {
  it("400 VALIDATION_FAILED on cursor for /clients, /requests and /webhooks", async () => {
    const c1 = expectOk(await api("POST", "/clients", { body: { name: "C1", email: "c1@example.com" } }), 201).id;
    expectOk(await api("POST", "/clients", { body: { name: "C2", email: "c2@example.com" } }), 201);
    for (let i = 0; i < 2; i++) expectOk(await api("POST", "/requests", { body: requestBody(c1) }), 201);
    for (let i = 0; i < 2; i++)
      expectOk(await api("POST", "/webhooks", { body: { url: `http://127.0.0.1:9/hook-${i}`, events: ["*"] } }), 201);
    for (const path of ["/clients", "/requests", "/webhooks"]) {
      const first = await api("GET", `${path}?limit=1`);
      expectOk(first);
      const cursor = first.body.meta.nextCursor as string;
      expect(cursor, path).toBeTruthy();
      expectOk(await api("GET", `${path}?limit=1&cursor=${cursor}`));
      for (const patch of TAMPERED) {
        const res = await api("GET", `${path}?limit=1&cursor=${tamper(cursor, patch)}`);
        expectError(res, 400, "VALIDATION_FAILED");
        expect(fieldsOf(res), `${path} ${JSON.stringify(patch)}`).toEqual(["cursor"]);
      }
    }
  });

  it("the dashboard lists share the check: a tampered cursor is refused before the database sees it", async () => {
    for (let i = 0; i < 2; i++) await createApiKey({ agencyId: a.agencyId, scopes: ["usage:read"] });
    const page = await listApiKeys({ agencyId: a.agencyId, query: { limit: 1 } });
    expect(page.nextCursor).toBeTruthy();
    for (const patch of TAMPERED) {
      const err = await listApiKeys({
        agencyId: a.agencyId,
        query: { limit: 1, cursor: tamper(page.nextCursor!, patch) },
      }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, JSON.stringify(patch)).toBeInstanceOf(ApiError);
      expect((err as ApiError).details).toEqual([{ field: "cursor", message: expect.any(String) }]);
    }
    // an honest cursor still decodes
    const filters = { list: "x" };
    const pos = { createdAt: new Date(), id: crypto.randomUUID() };
    expect(decodeCursor(encodeCursor(pos, filters), filters)).toEqual(pos);
  });
});

describe("deeply nested JSON", () => {
  it("400 naming the depth bound, never a stack overflow, on V2 and V1", async () => {
    const brackets = `${"[".repeat(500_000)}${"]".repeat(500_000)}`;
    const res = await api("POST", "/clients", { rawBody: brackets, headers: { "content-type": "application/json" } });
    expect(expectError(res, 400, "VALIDATION_FAILED").message).toContain(String(MAX_JSON_DEPTH));

    let nested = '"x"';
    for (let i = 0; i < 100_000; i++) nested = `{"a":${nested}}`;
    const deep = await api("POST", "/clients", {
      rawBody: `{"name":"Deep","email":"deep@example.com","metadata":${nested}}`,
      headers: { "content-type": "application/json" },
    });
    const err = expectError(deep, 400, "VALIDATION_FAILED");
    expect(err.details[0]!.field).toMatch(/^metadata(\.a)+$/);

    const v1 = await v1Call(server.url, a.key, "POST", "/clients/create", {
      rawBody: brackets.replace("[", '{"x":').replace(/]$/, "}"),
    });
    expect(expectV1Error(v1, 400)).toContain(String(MAX_JSON_DEPTH));

    // within the bound, nesting is only refused by the schema, as before
    let ok = '"x"';
    for (let i = 0; i < MAX_JSON_DEPTH - 2; i++) ok = `{"a":${ok}}`;
    const shallow = await api("POST", "/clients", {
      rawBody: `{"name":"S","email":"s@example.com","metadata":${ok}}`,
      headers: { "content-type": "application/json" },
    });
    expect(fieldsOf(shallow)).toEqual(["metadata.a"]);
  });
});

async function deadPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("an unreachable database", () => {
  it("answers 503 SERVICE_UNAVAILABLE with Retry-After (V2 envelope, V1 format) and the client pages get 'unavailable'", async () => {
    const saved = process.env.DATABASE_URL;
    await closeDb();
    process.env.DATABASE_URL = `postgres://postgres@127.0.0.1:${await deadPort()}/nothing_listens_here`;
    resetEnvCache();
    // a cached key lookup would answer without the database
    forgetApiKeys();
    try {
      for (const [method, path] of [
        ["GET", "/me"],
        ["GET", "/clients"],
        ["POST", "/clients"],
      ] as const) {
        const res = await api(method, path, {
          body: method === "POST" ? { name: "X", email: "x@example.com" } : undefined,
        });
        expectError(res, 503, "SERVICE_UNAVAILABLE");
        expect(Number(res.headers.get("retry-after")), `${method} ${path}`).toBeGreaterThan(0);
        expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres/i);
      }
      const v1 = await v1Call(server.url, a.key, "GET", `/clients/retrieve?id=${crypto.randomUUID()}`);
      expectV1Error(v1, 503);
      expect(Number(v1.headers["retry-after"])).toBeGreaterThan(0);
      expect(await loadOrUnavailable(() => loadAccessPage({ token: "a".repeat(43) }))).toEqual({
        ok: false,
        unavailable: true,
      });
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
      resetEnvCache();
      await closeDb();
    }
    // back as soon as the database is
    expectOk(await api("GET", "/me"));
    expect((await loadOrUnavailable(() => loadAccessPage({ token: "a".repeat(43) }))).ok).toBe(true);
  });
});

describe("a concurrent call with the same Idempotency-Key", () => {
  it("gets 409 IDEMPOTENCY_IN_PROGRESS once the wait runs out, then the first result once it is done", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const common = {
      agencyId: a.agencyId,
      apiKeyId: a.apiKeyId,
      key: crypto.randomUUID(),
      endpoint: "POST /api/v2/test",
      body: { n: 1 },
    };
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = runIdempotent({
      ...common,
      run: async () => {
        started();
        await gate;
        return { status: 201, body: { made: 1 } };
      },
    });
    await running;
    // the production wait is about 10 s; here a short one through the parameter
    const second = await runIdempotent({
      ...common,
      waitMs: 200,
      run: async () => ({ status: 201, body: { made: 2 } }),
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(second).toBeInstanceOf(ApiError);
    expect((second as ApiError).code).toBe("IDEMPOTENCY_IN_PROGRESS");
    expect((second as ApiError).status).toBe(409);

    // a waiter whose first call finishes in time gets its result
    const third = runIdempotent({ ...common, waitMs: 30_000, run: async () => ({ status: 201, body: { made: 3 } }) });
    release();
    expect(await first).toEqual({ replayed: false, status: 201, body: { made: 1 } });
    expect(await third).toEqual({ replayed: true, status: 201, body: { made: 1 } });
  });
});

describe("account links", () => {
  it("400 naming the link when the account does not offer the requested service", async () => {
    const c = expectOk(await api("POST", "/clients", { body: { name: "L", email: "l@example.com" } }), 201).id;
    const pixelOnly = await connectAccount({ agencyId: a.agencyId, platform: "meta", services: ["meta_pixel"] });
    const res = await api("POST", "/requests", { body: requestBody(c, pixelOnly.internalAccountId) });
    expectError(res, 400, "VALIDATION_FAILED");
    expect(fieldsOf(res)).toEqual(["requestedServices.meta_ads.requestedAccountLinks[0].internalAccountId"]);
    expect(res.body.error.details[0].message).toContain("meta_pixel");
    // the same account for a service it offers is fine
    expectOk(
      await api("POST", "/requests", {
        body: {
          clientId: c,
          requestedServices: {
            meta_pixel: { requestedAccountLinks: [{ internalAccountId: pixelOnly.internalAccountId }] },
          },
        },
      }),
      201,
    );
  });
});

describe("GET /accounts scopes", () => {
  it("a key with exactly the spec's seven scopes lists the accounts; a key with neither requests:create nor accounts:read does not", async () => {
    const spec = await createApiKey({
      agencyId: a.agencyId,
      scopes: [
        "clients:read",
        "clients:create",
        "clients:update",
        "requests:read",
        "requests:create",
        "requests:cancel",
        "usage:read",
      ],
    });
    const accounts = expectOk(await call(server.url, spec.key, "GET", "/accounts"));
    expect(accounts.map((x: { internalAccountId: string }) => x.internalAccountId)).toContain(a.accounts.meta);
    const reader = await createApiKey({ agencyId: a.agencyId, scopes: ["accounts:read"] });
    expectOk(await call(server.url, reader.key, "GET", "/accounts"));
    const other = await createApiKey({ agencyId: a.agencyId, scopes: ["clients:read", "requests:read", "usage:read"] });
    const message = expectError(
      await call(server.url, other.key, "GET", "/accounts"),
      403,
      "CAPABILITY_REQUIRED",
    ).message;
    expect(message).toContain("requests:create");
    expect(message).toContain("accounts:read");
  });
});

describe("overage billing with included unset", () => {
  it("bills client links past the client limit, and /usage shows that number as included", async () => {
    const b = await seedV2Agency({ plan: "agency", platforms: ["meta"] });
    await setPlan({ agencyId: b.agencyId, overage: true, included: null, clientLimit: 2 });
    const bapi = client(server.url, b.key);
    const c = expectOk(await bapi("POST", "/clients", { body: { name: "O", email: "o@example.com" } }), 201).id;
    for (let i = 0; i < 3; i++)
      expectOk(await bapi("POST", "/requests", { body: requestBody(c, b.accounts.meta) }), 201);
    const usage = expectOk(await bapi("GET", "/usage"));
    expect(usage.clients).toEqual({ used: 3, limit: 2, remaining: 0 });
    expect(usage.overage).toEqual({ enabled: true, included: 2, billableUnits: 1 });
    const db = await getDb();
    const counters = await db.usageCounter.findMany({ where: { agencyId: b.agencyId, kind: "client" } });
    expect(counters.map((x) => x.billableUnits)).toEqual([1]);
  });
});
