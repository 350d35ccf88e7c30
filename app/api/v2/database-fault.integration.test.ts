// Faults answered as faults. Every connection-level database error,
// in the words pg, Prisma's adapters and PGlite use, reads as "unavailable": 503 with
// Retry-After, which the SDK retries. On PostgreSQL a call whose connection is killed
// mid-request (pg_terminate_backend while it waits on a lock) answers 503 on V2 and V1.
// And a NUL or other control character in a query parameter answers 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { client, expectError, expectOk, seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { v1Call } from "@/test/support/v1-test-client";
import { isDatabaseUnavailable } from "@/lib/infra/db/db";
import { toApiError } from "@/lib/core/common/to-api-error";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let api: ReturnType<typeof client>;
const itOnPostgres = process.env.DATABASE_URL ? it : ((() => {}) as unknown as typeof it);

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: ["meta"] });
  api = client(server.url, a.key);
});
afterAll(() => server.close());

describe("connection-level database errors", () => {
  it.each([
    "Client has encountered a connection error and is not queryable",
    "Client was closed and is not queryable",
    "Cannot use a pool after calling end on the pool",
    "Connection terminated unexpectedly",
    "terminating connection due to administrator command",
    "server closed the connection unexpectedly",
  ])("reads %j, also as the cause of a driver adapter's error, as unavailable: 503 with Retry-After", (message) => {
    const wrapped = Object.assign(new Error("Driver adapter error"), { cause: new Error(message) });
    for (const err of [new Error(message), wrapped]) {
      expect(isDatabaseUnavailable(err)).toBe(true);
      const e = toApiError(err);
      expect(e.status).toBe(503);
      expect(e.headers["Retry-After"]).toMatch(/^\d+$/);
    }
  });

  it("keeps ordinary errors as errors", () => {
    expect(isDatabaseUnavailable(new Error("duplicate key value violates unique constraint"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("connection to the platform failed"))).toBe(false);
  });

  /**
   * Runs `call` while a lock holds it and kills its backend while it waits; returns its
   * answer and whether a kill happened (a call that fails at once on a connection broken
   * by an earlier kill never waits).
   */
  async function killedMidRequest<T>(call: () => Promise<T>): Promise<{ res: T; killed: boolean }> {
    // open the pool's connections first: a call that must open a new one while the lock is
    // held does not show as waiting on it
    await Promise.all(Array.from({ length: 4 }, () => api("GET", "/clients")));
    const pg = (await import("pg")).default;
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`LOCK TABLE "Client" IN ACCESS EXCLUSIVE MODE`);
      let settled = false;
      const pending = call().finally(() => (settled = true));
      let killed = 0;
      for (let i = 0; i < 200 && killed === 0 && !settled; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const rows = await holder.query(
          `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
        );
        killed = rows.rowCount ?? 0;
      }
      return { res: await pending, killed: killed > 0 };
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      await holder.end();
    }
  }

  itOnPostgres(
    "V2: a call whose connection is killed mid-request answers 503 SERVICE_UNAVAILABLE with Retry-After; the next call is served",
    async () => {
      const { res, killed } = await killedMidRequest(() => api("GET", "/clients"));
      expect(killed).toBe(true);
      expectError(res, 503, "SERVICE_UNAVAILABLE");
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expectOk(await api("GET", "/clients"), 200);
    },
  );

  itOnPostgres("V1: a call whose connection is killed mid-request answers 503 with Retry-After", async () => {
    const { id } = expectOk(await api("POST", "/clients", { body: { name: "V1", email: "v1@example.com" } }), 201);
    const { res, killed } = await killedMidRequest(() =>
      v1Call(server.url, a.key, "GET", `/clients/retrieve?id=${id}`),
    );
    expect(killed).toBe(true);
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toMatch(/^\d+$/);
  });
});

describe("control characters in query parameters", () => {
  it.each([
    ["/clients?externalClientId=a%00b", "externalClientId"],
    ["/clients?email=x%00%40example.com", "email"],
    ["/requests?externalClientId=%01", "externalClientId"],
    ["/clients?externalClientId=line%0Abreak", "externalClientId"],
  ])("V2 %s answers 400 VALIDATION_FAILED naming %s", async (path, field) => {
    const res = await api("GET", path);
    expectError(res, 400, "VALIDATION_FAILED");
    expect(res.body.error.details).toEqual([{ field, message: expect.stringMatching(/control characters/) }]);
  });

  it("V1 answers 400 too", async () => {
    const res = await v1Call(server.url, a.key, "GET", "/clients/retrieve?id=%00");
    expect(res.status).toBe(400);
  });
});
