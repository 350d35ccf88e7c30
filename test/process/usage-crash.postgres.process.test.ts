// A create that dies with its process counts nothing toward the month's allowance: the
// usage unit and the request commit together or not at all. The create is held inside its
// transaction (another connection locks the Event table its request.created row goes to),
// the standalone server is killed by SIGKILL there, and the counter must still equal the
// requests that exist. vitest.process.config.ts includes this file only with DATABASE_URL.
import { afterAll, beforeAll, expect, it } from "vitest";
import pg from "pg";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";
import { call, expectOk, seedV2Agency } from "@/test/support/v2-fixtures";
import { getDb } from "@/lib/infra/db/db";
import { usagePeriod } from "@/lib/core/domain/usage";

let app: RunningServer;

beforeAll(async () => {
  prepareStandalone();
  app = await startStandalone();
}, 150_000);

afterAll(async () => {
  await stopServer(app);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function clientUnits(agencyId: string): Promise<number> {
  const db = await getDb();
  const row = await db.usageCounter.findFirst({
    where: { agencyId, period: usagePeriod(new Date()).key, kind: "client" },
    select: { used: true },
  });
  return row?.used ?? 0;
}

/** Polls `read` until it returns true, for at most `ms`. */
async function until(read: () => Promise<boolean>, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

it("a request create killed inside its transaction counts no unit", async () => {
  const a = await seedV2Agency({ platforms: ["meta"] });
  const client = expectOk(
    await call(app.url, a.key, "POST", "/clients", { body: { name: "Crash Client", email: "crash@client.test" } }),
    201,
  );
  const body = {
    clientId: client.id,
    requestedServices: {
      meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: a.accounts.meta }] },
    },
  };
  // one create that commits, so the month's counter row exists
  expectOk(await call(app.url, a.key, "POST", "/requests", { body }), 201);
  expect(await clientUnits(a.agencyId)).toBe(1);

  const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await locker.connect();
  try {
    await locker.query("BEGIN");
    await locker.query(`LOCK TABLE "Event" IN EXCLUSIVE MODE`);
    const pending = call(app.url, a.key, "POST", "/requests", { body }).then(
      () => "answered",
      () => "connection dropped",
    );
    // the create is inside its transaction, waiting to insert its request.created event
    await until(async () => {
      const { rows } = await locker.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      );
      return rows[0].n > 0;
    }, "the create to wait on the lock");
    app.child.kill("SIGKILL");
    await app.exited;
    expect(await pending).toBe("connection dropped");
  } finally {
    await locker.query("ROLLBACK");
  }
  // the dead server's transaction ends once its backend finds the connection gone
  await until(async () => {
    const { rows } = await locker.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND state IN ('active', 'idle in transaction', 'idle in transaction (aborted)')`,
    );
    return rows[0].n === 0;
  }, "the dead server's transaction to end");
  await locker.end();

  const db = await getDb();
  expect(await db.accessRequest.count({ where: { agencyId: a.agencyId } })).toBe(1);
  expect(await clientUnits(a.agencyId)).toBe(1);
}, 60_000);
