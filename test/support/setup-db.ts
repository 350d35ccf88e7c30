// Vitest setup: every test file gets a fresh, isolated database. On PostgreSQL
// (DATABASE_URL set for the run) a new database is created from that server as a copy of
// the run's migrated template; otherwise DATA_DIR points at a new temporary folder holding
// a copy of the template's embedded database (test/support/global-setup-db.ts makes both).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, inject } from "vitest";

const base = process.env.TEST_DATABASE_BASE_URL ?? process.env.DATABASE_URL;
process.env.TEST_DATABASE_BASE_URL = base ?? "";
(process.env as Record<string, string>).NODE_ENV = "test";
process.env.SEED_DEMO ??= "0";
process.env.WEBHOOK_ALLOW_LOOPBACK ??= "1";
process.env.APP_SECRET ??= "test-secret-0123456789abcdef0123456789abcdef";
process.env.APP_URL ??= "http://localhost:3999";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ars-test-"));
process.env.DATA_DIR = dataDir;
const template = inject("databaseTemplate");
if (!base && template) fs.cpSync(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });

let dbName: string | null = null;
if (base) {
  const pg = (await import("pg")).default;
  dbName = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${dbName} TEMPLATE ${template}` : `CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  process.env.DATABASE_URL = url.toString();
  if (!template) {
    const { migrate } = await import("@/lib/infra/db/db");
    await migrate();
  }
}

afterAll(async () => {
  const { closeListener } = await import("@/lib/infra/db/notifications");
  await closeListener().catch(() => {});
  const { closeDb } = await import("@/lib/infra/db/db");
  await closeDb().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (base && dbName) {
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
});
