// The one database client. With DATABASE_URL it talks to PostgreSQL; without it, to an
// embedded PGlite database in DATA_DIR (locked to this process, migrated at open).
// Nothing else in the code base knows which mode is in use.
// On PostgreSQL the pool holds DATABASE_POOL_SIZE connections (the worker process sets its
// own size with `setPoolSize`); migrations and advisory locks use DATABASE_DIRECT_URL when
// set, so the pool may sit behind PgBouncer in transaction mode.
import "server-only";
import path from "node:path";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/lib/infra/env";
import { applyMigrations, readMigrationState, type MigrationState, type SqlRunner } from "@/lib/infra/db/migrate";
import { dropGlobalSingleton, globalSingleton, peekGlobalSingleton } from "@/lib/infra/global-singleton";

export type Db = PrismaClient;
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

export class DatabaseUnreachableError extends Error {}

// What a lost or refused database connection looks like, through pg, Prisma's driver
// adapters and PGlite: network errors, PostgreSQL's connection-exception class (08),
// shutdown and start-up states (57P01-57P03), too many connections (53300), Prisma's
// "can't reach" and pool time-out codes, and PGlite closed under us.
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "P1001",
  "P1002",
  "P1017",
  "P2024",
]);
// pg's own wording for a client whose connection broke under it ("Client has encountered a
// connection error and is not queryable", "Client was closed and is not queryable") and for
// a pool that was ended ("Cannot use a pool after calling end on the pool").
const UNREACHABLE_MESSAGE =
  /connection terminated|connection refused|terminating connection|timeout exceeded when trying to connect|PGlite is closed|database system is (starting up|shutting down)|Can't reach database server|is not queryable|encountered a connection error|pool after calling end|server closed the connection unexpectedly/i;

/**
 * Whether an error means the database cannot be reached right now (a 503 with
 * Retry-After, not a 500). Walks the error's causes, where driver adapters put the
 * original error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 6 && !seen.has(e); depth++) {
    seen.add(e);
    if (e instanceof DatabaseUnreachableError) return true;
    const o = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      originalCode?: unknown;
      kind?: unknown;
      errors?: unknown;
    };
    for (const code of [o.code, o.originalCode]) {
      if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || /^08/.test(code))) return true;
    }
    if (o.kind === "DatabaseNotReachable" || o.kind === "ConnectionClosed" || o.kind === "SocketTimeout") return true;
    if (typeof o.message === "string" && UNREACHABLE_MESSAGE.test(o.message)) return true;
    // AggregateError (pg tries every address of a host name)
    if (Array.isArray(o.errors) && o.errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = o.cause;
  }
  return false;
}

interface Handle {
  prisma: PrismaClient;
  runner: SqlRunner;
  close(): Promise<void>;
  stats(): { total: number; idle: number; waiting: number; max: number };
  /** embedded only: LISTEN on the database's one connection */
  listen?(channel: string, callback: () => void): Promise<() => Promise<void>>;
}

/** DATABASE_POOL_SIZE, unless this process (the worker) set its own before the first query. */
let poolSizeOverride: number | undefined;
/** shared_buffers of the embedded database (PGlite's PostgreSQL default is 128MB) */
export const EMBEDDED_SHARED_BUFFERS = "16MB";

/** Overrides DATABASE_POOL_SIZE for this process (the worker); call before the first query. */
export function setPoolSize(size: number) {
  poolSizeOverride = size;
}

