import { describe, it, expect, afterAll } from "vitest";
import { GET } from "@/app/api/health/route";
import { closeDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";

describe("GET /api/health", () => {
  const saved = process.env.DATABASE_URL;
  afterAll(async () => {
    await closeDb();
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
    resetEnvCache();
  });

  it("answers 200 with the database mode and migration state", async () => {
    const res = await GET();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe("ok");
    expect(body.database.mode).toBe(saved ? "postgres" : "embedded");
    expect(body.database.migrations.pending).toEqual([]);
    expect(body.database.migrations.applied).toBeGreaterThan(0);
  });

  it("answers 503 when the database is unreachable", async () => {
    await closeDb();
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/nowhere";
    resetEnvCache();
    const res = await GET();
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.database).toMatchObject({ mode: "postgres", reachable: false });
    expect(body.database.error).toContain("127.0.0.1:1");
  });
});
