// POST /clients, GET /clients, GET /clients/{id}, PATCH /clients/{id} over real HTTP:
// field-by-field shapes and defaults, every Client bound of the Limits table, idempotent
// creates, set-once externalClientId, filters, keyset pagination and client.created events.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import {
  call,
  client,
  expectError,
  expectOk,
  fieldsOf,
  seedV2Agency,
  ISO_MS,
  UUID,
  type SeededV2Agency,
} from "@/test/support/v2-fixtures";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { createClient } from "@/lib/core/clients/create-client";
import { listClients } from "@/lib/core/clients/list-clients";
import { getDb } from "@/lib/infra/db/db";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: [] });
  api = client(server.url, a.key);
});
afterAll(() => server.close());
// many calls per agency within a minute: the rate limit has its own test (errors-and-limits)
beforeEach(() => resetRateLimiters());

const minimal = { name: "Ada Lovelace", email: "Ada@Example.com" };

describe("POST /clients", () => {
  it("creates a client with the spec's defaults and nulls", async () => {
    const res = await api("POST", "/clients", { body: minimal });
    const data = expectOk(res, 201);
    expect(data).toEqual({
      id: expect.stringMatching(UUID),
      externalClientId: null,
      name: "Ada Lovelace",
      email: "Ada@Example.com",
      company: null,
      website: null,
      language: "English",
      metadata: {},
      createdAt: expect.stringMatching(ISO_MS),
    });
    expect(res.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
  });

  it("stores every field as sent; blank company and website become null", async () => {
    const full = {
      name: "Grace Hopper",
      email: "grace@navy.example",
      company: "Navy",
      website: "not even a url",
      language: "Dutch",
      metadata: { crmId: "42", tier: "gold" },
      externalClientId: "crm-42",
    };
    const data = expectOk(await api("POST", "/clients", { body: full }), 201);
    expect(data).toMatchObject(full);
    const blank = expectOk(await api("POST", "/clients", { body: { ...minimal, company: "   ", website: "" } }), 201);
    expect(blank.company).toBeNull();
    expect(blank.website).toBeNull();
    const nulls = expectOk(
      await api("POST", "/clients", { body: { ...minimal, company: null, website: null, externalClientId: null } }),
      201,
    );
    expect(nulls).toMatchObject({ company: null, website: null, externalClientId: null });
  });

  it("allows the same email twice (two clients) and externalClientId differing only by case", async () => {
    const one = expectOk(await api("POST", "/clients", { body: { ...minimal, externalClientId: "Case-1" } }), 201);
    const two = expectOk(await api("POST", "/clients", { body: { ...minimal, externalClientId: "case-1" } }), 201);
    expect(one.id).not.toBe(two.id);
  });

  it("409 EXTERNAL_CLIENT_ID_CONFLICT for an externalClientId already in use", async () => {
    expectOk(await api("POST", "/clients", { body: { ...minimal, externalClientId: "dup-1" } }), 201);
    const err = expectError(
      await api("POST", "/clients", { body: { ...minimal, externalClientId: "dup-1" } }),
      409,
      "EXTERNAL_CLIENT_ID_CONFLICT",
    );
    expect(err.details).toEqual([{ field: "externalClientId", message: expect.any(String) }]);
  });

  it.each([
    ["name", { name: "x".repeat(201) }, /200/],
    ["name", { name: "" }, /required/],
    ["name", { name: undefined }, /required/],
    ["email", { email: `${"x".repeat(310)}@example.com` }, /320/],
    ["email", { email: undefined }, /./],
    ["email", { email: "no-at-sign" }, /email/],
    ["company", { company: "x".repeat(201) }, /200/],
    ["website", { website: "x".repeat(2049) }, /2048/],
    ["externalClientId", { externalClientId: "x".repeat(256) }, /255/],
    ["externalClientId", { externalClientId: " padded " }, /spaces/],
    ["externalClientId", { externalClientId: "" }, /empty/],
    ["language", { language: "French" }, /English, Spanish, Dutch/],
    ["metadata", { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) }, /50/],
    ["metadata.x", { metadata: { x: 1 } }, /string/],
    ["metadata", { metadata: ["a"] }, /./],
  ])("400 VALIDATION_FAILED naming %s and its limit", async (field, patch, message) => {
    const err = expectError(
      await api("POST", "/clients", { body: { ...minimal, ...patch } }),
      400,
      "VALIDATION_FAILED",
    );
    const detail = err.details.find((d) => d.field === field);
    expect(detail, JSON.stringify(err)).toBeDefined();
    expect(detail!.message).toMatch(message);
    expect(err.message).toMatch(message);
  });

  it("accepts the bounds themselves", async () => {
    const body = {
      name: "n".repeat(200),
      email: `${"e".repeat(308)}@example.com`,
      company: "c".repeat(200),
      website: "w".repeat(2048),
      externalClientId: "x".repeat(255),
      metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${i}`.padEnd(100, "k"), "v"])),
    };
    expect(body.email).toHaveLength(320);
    expectOk(await api("POST", "/clients", { body }), 201);
  });

  it("400 for a metadata key over 100 characters", async () => {
    const res = await api("POST", "/clients", { body: { ...minimal, metadata: { ["k".repeat(101)]: "v" } } });
    const err = expectError(res, 400, "VALIDATION_FAILED");
    expect(err.details).toEqual([{ field: "metadata", message: expect.stringMatching(/100/) }]);
    expect(err.message).toMatch(/100/);
  });

  it("400 naming every unknown field", async () => {
    const res = await api("POST", "/clients", { body: { ...minimal, phone: "1", nested: { a: 1 } } });
    expectError(res, 400, "VALIDATION_FAILED");
    expect(fieldsOf(res).sort()).toEqual(["nested", "phone"]);
  });

  it("400 when the body is not an object", async () => {
    for (const body of [[], "x", 1, null]) {
      expectError(await api("POST", "/clients", { body }), 400, "VALIDATION_FAILED");
    }
  });

  it("records client.created in the same transaction with data.client equal to GET's body", async () => {
    const created = expectOk(await api("POST", "/clients", { body: { ...minimal, externalClientId: "evt-1" } }), 201);
    const got = expectOk(await api("GET", `/clients/${created.id}`));
    const db = await getDb();
    const events = await db.event.findMany({ where: { agencyId: a.agencyId, type: "client.created" } });
    const mine = events.map((e) => JSON.parse(e.body)).filter((b) => b.data.client.id === created.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].data.client).toEqual(got);
    expect(mine[0]).toMatchObject({
      type: "client.created",
      schemaVersion: "2026-10-06",
      test: false,
      id: expect.stringMatching(/^evt_/),
    });
  });

  it("a failed create records nothing", async () => {
    const db = await getDb();
    const before = await db.event.count({ where: { agencyId: a.agencyId } });
    const clients = await db.client.count({ where: { agencyId: a.agencyId } });
    expectError(
      await api("POST", "/clients", { body: { ...minimal, externalClientId: "dup-1" } }),
      409,
      "EXTERNAL_CLIENT_ID_CONFLICT",
    );
    expect(await db.event.count({ where: { agencyId: a.agencyId } })).toBe(before);
    expect(await db.client.count({ where: { agencyId: a.agencyId } })).toBe(clients);
  });
});

describe("idempotent POST /clients", () => {
  it("400 without the header, or with a key that is too long or not visible ASCII", async () => {
    const missing = expectError(
      await api("POST", "/clients", { body: minimal, idempotencyKey: null }),
      400,
      "VALIDATION_FAILED",
    );
    expect(missing.details[0]!.field).toBe("Idempotency-Key");
    expectError(await api("POST", "/clients", { body: minimal, idempotencyKey: "" }), 400, "VALIDATION_FAILED");
    const long = expectError(
      await api("POST", "/clients", { body: minimal, idempotencyKey: "k".repeat(256) }),
      400,
      "VALIDATION_FAILED",
    );
    expect(long.message).toMatch(/1-255/);
    expect(long.details).toEqual([{ field: "Idempotency-Key", message: expect.stringMatching(/1-255/) }]);
    expectError(
      await api("POST", "/clients", { body: minimal, idempotencyKey: "has space" }),
      400,
      "VALIDATION_FAILED",
    );
    expectOk(await api("POST", "/clients", { body: minimal, idempotencyKey: "k".repeat(255) }), 201);
  });

  it("replays the original status and body for the same key and body, creating nothing", async () => {
    const key = `idem-${Date.now()}`;
    const first = await api("POST", "/clients", {
      body: { ...minimal, metadata: { a: "1", b: "2" } },
      idempotencyKey: key,
    });
    expectOk(first, 201);
    const db = await getDb();
    const count = await db.client.count({ where: { agencyId: a.agencyId } });
    // the same body with its keys in another order is the same body
    const again = await api("POST", "/clients", {
      body: { metadata: { b: "2", a: "1" }, email: minimal.email, name: minimal.name },
      idempotencyKey: key,
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(await db.client.count({ where: { agencyId: a.agencyId } })).toBe(count);
  });

  it("409 IDEMPOTENCY_KEY_REUSED for the same key with another body or another endpoint", async () => {
    const key = `reuse-${Date.now()}`;
    expectOk(await api("POST", "/clients", { body: minimal, idempotencyKey: key }), 201);
    expectError(
      await api("POST", "/clients", { body: { ...minimal, name: "Other" }, idempotencyKey: key }),
      409,
      "IDEMPOTENCY_KEY_REUSED",
    );
    const other = await api("POST", "/requests", {
      body: { clientId: crypto.randomUUID(), intakeForm: { requested: true } },
      idempotencyKey: key,
    });
    expectError(other, 409, "IDEMPOTENCY_KEY_REUSED");
  });

  it("a call that failed stores nothing: the key can be retried with a corrected body", async () => {
    const key = `fail-${Date.now()}`;
    expectError(
      await api("POST", "/clients", { body: { ...minimal, externalClientId: "dup-1" }, idempotencyKey: key }),
      409,
      "EXTERNAL_CLIENT_ID_CONFLICT",
    );
    expectError(
      await api("POST", "/clients", { body: { ...minimal, name: "" }, idempotencyKey: key }),
      400,
      "VALIDATION_FAILED",
    );
    const ok = expectOk(
      await api("POST", "/clients", { body: { ...minimal, externalClientId: "fixed-1" }, idempotencyKey: key }),
      201,
    );
    expect(ok.externalClientId).toBe("fixed-1");
    const db = await getDb();
    expect(await db.idempotencyRecord.count({ where: { apiKeyId: a.apiKeyId, key } })).toBe(1);
  });

  it("keys are scoped to the API key", async () => {
    const other = await createApiKey({ agencyId: a.agencyId, scopes: ["clients:create"] });
    const key = `scoped-${Date.now()}`;
    const one = expectOk(await api("POST", "/clients", { body: minimal, idempotencyKey: key }), 201);
    const two = expectOk(
      await call(server.url, other.key, "POST", "/clients", { body: minimal, idempotencyKey: key }),
      201,
    );
    expect(one.id).not.toBe(two.id);
  });
});

describe("GET /clients/{id}", () => {
  it("returns the client as created", async () => {
    const created = expectOk(await api("POST", "/clients", { body: { ...minimal, metadata: { x: "y" } } }), 201);
    expect(expectOk(await api("GET", `/clients/${created.id}`))).toEqual(created);
  });

  it("404 for a missing id, another agency's client and a path id that is not a uuid", async () => {
    expectError(await api("GET", `/clients/${crypto.randomUUID()}`), 404, "NOT_FOUND");
    const b = await seedV2Agency({ platforms: [] });
    const theirs = expectOk(await call(server.url, b.key, "POST", "/clients", { body: minimal }), 201);
    const foreign = await api("GET", `/clients/${theirs.id}`);
    const missing = await api("GET", `/clients/${crypto.randomUUID()}`);
    expectError(foreign, 404, "NOT_FOUND");
    expect(foreign.body.error).toEqual(missing.body.error);
    for (const id of ["not-a-uuid", "123", "00000000-0000-0000-0000-00000000000g", "%20"]) {
      expectError(await api("GET", `/clients/${id}`), 404, "NOT_FOUND");
    }
  });
});

describe("PATCH /clients/{id}", () => {
  async function fresh(extra: Record<string, unknown> = {}) {
    return expectOk(
      await api("POST", "/clients", {
        body: { ...minimal, company: "Acme", website: "acme.example", metadata: { a: "1", b: "2" }, ...extra },
      }),
      201,
    );
  }

  it("changes only the fields sent", async () => {
    const c = await fresh();
    const data = expectOk(await api("PATCH", `/clients/${c.id}`, { body: { name: "New Name", language: "Spanish" } }));
    expect(data).toEqual({ ...c, name: "New Name", language: "Spanish" });
    expect(expectOk(await api("PATCH", `/clients/${c.id}`, { body: {} }))).toEqual(data);
    const email = expectOk(await api("PATCH", `/clients/${c.id}`, { body: { email: "NEW@example.com" } }));
    expect(email.email).toBe("NEW@example.com");
  });

  it("null or an empty string clears company and website", async () => {
    const c = await fresh();
    expect(expectOk(await api("PATCH", `/clients/${c.id}`, { body: { company: null, website: "" } }))).toMatchObject({
      company: null,
      website: null,
    });
    const d = await fresh();
    expect(expectOk(await api("PATCH", `/clients/${d.id}`, { body: { company: "", website: null } }))).toMatchObject({
      company: null,
      website: null,
    });
  });

  it("replaces metadata whole", async () => {
    const c = await fresh();
    expect(expectOk(await api("PATCH", `/clients/${c.id}`, { body: { metadata: { c: "3" } } })).metadata).toEqual({
      c: "3",
    });
    expect(expectOk(await api("PATCH", `/clients/${c.id}`, { body: { metadata: {} } })).metadata).toEqual({});
  });

  it("sets externalClientId once; changing it is 409 EXTERNAL_CLIENT_ID_IMMUTABLE; sending the same value is fine", async () => {
    const c = await fresh();
    expect(
      expectOk(await api("PATCH", `/clients/${c.id}`, { body: { externalClientId: "set-later" } })).externalClientId,
    ).toBe("set-later");
    expectOk(await api("PATCH", `/clients/${c.id}`, { body: { externalClientId: "set-later", name: "Same Id" } }));
    const err = expectError(
      await api("PATCH", `/clients/${c.id}`, { body: { externalClientId: "changed" } }),
      409,
      "EXTERNAL_CLIENT_ID_IMMUTABLE",
    );
    expect(err.details[0]!.field).toBe("externalClientId");
    expect(expectOk(await api("GET", `/clients/${c.id}`)).externalClientId).toBe("set-later");
  });

  it("409 EXTERNAL_CLIENT_ID_CONFLICT when setting an id another client has", async () => {
    await fresh({ externalClientId: "taken-by-other" });
    const c = await fresh();
    expectError(
      await api("PATCH", `/clients/${c.id}`, { body: { externalClientId: "taken-by-other" } }),
      409,
      "EXTERNAL_CLIENT_ID_CONFLICT",
    );
  });

  it("400 for unknown fields, bounds and a missing body; 404 for foreign and malformed ids", async () => {
    const c = await fresh();
    const unknown = await api("PATCH", `/clients/${c.id}`, { body: { id: crypto.randomUUID(), createdAt: "x" } });
    expectError(unknown, 400, "VALIDATION_FAILED");
    expect(fieldsOf(unknown).sort()).toEqual(["createdAt", "id"]);
    for (const [field, body, limit] of [
      ["name", { name: "x".repeat(201) }, /200/],
      ["email", { email: `${"x".repeat(320)}@e.com` }, /320/],
      ["company", { company: "x".repeat(201) }, /200/],
      ["website", { website: "x".repeat(2049) }, /2048/],
      ["externalClientId", { externalClientId: "x".repeat(256) }, /255/],
      ["language", { language: "english" }, /English/],
    ] as const) {
      const err = expectError(await api("PATCH", `/clients/${c.id}`, { body }), 400, "VALIDATION_FAILED");
      expect(err.details.find((d) => d.field === field)?.message).toMatch(limit);
    }
    expectError(await api("PATCH", `/clients/${c.id}`), 400, "VALIDATION_FAILED");
    expectError(await api("PATCH", `/clients/${crypto.randomUUID()}`, { body: { name: "x" } }), 404, "NOT_FOUND");
    expectError(await api("PATCH", `/clients/nope`, { body: { name: "x" } }), 404, "NOT_FOUND");
    const b = await seedV2Agency({ platforms: [] });
    const theirs = expectOk(await call(server.url, b.key, "POST", "/clients", { body: minimal }), 201);
    expectError(await api("PATCH", `/clients/${theirs.id}`, { body: { name: "Hijack" } }), 404, "NOT_FOUND");
    expect(expectOk(await call(server.url, b.key, "GET", `/clients/${theirs.id}`)).name).toBe(minimal.name);
  });
});

describe("GET /clients", () => {
  let b: SeededV2Agency;
  let list: ReturnType<typeof client>;
  const ids: string[] = [];

  beforeAll(async () => {
    b = await seedV2Agency({ platforms: [] });
    list = client(server.url, b.key);
    // 120 clients in groups of four sharing one createdAt, so the walk must order ties by id
    const db = await getDb();
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: crypto.randomUUID(),
      agencyId: b.agencyId,
      name: `Client ${i}`,
      email: i % 10 === 0 ? `Shared.${i % 20}@Example.com` : `c${i}@example.com`,
      emailNormalized: i % 10 === 0 ? `shared.${i % 20}@example.com` : `c${i}@example.com`,
      externalClientId: i % 3 === 0 ? `ext-${i}` : null,
      isProspect: i % 7 === 0,
      createdAt: new Date(base + Math.floor(i / 4) * 1000),
    }));
    await db.client.createMany({ data: rows });
    const sorted = [...rows].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || (x.id < y.id ? -1 : 1));
    ids.push(...sorted.map((r) => r.id));
  });

  async function walk(path: string, limit: number) {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const sep = path.includes("?") ? "&" : "?";
      const res = await list(
        "GET",
        `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      const data = expectOk(res);
      expect(Object.keys(res.body.meta).sort()).toEqual(["nextCursor", "requestId"]);
      expect(data.length).toBeLessThanOrEqual(limit);
      seen.push(...data.map((c: { id: string }) => c.id));
      cursor = res.body.meta.nextCursor;
      pages++;
    } while (cursor && pages < 200);
    return { seen, pages };
  }

  it("walks 120 rows oldest first with no duplicates or gaps, nextCursor null at the end", async () => {
    const { seen, pages } = await walk("/clients", 7);
    expect(seen).toEqual(ids);
    expect(pages).toBe(Math.ceil(120 / 7));
    const all = await walk("/clients", 100);
    expect(all.seen).toEqual(ids);
    expect(all.pages).toBe(2);
  });

  it("defaults to 50 rows and returns prospects too", async () => {
    const res = await list("GET", "/clients");
    expect(expectOk(res)).toHaveLength(50);
    expect(res.body.meta.nextCursor).toEqual(expect.any(String));
    const exact = expectOk(await list("GET", "/clients?limit=100&externalClientId=ext-0"));
    expect(exact).toHaveLength(1);
    const db = await getDb();
    expect((await db.client.findUniqueOrThrow({ where: { id: exact[0].id } })).isProspect).toBe(true);
  });

  it("an exactly full last page still ends with nextCursor null", async () => {
    const { seen } = await walk("/clients", 60);
    expect(seen).toEqual(ids);
    const res = await list(
      "GET",
      `/clients?limit=100&cursor=${encodeURIComponent((await list("GET", "/clients?limit=20")).body.meta.nextCursor)}`,
    );
    expect(expectOk(res)).toHaveLength(100);
    expect(res.body.meta.nextCursor).toBeNull();
  });

  it("filters externalClientId exactly (case-sensitive) and email case-insensitively", async () => {
    expect(expectOk(await list("GET", "/clients?externalClientId=ext-3")).map((c: { name: string }) => c.name)).toEqual(
      ["Client 3"],
    );
    expect(expectOk(await list("GET", "/clients?externalClientId=EXT-3"))).toEqual([]);
    expect(expectOk(await list("GET", "/clients?externalClientId=ext"))).toEqual([]);
    const shared = expectOk(await list("GET", `/clients?email=${encodeURIComponent("SHARED.0@example.COM")}`));
    expect(shared.map((c: { name: string }) => c.name)).toEqual([
      "Client 0",
      "Client 20",
      "Client 40",
      "Client 60",
      "Client 80",
      "Client 100",
    ]);
    expect(expectOk(await list("GET", "/clients?email=nobody%40example.com"))).toEqual([]);
    const empty = await list("GET", "/clients?email=nobody%40example.com");
    expect(empty.body.meta.nextCursor).toBeNull();
  });

  it("walks a filtered list, and refuses a cursor used with other filters", async () => {
    const filtered = await walk(`/clients?email=${encodeURIComponent("shared.10@example.com")}`, 2);
    expect(filtered.seen).toHaveLength(6);
    const first = await list("GET", "/clients?limit=5");
    const cursor = encodeURIComponent(first.body.meta.nextCursor);
    const err = expectError(
      await list("GET", `/clients?limit=5&externalClientId=ext-3&cursor=${cursor}`),
      400,
      "VALIDATION_FAILED",
    );
    expect(err.details[0]!.field).toBe("cursor");
    expectError(await list("GET", `/clients?email=a%40b.c&cursor=${cursor}`), 400, "VALIDATION_FAILED");
    // the limit may change between pages
    expectOk(await list("GET", `/clients?limit=9&cursor=${cursor}`));
  });

  it("400 for limits outside 1-100, garbage cursors, unknown or repeated parameters", async () => {
    for (const limit of ["0", "101", "-1", "1.5", "abc", "", "1e3"]) {
      const err = expectError(await list("GET", `/clients?limit=${limit}`), 400, "VALIDATION_FAILED");
      expect(err.details[0]).toEqual({ field: "limit", message: expect.stringMatching(/1 to 100/) });
    }
    expect(expectOk(await list("GET", "/clients?limit=1"))).toHaveLength(1);
    expect(expectOk(await list("GET", "/clients?limit=100"))).toHaveLength(100);
    for (const cursor of [
      "garbage",
      "eyJ0IjoxfQ",
      Buffer.from(JSON.stringify({ t: "2026-01-01T00:00:00.000Z", i: "x", f: "y" })).toString("base64url"),
    ]) {
      expect(fieldsOf(await list("GET", `/clients?cursor=${cursor}`))).toEqual(["cursor"]);
    }
    expect(fieldsOf(await list("GET", "/clients?status=pending"))).toEqual(["status"]);
    expect(fieldsOf(await list("GET", "/clients?limit=5&limit=6"))).toEqual(["limit"]);
  });

  it("lists only the caller's agency", async () => {
    const seen = (await walk("/clients", 100)).seen;
    const own = expectOk(await api("GET", "/clients?limit=100"));
    expect(own.some((c: { id: string }) => seen.includes(c.id))).toBe(false);
  });

  it("a cursor keeps the dashboard's search filter on later pages", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 20; i++) {
      const page = await listClients({ agencyId: b.agencyId, query: { limit: 7, cursor }, search: "Client 1" });
      seen.push(...page.data.map((c) => c.name));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(31);
    expect(seen.every((n) => n.startsWith("Client 1"))).toBe(true);
  });

  it("includes clients created outside the API (dashboard, access pages)", async () => {
    const prospect = await createClient({
      agencyId: b.agencyId,
      input: { ...minimal, language: "English", metadata: {} },
      isProspect: true,
    });
    const { seen } = await walk("/clients", 100);
    expect(seen).toContain(prospect.id);
  });
});

describe("scopes", () => {
  it("403 CAPABILITY_REQUIRED naming the missing scope on each clients endpoint", async () => {
    const k = await createApiKey({ agencyId: a.agencyId, scopes: ["requests:read"] });
    const c = expectOk(await api("POST", "/clients", { body: minimal }), 201);
    for (const [method, path, scope, body] of [
      ["POST", "/clients", "clients:create", minimal],
      ["GET", "/clients", "clients:read", undefined],
      ["GET", `/clients/${c.id}`, "clients:read", undefined],
      ["PATCH", `/clients/${c.id}`, "clients:update", { name: "x" }],
    ] as const) {
      const err = expectError(await call(server.url, k.key, method, path, { body }), 403, "CAPABILITY_REQUIRED");
      expect(err.message).toContain(scope);
    }
  });
});
