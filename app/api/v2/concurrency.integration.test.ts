// Concurrent calls over real HTTP. PostgreSQL is where calls really overlap (run with
// DATABASE_URL); the embedded database serializes them, and the outcomes must be the same:
// one object per idempotency key, one winner per externalClientId, exact allowance counting,
// one cancellation, and IDEMPOTENCY_IN_PROGRESS when the first call holds the key too long.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import { client, expectError, expectOk, seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { setPlan } from "@/lib/core/agencies/set-plan";
import { getDb } from "@/lib/infra/db/db";
import { usagePeriod } from "@/lib/core/domain/usage";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let api: ReturnType<typeof client>;
let clientId: string;
const postgres = !!process.env.DATABASE_URL;
const itOnPostgres = postgres ? it : ((() => {}) as unknown as typeof it);

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: ["meta"] });
  api = client(server.url, a.key);
  clientId = expectOk(await api("POST", "/clients", { body: { name: "C", email: "c@example.com" } }), 201).id;
});
afterAll(() => server.close());
// many calls per agency within a minute: the rate limit has its own test (errors-and-limits)
beforeEach(() => resetRateLimiters());

const services = () => ({ meta_pixel: { requestedAccountLinks: [{ internalAccountId: a.accounts.meta }] } });

async function clientUnits(agencyId: string) {
  const db = await getDb();
  const row = await db.usageCounter.findFirst({
    where: { agencyId, period: usagePeriod(new Date()).key, kind: "client" },
  });
  return row?.used ?? 0;
}

