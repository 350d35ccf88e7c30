import { describe, it, expect, afterAll } from "vitest";
import { GET } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as live } from "@/app/api/health/live/route";
import { closeDb, getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { setDraining } from "@/lib/infra/lifecycle";

describe("health: liveness and readiness", () => {
  const saved = process.env.DATABASE_URL;
  afterAll(async () => {
    setDraining(false);
    await closeDb();
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    resetEnvCache();
  });

  it("answers 200 with the database mode and migration state", async () => {
    for (const res of [await GET(), await ready()]) {
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.status).toBe("ok");
      expect(body.database.mode).toBe(saved ? "postgres" : "embedded");
      expect(body.database.migrations.pending).toEqual([]);
      expect(body.database.migrations.applied).toBeGreaterThan(0);
      expect(body.database.migrations.compatibility).toBe("ok");
    }
    expect((await live()).status).toBe(200);
  });

  it("stays ready with a warning while a newer release's additive migration is applied (rolling deploy)", async () => {
    const db = await getDb();
    await db.$executeRawUnsafe(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ('${crypto.randomUUID()}', 'x', '99990101000000_future_additive', now(), now(), 1)`,
    );
    await db.$executeRawUnsafe(
      `INSERT INTO "_migration_flags" (migration_name, additive, transactional) VALUES ('99990101000000_future_additive', true, true)`,
    );
    const res = await ready();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.database.migrations.compatibility).toBe("newer-additive");
    expect(body.warnings.join(" ")).toMatch(/99990101000000_future_additive/);

    // a newer migration that is not additive takes the instance out
    await db.$executeRawUnsafe(
      `UPDATE "_migration_flags" SET additive = false WHERE migration_name = '99990101000000_future_additive'`,
    );
    const refused = await ready();
    expect(refused.status).toBe(503);
    expect((await refused.json()).database.migrations.compatibility).toBe("newer-incompatible");
    await db.$executeRawUnsafe(
      `DELETE FROM "_prisma_migrations" WHERE migration_name = '99990101000000_future_additive'`,
    );
  });

  it("answers 503 while draining, and liveness stays 200", async () => {
    setDraining(true);
    const res = await ready();
    expect(res.status).toBe(503);
    expect((await res.json()).status).toBe("draining");
    expect((await live()).status).toBe(200);
    setDraining(false);
    expect((await ready()).status).toBe(200);
  });

  it("answers 503 when the database is unreachable, without naming its host", async () => {
    await closeDb();
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/nowhere";
    resetEnvCache();
    const res = await ready();
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text).database).toMatchObject({ mode: "postgres", reachable: false });
    expect(text).not.toContain("127.0.0.1");
    expect((await live()).status).toBe(200);
  });
});
