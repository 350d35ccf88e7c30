// Applies prisma/migrations/*/migration.sql in order, recording each in Prisma's own
// `_prisma_migrations` table (same columns, sha256 checksum), one transaction per
// migration, so a native `prisma migrate deploy` elsewhere sees the same history.
// Used for both the embedded database and PostgreSQL.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** runs several statements (no parameters) */
  exec(sql: string): Promise<void>;
}

export class SchemaTooNewError extends Error {}

export interface MigrationState {
  applied: string[];
  pending: string[];
  unknown: string[];
}

export function migrationsDir() {
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");
}

function localMigrations(dir = migrationsDir()) {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function readMigrationState(db: SqlRunner): Promise<MigrationState> {
  const local = localMigrations();
  const [{ exists }] = await db.query<{ exists: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS "exists"`);
  const rows = exists ? await db.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`) : [];
  const applied = rows.map((r) => r.migration_name);
  const names = new Set(local.map((m) => m.name));
  return {
    applied,
    pending: local.filter((m) => !applied.includes(m.name)).map((m) => m.name),
    unknown: applied.filter((n) => !names.has(n)),
  };
}

/** Applies every pending migration; refuses a database written by a newer version. */
export async function applyMigrations(db: SqlRunner): Promise<string[]> {
  await db.exec(CREATE_TABLE);
  const state = await readMigrationState(db);
  if (state.unknown.length > 0) {
    throw new SchemaTooNewError(
      `The database was written by a newer version of this service (unknown migrations: ${state.unknown.join(", ")}). Refusing to start; upgrade the service instead. No data was changed.`,
    );
  }
  const done: string[] = [];
  for (const m of localMigrations()) {
    if (state.applied.includes(m.name)) continue;
    const id = crypto.randomUUID();
    await db.exec("BEGIN");
    try {
      await db.exec(m.sql);
      await db.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), now(), 1)`, [
        id,
        m.checksum,
        m.name,
      ]);
      await db.exec("COMMIT");
    } catch (err) {
      await db.exec("ROLLBACK");
      throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
    }
    done.push(m.name);
  }
  return done;
}