describe("concurrent calls", () => {
  it("20 parallel POST /requests with one Idempotency-Key: one request, one allowance unit, 20 identical responses", async () => {
    const key = crypto.randomUUID();
    const body = { clientId, requestedServices: services(), thankYouMessage: "same" };
    const before = await clientUnits(a.agencyId);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api("POST", "/requests", { body, idempotencyKey: key })),
    );
    for (const r of results) {
      expect(r.status, r.text).toBe(201);
      expect(r.body).toEqual(results[0]!.body);
      expect(r.headers.get("x-request-id")).toBe(results[0]!.body.meta.requestId);
    }
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(19);
    const db = await getDb();
    expect(await db.accessRequest.count({ where: { agencyId: a.agencyId, thankYouMessage: "same" } })).toBe(1);
    expect(await db.event.count({ where: { requestId: results[0]!.body.data.id, type: "request.created" } })).toBe(1);
    expect(await clientUnits(a.agencyId)).toBe(before + 1);
  });

  it("20 parallel POST /clients with different keys and one externalClientId: one 201, the rest 409 EXTERNAL_CLIENT_ID_CONFLICT", async () => {
    const body = { name: "Race", email: "race@example.com", externalClientId: "race-1" };
    const results = await Promise.all(Array.from({ length: 20 }, () => api("POST", "/clients", { body })));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 409, "EXTERNAL_CLIENT_ID_CONFLICT");
    const db = await getDb();
    expect(await db.client.count({ where: { agencyId: a.agencyId, externalClientId: "race-1" } })).toBe(1);
    expect(
      await db.event.count({ where: { agencyId: a.agencyId, type: "client.created", body: { contains: "race-1" } } }),
    ).toBe(1);
  });

  it("parallel PATCHes setting one externalClientId on different clients: one wins, the rest 409", async () => {
    const ids = await Promise.all(
      Array.from(
        { length: 8 },
        async (_, i) =>
          expectOk(await api("POST", "/clients", { body: { name: `P${i}`, email: "p@example.com" } }), 201)
            .id as string,
      ),
    );
    const results = await Promise.all(
      ids.map((id) => api("PATCH", `/clients/${id}`, { body: { externalClientId: "patch-race" } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409, "EXTERNAL_CLIENT_ID_CONFLICT");
  });

  it("allowance at limit N with N+30 parallel creates: exactly N created", async () => {
    const b = await seedV2Agency({ plan: "pro", platforms: ["meta"] });
    const N = 5;
    await setPlan({ agencyId: b.agencyId, clientLimit: N });
    const bapi = client(server.url, b.key);
    const cid = expectOk(await bapi("POST", "/clients", { body: { name: "C", email: "c@example.com" } }), 201).id;
    const body = {
      clientId: cid,
      requestedServices: { meta_pixel: { requestedAccountLinks: [{ internalAccountId: b.accounts.meta }] } },
    };
    const results = await Promise.all(Array.from({ length: N + 30 }, () => bapi("POST", "/requests", { body })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(N);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 403, "PLAN_LIMIT_REACHED");
    const db = await getDb();
    expect(await db.accessRequest.count({ where: { agencyId: b.agencyId } })).toBe(N);
    expect(await clientUnits(b.agencyId)).toBe(N);
    expect(expectOk(await bapi("GET", "/usage")).clients).toEqual({ used: N, limit: N, remaining: 0 });
  });

  it("with overage billing, N+8 parallel creates at an included number of N: all created, exactly 8 billed", async () => {
    const b = await seedV2Agency({ plan: "agency", platforms: ["meta"] });
    const N = 4;
    await setPlan({ agencyId: b.agencyId, overage: true, included: N, clientLimit: N });
    const bapi = client(server.url, b.key);
    const cid = expectOk(await bapi("POST", "/clients", { body: { name: "C", email: "c@example.com" } }), 201).id;
    const body = {
      clientId: cid,
      requestedServices: { meta_pixel: { requestedAccountLinks: [{ internalAccountId: b.accounts.meta }] } },
    };
    const results = await Promise.all(Array.from({ length: N + 8 }, () => bapi("POST", "/requests", { body })));
    for (const r of results) expect(r.status, r.text).toBe(201);
    const usage = expectOk(await bapi("GET", "/usage"));
    expect(usage.clients.used).toBe(N + 8);
    expect(usage.overage).toEqual({ enabled: true, included: N, billableUnits: 8 });
  });

  it("a create that fails counts nothing; a replay counts nothing", async () => {
    const before = await clientUnits(a.agencyId);
    const bad = {
      clientId,
      requestedServices: { meta_pixel: { requestedAccountLinks: [{ internalAccountId: crypto.randomUUID() }] } },
    };
    const failed = await api("POST", "/requests", { body: bad });
    expect(failed.status, failed.text).toBeGreaterThanOrEqual(400);
    expect(failed.status).toBeLessThan(500);
    expect(await clientUnits(a.agencyId)).toBe(before);
    const key = crypto.randomUUID();
    const body = { clientId, requestedServices: services() };
    expectOk(await api("POST", "/requests", { body, idempotencyKey: key }), 201);
    const replay = await api("POST", "/requests", { body, idempotencyKey: key });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await clientUnits(a.agencyId)).toBe(before + 1);
  });

  it("10 parallel cancels of one request: all 200 with the same body, one request.cancelled", async () => {
    const r = expectOk(await api("POST", "/requests", { body: { clientId, requestedServices: services() } }), 201);
    const results = await Promise.all(Array.from({ length: 10 }, () => api("POST", `/requests/${r.id}/cancel`)));
    for (const res of results) {
      expect(expectOk(res)).toEqual(results[0]!.body.data);
    }
    expect(results[0]!.body.data.status).toBe("cancelled");
    expect(results[0]!.body.data.stateVersion).toBe(2);
    const db = await getDb();
    expect(await db.event.count({ where: { requestId: r.id, type: "request.cancelled" } })).toBe(1);
  });

  it("parallel creates of different requests each get their own stateVersion 1 and token", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, () => api("POST", "/requests", { body: { clientId, requestedServices: services() } })),
    );
    const tokens = new Set(results.map((r) => expectOk(r, 201).inviteUrl));
    expect(tokens.size).toBe(10);
    expect(results.every((r) => r.body.data.stateVersion === 1)).toBe(true);
  });

  // real concurrent transactions only exist on PostgreSQL (PGlite runs one at a time),
  // so this case is defined on the PostgreSQL run only
  itOnPostgres(
    "409 IDEMPOTENCY_IN_PROGRESS after about 10 seconds while the first call with the key is still running; the key works once it ends",
    async () => {
      const pg = (await import("pg")).default;
      const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await holder.connect();
      const key = crypto.randomUUID();
      try {
        // stands in for a first call that has inserted its key row and not yet committed
        await holder.query("BEGIN");
        await holder.query(
          `INSERT INTO "IdempotencyRecord" ("id", "agencyId", "apiKeyId", "key", "endpoint", "requestHash", "responseStatus", "responseBody", "createdAt", "expiresAt")
           VALUES (gen_random_uuid(), $1::uuid, $2::uuid, $3, 'POST /api/v2/clients', 'x', 0, 'null'::jsonb, now(), now() + interval '24 hours')`,
          [a.agencyId, a.apiKeyId, key],
        );
        const started = Date.now();
        const res = await api("POST", "/clients", {
          body: { name: "Slow", email: "s@example.com" },
          idempotencyKey: key,
        });
        const waited = Date.now() - started;
        expectError(res, 409, "IDEMPOTENCY_IN_PROGRESS");
        expect(waited).toBeGreaterThanOrEqual(9_000);
        expect(waited).toBeLessThan(20_000);
      } finally {
        await holder.query("ROLLBACK");
        await holder.end();
      }
      // the first call failed (rolled back) and stored nothing, so the key can be used
      expectOk(
        await api("POST", "/clients", { body: { name: "Slow", email: "s@example.com" }, idempotencyKey: key }),
        201,
      );
    },
    40_000,
  );

  it("a second call with the same key that arrives while the first runs gets the first call's result", async () => {
    const key = crypto.randomUUID();
    const body = { name: "Twice", email: "t@example.com", externalClientId: `twice-${key}` };
    const [one, two] = await Promise.all([
      api("POST", "/clients", { body, idempotencyKey: key }),
      api("POST", "/clients", { body, idempotencyKey: key }),
    ]);
    expect(one.status).toBe(201);
    expect(two.body).toEqual(one.body);
  });
});
