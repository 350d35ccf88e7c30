// Vitest global setup: migrates one template database per run, so that each test file's
// fresh database (test/support/setup-db.ts) starts as a copy of it instead of applying
// every migration again. On the embedded database a new folder costs about 6 s to create
// and migrate, and a copy of a migrated one about 1 s; on PostgreSQL `CREATE DATABASE ...
// TEMPLATE` copies the migrated schema in one statement.
// The template is made through the app's own open-and-migrate path, so a test file's
// database is exactly what the app would have created.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** embedded database: a migrated data folder to copy; PostgreSQL: a migrated database's name */
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const base = process.env.TEST_DATABASE_BASE_URL || process.env.DATABASE_URL;
  const env = process.env as Record<string, string | undefined>;
  env.NODE_ENV = "test";
  env.SEED_DEMO ??= "0";
  env.APP_SECRET ??= "test-secret-0123456789abcdef0123456789abcdef";

  if (base) {
    const pg = (await import("pg")).default;
    const name = `tmpl_${crypto.randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    const { migrate, closeDb } = await import("@/lib/infra/db/db");
    await migrate();
    await closeDb();
    env.DATABASE_URL = base;
    project.provide("databaseTemplate", name);
    return async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await client.end();
    };
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ars-test-template-"));
  env.DATA_DIR = dir;
  const { getDb, closeDb } = await import("@/lib/infra/db/db");
  await getDb();
  await closeDb();
  delete env.DATA_DIR;
  project.provide("databaseTemplate", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
