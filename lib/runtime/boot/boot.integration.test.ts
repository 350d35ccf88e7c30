// Start-up refuses bad configuration with one clear line, and never touches the data.
import { describe, it, expect } from "vitest";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const run = promisify(execFile);

async function bootWith(env: Record<string, string | undefined>) {
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, SEED_DEMO: "0", WORKER_IN_PROCESS: "0", ...env }))
    if (v !== undefined) merged[k] = v;
  try {
    const { stdout, stderr } = await run("node_modules/.bin/tsx", ["lib/runtime/boot/boot-check.ts"], {
      env: merged as NodeJS.ProcessEnv,
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("start-up", () => {
  it("stops with one line naming a bad environment variable", async () => {
    const r = await bootWith({ PORT: "not-a-port" });
    expect(r.code).toBe(1);
    expect(
      r.stderr
        .trim()
        .split("\n")
        .filter((l) => l.includes("Cannot start")),
    ).toEqual([expect.stringContaining("PORT")]);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("stops with one line naming the host when DATABASE_URL cannot be reached", async () => {
    const r = await bootWith({ DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Cannot start: Cannot reach the PostgreSQL database at 127.0.0.1:1/nowhere");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  // the embedded data folder only exists without DATABASE_URL; the test boots a new embedded
  // database twice in child processes (every migration applied), so it gets more than the default
  if (!process.env.TEST_DATABASE_BASE_URL)
    it("refuses an embedded data folder written by a newer schema and leaves it untouched", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ars-newer-"));
      try {
        expect((await bootWith({ DATA_DIR: dir, DATABASE_URL: undefined })).stdout).toContain("booted");
        const { PGlite } = await import("@electric-sql/pglite");
        const pg = new PGlite(path.join(dir, "pglite"));
        await pg.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ('x', 'x', '29990101000000_from_the_future', now(), now(), 1)`,
        );
        await pg.query(
          `INSERT INTO "Agency" (id, name, slug, "staticLinkToken", "updatedAt") VALUES (gen_random_uuid(), 'Kept', 'kept', 'tok', now())`,
        );
        await pg.close();
        const r = await bootWith({ DATA_DIR: dir, DATABASE_URL: undefined });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain("newer version");
        const again = new PGlite(path.join(dir, "pglite"));
        expect((await again.query(`SELECT name FROM "Agency"`)).rows).toEqual([{ name: "Kept" }]);
        await again.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 150_000);
});