async function openEmbedded(): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const { acquireDataDirLock } = await import("@/lib/infra/db/data-dir-lock");
  const { secureDataDir } = await import("@/lib/infra/db/secure-data-dir");
  const dataDir = path.resolve(env().DATA_DIR);
  secureDataDir(dataDir);
  const release = acquireDataDirLock(dataDir);
  // PostgreSQL's default 128 MB of shared buffers is written through at start-up, so it
  // was resident from the first second: 16 MB keeps an idle instance's RSS about 150 MB
  // lower (the embedded database is for small installs; PostgreSQL is for load; its data
  // files still sit in the system's page cache).
  const start = async () => {
    const db = new PGlite(path.join(dataDir, "pglite"), {
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    });
    await db.waitReady;
    return db;
  };
  let pg = await start();
  // a new database is unpacked from PGlite's archive with its own (0666) modes: repair them
  secureDataDir(dataDir);
  const runner: SqlRunner = {
    query: async (sql, params) => (await pg.query(sql, params as unknown[])).rows as never,
    exec: async (sql) => void (await pg.exec(sql)),
  };
  // Applying migrations grows PGlite's WebAssembly memory, which never shrinks (about 90 MB on a
  // new database). When any were applied, start the database again: the old instance's memory
  // goes back to the system, and a first start idles like a restart.
  // The unpacked archive of a new database is garbage by then too: with --expose-gc (npm start
  // and the image pass it) one full collection hands both back at once instead of never.
  if ((await applyMigrations(runner)).length > 0) {
    await pg.close();
    pg = await start();
    secureDataDir(dataDir);
    globalThis.gc?.();
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pg) });
  return {
    prisma,
    runner,
    close: async () => {
      await prisma.$disconnect();
      await pg.close();
      release();
    },
    stats: () => ({ total: 1, idle: 0, waiting: 0, max: 1 }),
    listen: (channel, callback) => pg.listen(channel, () => callback()),
  };
}

function describeHost(url: string) {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

async function openPostgres(url: string): Promise<Handle> {
  const pgMod = await import("pg");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const max = poolSizeOverride ?? env().DATABASE_POOL_SIZE;
  const pool = new pgMod.default.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  pool.on("error", () => {});
  try {
    await pool.query("SELECT 1");
  } catch (err) {
    await pool.end().catch(() => {});
    throw new DatabaseUnreachableError(
      `Cannot reach the PostgreSQL database at ${describeHost(url)}: ${(err as Error).message}`,
    );
  }
  const runner: SqlRunner = {
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    exec: async (sql) => void (await pool.query(sql)),
  };
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    runner,
    close: async () => {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

async function open(): Promise<Handle> {
  const { DATABASE_URL } = env();
  return DATABASE_URL ? openPostgres(DATABASE_URL) : openEmbedded();
}

function handle(): Promise<Handle> {
  return globalSingleton("db", () => {
    const opening = open();
    // a failed open is not kept: the next use tries again
    opening.catch(() => {
      if (globalSingleton("db", () => opening) === opening) dropGlobalSingleton("db");
    });
    return opening;
  });
}

/** The Prisma client, opened (and on the embedded database, migrated) on first use. */
export async function getDb(): Promise<Db> {
  return (await handle()).prisma;
}

export function databaseMode(): "embedded" | "postgres" {
  return env().databaseMode;
}

/** Applies pending migrations through the open connection (PostgreSQL: under an advisory lock). */
export async function migrate(): Promise<string[]> {
  const h = await handle();
  if (databaseMode() === "embedded") return applyMigrations(h.runner);
  const pgMod = await import("pg");
  const client = new pgMod.default.Client({ connectionString: directUrl() });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(727274)");
    return await applyMigrations({
      query: async (sql, params) => (await client.query(sql, params)).rows,
      exec: async (sql) => void (await client.query(sql)),
    });
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL for session-level work (migrations, advisory locks, LISTEN): direct, not through PgBouncer. */
export function directUrl(): string | undefined {
  const e = env();
  return e.DATABASE_DIRECT_URL ?? e.DATABASE_URL;
}

/** Embedded database: LISTEN on its connection (notifications arrive on commit). */
export async function listenEmbedded(channel: string, callback: () => void): Promise<() => Promise<void>> {
  const h = await handle();
  if (!h.listen) throw new Error("listenEmbedded needs the embedded database");
  return h.listen(channel, callback);
}

/** The pool's connections right now (the embedded database counts as one). */
export async function poolStats() {
  const h = peekGlobalSingleton<Promise<Handle>>("db");
  return h ? (await h).stats() : { total: 0, idle: 0, waiting: 0, max: 0 };
}

export async function migrationState(): Promise<MigrationState> {
  return readMigrationState((await handle()).runner);
}

/** Closes the database (and releases the embedded folder lock). */
export async function closeDb(): Promise<void> {
  const h = dropGlobalSingleton<Promise<Handle>>("db");
  if (h) await (await h).close();
}
