// Applies prisma/migrations/*/migration.sql in order, recording each in Prisma's own
// `_prisma_migrations` table (same columns, sha256 checksum), one transaction per
// migration, so a native `prisma migrate deploy` elsewhere sees the same history.
// Used for both the embedded database and PostgreSQL.
//
// A migration's first lines may carry directives:
//   -- migration: additive        only adds (tables, nullable columns, indexes): code one
//                                 release older keeps working on it (rolling deploys)
//   -- migration: no-transaction  runs outside a transaction, one statement per line
//                                 ending in `;` (for CREATE INDEX CONCURRENTLY)
// The directives are recorded in `_migration_flags` as the migration is applied, so an
// older instance that does not have the file can still tell whether it is compatible.
// An applied migration whose file changed since (checksum) is refused.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** runs several statements (no parameters) */
  exec(sql: string): Promise<void>;
}

export class SchemaTooNewError extends Error {}
export class MigrationChangedError extends Error {}

export interface MigrationState {
  applied: string[];
  pending: string[];
  unknown: string[];
  /** the unknown (newer) migrations that are all marked additive */
  unknownAdditive: boolean;
  /** applied migrations whose local file no longer matches the recorded checksum */
  changed: string[];
}

/**
 * What this code can do with the database: `ok`; `newer-additive` (a newer release added
 * only additive migrations: keep serving, warn); `pending` (migrations this code needs are
 * missing); `newer-incompatible`; `changed` (an applied file was edited).
 */
export type MigrationCompatibility = "ok" | "newer-additive" | "pending" | "newer-incompatible" | "changed";

export function compatibility(state: MigrationState): MigrationCompatibility {
  if (state.changed.length) return "changed";
  if (state.pending.length) return "pending";
  if (state.unknown.length) return state.unknownAdditive ? "newer-additive" : "newer-incompatible";
  return "ok";
}

/** One line explaining a state that is not `ok`. */
export function describeCompatibility(state: MigrationState): string {
  switch (compatibility(state)) {
    case "changed":
      return `applied migration file(s) changed since they were applied (checksum differs): ${state.changed.join(", ")}; restore the original file(s), never edit an applied migration.`;
    case "pending":
      return `the database has ${state.pending.length} pending migration(s) this code needs (${state.pending.join(", ")}); run \`npm run db:migrate\` first.`;
    case "newer-incompatible":
      return `the database was written by a newer version of this service (unknown migrations: ${state.unknown.join(", ")}, not all marked additive). Refusing to start; upgrade the service instead. No data was changed.`;
    case "newer-additive":
      return `the database has newer additive migrations (${state.unknown.join(", ")}); this instance keeps serving, upgrade it soon.`;
    default:
      return "migrations up to date";
  }
}

export interface MigrationDirectives {
  additive: boolean;
  transactional: boolean;
}

/** Reads the `-- migration: ...` directives at the top of a migration file. */
export function parseDirectives(sql: string): MigrationDirectives {
  const out = { additive: false, transactional: true };
  for (const line of sql.split("\n")) {
    const t = line.trim();
    if (t === "") continue;
    const m = /^--\s*migration:\s*(.+)$/i.exec(t);
    if (!m) {
      if (t.startsWith("--")) continue;
      break;
    }
    for (const word of m[1]!.split(/[\s,]+/)) {
      if (word === "additive") out.additive = true;
      else if (word === "no-transaction") out.transactional = false;
    }
  }
  return out;
}

/** The statements of a no-transaction migration: one per `;` at the end of a line. */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((s) =>
      s
        .split("\n")
        .filter((l) => !/^\s*--/.test(l))
        .join("\n")
        .trim(),
    )
    .filter(Boolean);
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

const CREATE_FLAGS = `CREATE TABLE IF NOT EXISTS "_migration_flags" (
  "migration_name" VARCHAR(255) PRIMARY KEY NOT NULL,
  "additive" BOOLEAN NOT NULL,
  "transactional" BOOLEAN NOT NULL
)`;

