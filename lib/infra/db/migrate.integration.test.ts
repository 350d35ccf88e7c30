// The migration runner on a database of its own (an in-memory PGlite, or a fresh
// PostgreSQL database): additive directives recorded for older code, checksums compared,
// and migrations that run outside a transaction (CREATE INDEX CONCURRENTLY).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applyMigrations,
  compatibility,
  describeCompatibility,
  MigrationChangedError,
  parseDirectives,
  readMigrationState,
  SchemaTooNewError,
  splitStatements,
  type SqlRunner,
} from "@/lib/infra/db/migrate";

let runner: SqlRunner;
let close: () => Promise<void>;
const dirs: string[] = [];

function migrationsDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ars-mig-"));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, name));
    fs.writeFileSync(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

beforeAll(async () => {
  const base = process.env.TEST_DATABASE_BASE_URL;
  if (base) {
    const pg = (await import("pg")).default;
    const name = `t_mig_${crypto.randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    runner = {
      query: async (sql, params) => (await client.query(sql, params)).rows,
      exec: async (sql) => void (await client.query(sql)),
    };
    close = async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = new PGlite();
    runner = {
      query: async (sql, params) => (await db.query(sql, params as unknown[])).rows as never,
      exec: async (sql) => void (await db.exec(sql)),
    };
    close = () => db.close();
  }
});

afterAll(async () => {
  await close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const M1 = `CREATE TABLE "Thing" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);\n`;
const M2_ADDITIVE = `-- migration: additive\nALTER TABLE "Thing" ADD COLUMN "note" TEXT;\n`;
const M3_INDEX = `-- migration: additive, no-transaction\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "Thing_name_idx" ON "Thing" ("name");\nCREATE INDEX CONCURRENTLY IF NOT EXISTS "Thing_note_idx" ON "Thing" ("note");\n`;
const M4_DROP = `ALTER TABLE "Thing" DROP COLUMN "note";\n`;

describe("migration directives", () => {
  it("reads additive and no-transaction from the leading comments only", () => {
    expect(parseDirectives(M1)).toEqual({ additive: false, transactional: true });
    expect(parseDirectives(M3_INDEX)).toEqual({ additive: true, transactional: false });
    expect(parseDirectives(`-- a note\n-- migration: additive\nSELECT 1;`)).toEqual({
      additive: true,
      transactional: true,
    });
    expect(parseDirectives(`SELECT 1;\n-- migration: additive\n`)).toEqual({ additive: false, transactional: true });
    expect(splitStatements(M3_INDEX)).toHaveLength(2);
  });
});

describe("applying and comparing migrations", () => {
  it("runs a no-transaction migration statement by statement (CREATE INDEX CONCURRENTLY)", async () => {
    const dir = migrationsDir({ "001_init": M1, "002_note": M2_ADDITIVE, "003_index": M3_INDEX });
    expect(await applyMigrations(runner, dir)).toEqual(["001_init", "002_note", "003_index"]);
    const idx = await runner.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE tablename = 'Thing' ORDER BY indexname`,
    );
    expect(idx.map((r) => r.indexname)).toEqual(["Thing_name_idx", "Thing_note_idx", "Thing_pkey"]);
    expect(compatibility(await readMigrationState(runner, dir))).toBe("ok");
  });

  it("code older than additive migrations keeps working: newer-additive, and its own migrate applies nothing and succeeds", async () => {
    const older = migrationsDir({ "001_init": M1 });
    const state = await readMigrationState(runner, older);
    expect(state.unknown).toEqual(["002_note", "003_index"]);
    expect(compatibility(state)).toBe("newer-additive");
    expect(describeCompatibility(state)).toMatch(/keeps serving/);
    expect(await applyMigrations(runner, older)).toEqual([]);
  });

  it("a newer migration that is not additive makes older code incompatible", async () => {
    const newest = migrationsDir({
      "001_init": M1,
      "002_note": M2_ADDITIVE,
      "003_index": M3_INDEX,
      "004_drop": M4_DROP,
    });
    expect(await applyMigrations(runner, newest)).toEqual(["004_drop"]);
    const older = migrationsDir({ "001_init": M1, "002_note": M2_ADDITIVE });
    const state = await readMigrationState(runner, older);
    expect(compatibility(state)).toBe("newer-incompatible");
    await expect(applyMigrations(runner, older)).rejects.toBeInstanceOf(SchemaTooNewError);
  });

  it("code missing nothing but one migration of its own reports pending", async () => {
    const ahead = migrationsDir({
      "001_init": M1,
      "002_note": M2_ADDITIVE,
      "003_index": M3_INDEX,
      "004_drop": M4_DROP,
      "005_more": `-- migration: additive\nCREATE TABLE "Other" ("id" INTEGER);\n`,
    });
    expect(compatibility(await readMigrationState(runner, ahead))).toBe("pending");
  });

  it("refuses an applied migration whose file changed, with one line naming it", async () => {
    const edited = migrationsDir({
      "001_init": M1.replace("TEXT NOT NULL", "TEXT"),
      "002_note": M2_ADDITIVE,
      "003_index": M3_INDEX,
      "004_drop": M4_DROP,
    });
    const state = await readMigrationState(runner, edited);
    expect(state.changed).toEqual(["001_init"]);
    expect(compatibility(state)).toBe("changed");
    const err = await applyMigrations(runner, edited).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MigrationChangedError);
    expect((err as Error).message).toMatch(/001_init/);
    expect((err as Error).message).not.toContain("\n");
  });
});
