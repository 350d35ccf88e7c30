// V1 clients/create, clients/update and clients/retrieve over real HTTP: V1's envelope and
// statuses, V2's limits, V1's leniency (unknown fields ignored, blank fields kept on
// update) and cross-reads with V2 in both directions, with the same client.created event.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { call, seedV2Agency, ISO_MS, UUID, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { getDb } from "@/lib/infra/db/db";
import { expectV1Error, expectV1Ok, v1Client } from "@/test/support/v1-test-client";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let v1: ReturnType<typeof v1Client>;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: [] });
  v1 = v1Client(server.url, a.key);
});
afterAll(() => server.close());

const minimal = { name: "Ada Lovelace", email: "ada@example.com", language: "English" };

async function create(body: Record<string, unknown>): Promise<string> {
  return expectV1Ok(await v1("POST", "/clients/create", { body }), 201);
}

describe("POST /clients/create", () => {
  it("201 with data = the new id; V2 reads the same client; client.created recorded", async () => {
    const id = await create({ ...minimal, company: "Analytical", website: "ada.example", metadata: { crm: "7" } });
    expect(id).toMatch(UUID);
    const v2 = await call(server.url, a.key, "GET", `/clients/${id}`);
    expect(v2.status).toBe(200);
    expect(v2.body.data).toEqual({
      id,
      externalClientId: null,
      name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Analytical",
      website: "ada.example",
      language: "English",
      metadata: { crm: "7" },
      createdAt: expect.stringMatching(ISO_MS),
    });
    const db = await getDb();
    const events = await db.event.findMany({ where: { agencyId: a.agencyId, type: "client.created" } });
    const ev = events.map((e) => JSON.parse(e.body)).find((e) => e.data.client.id === id);
    expect(ev.data.client).toEqual(v2.body.data);
  });

  it("ignores unknown fields, including V2-only ones such as externalClientId", async () => {
    const id = await create({ ...minimal, externalClientId: "crm-1", favouriteColour: "blue", nested: { a: [1] } });
    const v2 = await call(server.url, a.key, "GET", `/clients/${id}`);
    expect(v2.body.data.externalClientId).toBeNull();
  });

  it.each([
    ["name missing", { name: undefined }, /name/],
    ["email missing", { email: undefined }, /email/],
    ["language missing", { language: undefined }, /language/],
    ["language blank", { language: "" }, /language/],
    ["language unknown", { language: "French" }, /language/],
    ["name too long", { name: "x".repeat(201) }, /200/],
    ["email too long", { email: `${"x".repeat(310)}@example.com` }, /320/],
    ["email invalid", { email: "no-at-sign" }, /email/],
    ["company too long", { company: "x".repeat(201) }, /200/],
    ["website too long", { website: "x".repeat(2049) }, /2048/],
    ["metadata not an object", { metadata: "x" }, /metadata/],
    ["metadata value not a string", { metadata: { a: 1 } }, /metadata/],
    ["metadata key too long", { metadata: { ["k".repeat(101)]: "v" } }, /100/],
    [
      "metadata over 50 entries",
      { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"])) },
      /50/,
    ],
    ["name not a string", { name: 42 }, /name/],
  ])("400 for %s", async (_label, patch, pattern) => {
    const msg = expectV1Error(await v1("POST", "/clients/create", { body: { ...minimal, ...patch } }), 400);
    expect(msg).toMatch(pattern);
  });

  it("accepts the limits exactly", async () => {
    const id = await create({
      name: "x".repeat(200),
      email: `${"x".repeat(308)}@example.com`,
      language: "Dutch",
      company: "c".repeat(200),
      website: "w".repeat(2048),
      metadata: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`${i}`.padEnd(100, "k"), "v"])),
    });
    expect(id).toMatch(UUID);
  });

  it("400 for a body that is not a JSON object or not JSON; reads JSON without a content type", async () => {
    expectV1Error(
      await v1("POST", "/clients/create", { rawBody: "[1,2]", headers: { "content-type": "application/json" } }),
      400,
    );
    expectV1Error(
      await v1("POST", "/clients/create", { rawBody: "{nope", headers: { "content-type": "application/json" } }),
      400,
    );
    expectV1Error(await v1("POST", "/clients/create", { rawBody: "" }), 400);
    const res = await v1("POST", "/clients/create", { rawBody: JSON.stringify({ ...minimal, name: "No Type" }) });
    expect(expectV1Ok(res, 201)).toMatch(UUID);
  });
});