export async function readMigrationState(db: SqlRunner, dir = migrationsDir()): Promise<MigrationState> {
  const local = localMigrations(dir);
  const [found] = await db.query<{ exists: boolean; flags: boolean }>(
    `SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS "exists", to_regclass('"_migration_flags"') IS NOT NULL AS "flags"`,
  );
  // One row always comes back; none would mean the query itself failed.
  const exists = found?.exists ?? false;
  const flags = found?.flags ?? false;
  const rows = exists
    ? await db.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
      )
    : [];
  const applied = rows.map((r) => r.migration_name);
  const byName = new Map(local.map((m) => [m.name, m]));
  const unknown = applied.filter((n) => !byName.has(n));
  let unknownAdditive = unknown.length > 0;
  if (unknown.length) {
    const additive = flags
      ? new Set(
          (
            await db.query<{ migration_name: string }>(`SELECT migration_name FROM "_migration_flags" WHERE additive`)
          ).map((r) => r.migration_name),
        )
      : new Set<string>();
    unknownAdditive = unknown.every((n) => additive.has(n));
  }
  return {
    applied,
    pending: local.filter((m) => !applied.includes(m.name)).map((m) => m.name),
    unknown,
    unknownAdditive,
    changed: rows
      .filter((r) => byName.has(r.migration_name) && byName.get(r.migration_name)!.checksum !== r.checksum)
      .map((r) => r.migration_name),
  };
}

/**
 * Applies every pending migration. Refuses a changed applied file, and a database written
 * by a newer version unless that version's extra migrations are all additive (then
 * nothing is applied out of order: this code's pending ones still are).
 */
export async function applyMigrations(db: SqlRunner, dir = migrationsDir()): Promise<string[]> {
  await db.exec(CREATE_TABLE);
  await db.exec(CREATE_FLAGS);
  const state = await readMigrationState(db, dir);
  if (state.changed.length) throw new MigrationChangedError(`Refusing to migrate: ${describeCompatibility(state)}`);
  if (state.unknown.length > 0 && !state.unknownAdditive) {
    throw new SchemaTooNewError(
      `The database was written by a newer version of this service (unknown migrations: ${state.unknown.join(", ")}). Refusing to start; upgrade the service instead. No data was changed.`,
    );
  }
  const done: string[] = [];
  for (const m of localMigrations(dir)) {
    if (state.applied.includes(m.name)) continue;
    const id = crypto.randomUUID();
    const directives = parseDirectives(m.sql);
    const record = async () => {
      await db.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), now(), 1)`,
        [id, m.checksum, m.name],
      );
      await db.query(
        `INSERT INTO "_migration_flags" (migration_name, additive, transactional) VALUES ($1, $2, $3) ON CONFLICT (migration_name) DO UPDATE SET additive = EXCLUDED.additive, transactional = EXCLUDED.transactional`,
        [m.name, directives.additive, directives.transactional],
      );
    };
    if (!directives.transactional) {
      // Each statement on its own: PostgreSQL runs several statements sent at once in one
      // implicit transaction, which CREATE INDEX CONCURRENTLY refuses.
      for (const statement of splitStatements(m.sql)) {
        try {
          await db.exec(statement);
        } catch (err) {
          throw new Error(
            `Migration ${m.name} failed (it runs without a transaction: earlier statements stayed applied; an interrupted CREATE INDEX CONCURRENTLY leaves an INVALID index to drop before rerunning): ${(err as Error).message}`,
          );
        }
      }
      await record();
      done.push(m.name);
      continue;
    }
    await db.exec("BEGIN");
    try {
      await db.exec(m.sql);
      await record();
      await db.exec("COMMIT");
    } catch (err) {
      await db.exec("ROLLBACK");
      throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
    }
    done.push(m.name);
  }
  return done;
}