describe("POST /clients/update", () => {
  it("sent non-empty fields replace; omitted, null and blank fields keep their values", async () => {
    const id = await create({ ...minimal, company: "Old Co", website: "old.example", metadata: { a: "1" } });
    const data = expectV1Ok(
      await v1("POST", "/clients/update", {
        body: { id, name: "Ada King", company: "", website: null, language: "  ", unknown: 1 },
      }),
    );
    expect(data).toBe(id);
    const v2 = (await call(server.url, a.key, "GET", `/clients/${id}`)).body.data;
    expect(v2).toMatchObject({
      name: "Ada King",
      email: "ada@example.com",
      company: "Old Co",
      website: "old.example",
      language: "English",
      metadata: { a: "1" },
    });
  });

  it("metadata is replaced whole and {} clears it; null keeps it", async () => {
    const id = await create({ ...minimal, metadata: { a: "1", b: "2" } });
    expectV1Ok(await v1("POST", "/clients/update", { body: { id, metadata: { c: "3" } } }));
    expect((await call(server.url, a.key, "GET", `/clients/${id}`)).body.data.metadata).toEqual({ c: "3" });
    expectV1Ok(await v1("POST", "/clients/update", { body: { id, metadata: null } }));
    expect((await call(server.url, a.key, "GET", `/clients/${id}`)).body.data.metadata).toEqual({ c: "3" });
    expectV1Ok(await v1("POST", "/clients/update", { body: { id, metadata: {} } }));
    expect((await call(server.url, a.key, "GET", `/clients/${id}`)).body.data.metadata).toEqual({});
  });

  it("updates a client created through V2, visible through V2", async () => {
    const created = await call(server.url, a.key, "POST", "/clients", {
      body: { name: "From V2", email: "v2@example.com", externalClientId: "ext-9" },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expectV1Ok(await v1("POST", "/clients/update", { body: { id, email: "new@example.com", language: "Spanish" } }));
    const v2 = (await call(server.url, a.key, "GET", `/clients/${id}`)).body.data;
    expect(v2).toMatchObject({
      name: "From V2",
      email: "new@example.com",
      language: "Spanish",
      externalClientId: "ext-9",
    });
  });

  it("400 without id or with a bad field; 404 for a non-uuid, unknown or foreign id", async () => {
    expectV1Error(await v1("POST", "/clients/update", { body: { name: "x" } }), 400);
    expectV1Error(await v1("POST", "/clients/update", { body: { id: 5 } }), 400);
    const id = await create(minimal);
    expect(expectV1Error(await v1("POST", "/clients/update", { body: { id, name: "x".repeat(201) } }), 400)).toMatch(
      /200/,
    );
    expectV1Error(await v1("POST", "/clients/update", { body: { id, email: "bad" } }), 400);
    expectV1Error(await v1("POST", "/clients/update", { body: { id: "not-a-uuid", name: "x" } }), 404);
    expectV1Error(await v1("POST", "/clients/update", { body: { id: crypto.randomUUID(), name: "x" } }), 404);
    const other = await seedV2Agency({ platforms: [] });
    const foreign = expectV1Ok(
      await v1Client(server.url, other.key)("POST", "/clients/create", { body: minimal }),
      201,
    );
    expectV1Error(await v1("POST", "/clients/update", { body: { id: foreign, name: "x" } }), 404);
  });
});

describe("GET /clients/retrieve", () => {
  it("returns the client in V2's Client shape, for V1- and V2-created clients", async () => {
    const id = await create({ ...minimal, metadata: { k: "v" } });
    const viaV1 = expectV1Ok(await v1("GET", `/clients/retrieve?id=${id}`));
    const viaV2 = (await call(server.url, a.key, "GET", `/clients/${id}`)).body.data;
    expect(viaV1).toEqual(viaV2);
    const v2Created = (
      await call(server.url, a.key, "POST", "/clients", {
        body: { name: "Two", email: "two@example.com", externalClientId: "e-2" },
      })
    ).body.data;
    expect(expectV1Ok(await v1("GET", `/clients/retrieve?id=${v2Created.id}&extra=ignored`))).toEqual(v2Created);
  });

  it("400 without id; 404 for a non-uuid, unknown or foreign id", async () => {
    expectV1Error(await v1("GET", "/clients/retrieve"), 400);
    expectV1Error(await v1("GET", "/clients/retrieve?id="), 400);
    expectV1Error(await v1("GET", "/clients/retrieve?id=abc"), 404);
    expectV1Error(await v1("GET", `/clients/retrieve?id=${crypto.randomUUID()}`), 404);
    const other = await seedV2Agency({ platforms: [] });
    const foreign = expectV1Ok(
      await v1Client(server.url, other.key)("POST", "/clients/create", { body: minimal }),
      201,
    );
    expectV1Error(await v1("GET", `/clients/retrieve?id=${foreign}`), 404);
  });
});
