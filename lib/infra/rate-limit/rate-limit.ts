// Rate limits on rate-limiter-flexible: memory on a single instance; a shared store when
// several instances run (REDIS_URL, or RATE_LIMIT_STORE=postgres on the PostgreSQL database).
// Every limiter of a process shares one Redis client or one small PostgreSQL pool.
import type { Redis } from "ioredis";
import type { Pool } from "pg";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterPostgres,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { env } from "@/lib/infra/env";
import { dropGlobalSingleton, globalSingleton } from "@/lib/infra/global-singleton";
import { log } from "@/lib/infra/log";

export type RateLimitStore = "memory" | "redis" | "postgres";

/** The store the limits use: RATE_LIMIT_STORE, else redis when REDIS_URL is set, else memory. */
export function rateLimitStore(): RateLimitStore {
  const e = env();
  return e.RATE_LIMIT_STORE ?? (e.REDIS_URL ? "redis" : "memory");
}

/** True when several instances would each count on their own (production on PostgreSQL with memory limits). */
export function rateLimitsArePerInstance(): boolean {
  const e = env();
  return e.NODE_ENV === "production" && e.databaseMode === "postgres" && rateLimitStore() === "memory";
}

const shared = globalSingleton<{
  __rlRedis?: Redis;
  __rlRedisReady?: Promise<Redis>;
  __rlRedisState?: "connecting" | "ready" | "unreachable";
  __rlPool?: Pool;
  /** the last PostgreSQL limiter made (see createLimiter) */
  __rlPgMade?: Promise<unknown>;
}>("rate-limit-stores", () => ({}));

/** How long the first limit check waits for the Redis connection before counting in memory. */
const REDIS_READY_WAIT_MS = 1_000;
/** ioredis's connect timeout (its default is 10 s): an unreachable store is known quickly. */
const REDIS_CONNECT_TIMEOUT_MS = 1_000;

export const REDIS_UNREACHABLE_WARNING =
  "The rate-limit store (Redis at REDIS_URL) cannot be reached: every limit counts per instance until it answers.";

// Without the offline queue a command sent before the connection is up fails at once and
// the limiter falls back to its in-memory insurance, which counts per instance: so the first
// checks after a start wait (briefly) for the connection. Losing and regaining the store
// is logged once each way.
function redisClient(): Promise<Redis> {
  shared.__rlRedisReady ??= (async () => {
    const { Redis } = await import("ioredis");
    const client = new Redis(env().REDIS_URL!, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    });
    shared.__rlRedisState = "connecting";
    client.on("error", (err: Error) => {
      if (shared.__rlRedis !== client || shared.__rlRedisState === "unreachable") return;
      shared.__rlRedisState = "unreachable";
      log().warn({ component: "rate-limit", err: err.message }, REDIS_UNREACHABLE_WARNING);
    });
    client.on("ready", () => {
      if (shared.__rlRedis !== client) return;
      if (shared.__rlRedisState === "unreachable")
        log().info({ component: "rate-limit" }, "The rate-limit store (Redis) answers again.");
      shared.__rlRedisState = "ready";
    });
    shared.__rlRedis = client;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, REDIS_READY_WAIT_MS);
      client.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (shared.__rlRedisState === "connecting") {
      shared.__rlRedisState = "unreachable";
      log().warn({ component: "rate-limit" }, REDIS_UNREACHABLE_WARNING);
    }
    return client;
  })();
  return shared.__rlRedisReady;
}

/**
 * Whether the shared store answers: connects to Redis if no limit has yet (boot and
 * /api/health/ready call it). `null` for the stores that need no connection of their own.
 */
export async function rateLimitStoreReachable(): Promise<boolean | null> {
  if (rateLimitStore() !== "redis") return null;
  await redisClient();
  return shared.__rlRedisState === "ready";
}

async function postgresPool(): Promise<Pool> {
  if (!shared.__rlPool) {
    const pg = (await import("pg")).default;
    const pool = new pg.Pool({ connectionString: env().DATABASE_URL, max: 2 });
    pool.on("error", () => {});
    shared.__rlPool = pool;
  }
  return shared.__rlPool;
}

/** Closes the shared store connections (graceful shutdown, tests). */
export async function closeRateLimitStores() {
  const { __rlRedis: redis, __rlPool: pool } = shared;
  shared.__rlRedis = undefined;
  shared.__rlRedisReady = undefined;
  shared.__rlRedisState = undefined;
  shared.__rlPool = undefined;
  shared.__rlPgMade = undefined;
  dropGlobalSingleton("rate-limiters");
  await Promise.all([redis?.quit().catch(() => redis.disconnect()), pool?.end().catch(() => {})]);
}

/**
 * Whether a limiter's rejection is its refusal (a RateLimiterRes: the key is out of points)
 * rather than a store error. Judged by shape, not `instanceof`: Next.js bundles the library
 * once per server bundle, and a limiter made in one bundle (they are process singletons)
 * throws that bundle's class to a caller in another, where `instanceof` is false.
 */
export function isLimiterRefusal(value: unknown): value is { msBeforeNext: number; remainingPoints: number } {
  if (typeof value !== "object" || value === null || value instanceof Error) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.msBeforeNext === "number" && typeof v.remainingPoints === "number" && typeof v.consumedPoints === "number"
  );
}

export interface RateLimitOutcome {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
}

const limiters = () => globalSingleton("rate-limiters", () => new Map<string, Promise<RateLimiterAbstract>>());

async function createLimiter(name: string, points: number, duration: number): Promise<RateLimiterAbstract> {
  const opts = { keyPrefix: `rl_${name}`, points, duration };
  const store = rateLimitStore();
  if (store === "redis") {
    return new RateLimiterRedis({
      ...opts,
      storeClient: await redisClient(),
      insuranceLimiter: new RateLimiterMemory(opts),
    });
  }
  if (store === "postgres") {
    const pool = await postgresPool();
    const make = () =>
      new Promise<RateLimiterAbstract>((resolve, reject) => {
        const limiter: RateLimiterPostgres = new RateLimiterPostgres(
          { ...opts, storeClient: pool, tableName: "rate_limits", insuranceLimiter: new RateLimiterMemory(opts) },
          (err?: Error) => (err ? reject(err) : resolve(limiter)),
        );
      });
    // Every limiter runs CREATE TABLE IF NOT EXISTS on the one table when it is made, and two
    // such statements at once can fail the loser ("type rate_limits already exists"). So this
    // process makes them one after the other, and a limiter that lost that race to another
    // process tries once more (the table is there by then).
    const made = (shared.__rlPgMade ?? Promise.resolve()).then(() =>
      make().catch((err: unknown) =>
        /already exists/i.test(String((err as Error)?.message)) ? make() : Promise.reject(err),
      ),
    );
    shared.__rlPgMade = made.catch(() => undefined);
    return await made;
  }
  return new RateLimiterMemory(opts);
}

function limiter(name: string, points: number, duration: number) {
  const id = `${name}:${points}:${duration}`;
  let l = limiters().get(id);
  if (!l) {
    l = createLimiter(name, points, duration);
    limiters().set(id, l);
  }
  return l;
}

/**
 * V2 calls allowed per agency per minute: 300 as the spec says. V2_RATE_LIMIT_PER_MINUTE
 * raises it for load tests and the benchmark (scripts/bench-api.ts), which would otherwise
 * measure 429s; anything but a positive whole number keeps the default.
 */
export function v2RateLimitPoints(): number {
  const raw = env().V2_RATE_LIMIT_PER_MINUTE;
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n > 0 ? n : 300;
}

/**
 * Consumes one point (or `cost` points) for `key` in the named limiter: one atomic step on
 * every store, so of many concurrent calls exactly `points` are allowed. `keyWindowSeconds`
 * sets the window of a key that starts here (rate-limiter-flexible's customDuration), for
 * gates whose wait grows with the failures before them; `cost` counts several calls made in
 * one HTTP request (a JSON-RPC batch).
 */
export async function consumeRateLimit(
  name: string,
  key: string,
  points: number,
  durationSeconds: number,
  opts: { keyWindowSeconds?: number; cost?: number } = {},
): Promise<RateLimitOutcome> {
  const l = await limiter(name, points, durationSeconds);
  try {
    const res = await l.consume(
      key,
      opts.cost ?? 1,
      opts.keyWindowSeconds ? { customDuration: opts.keyWindowSeconds } : {},
    );
    return {
      allowed: true,
      limit: points,
      remaining: res.remainingPoints,
      resetSeconds: Math.ceil(res.msBeforeNext / 1000),
    };
  } catch (res) {
    if (isLimiterRefusal(res)) {
      return {
        allowed: false,
        limit: points,
        remaining: 0,
        resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      };
    }
    throw res;
  }
}

export function rateLimitHeaders(o: RateLimitOutcome, windowSeconds: number): Record<string, string> {
  const h: Record<string, string> = {
    "RateLimit-Limit": String(o.limit),
    "RateLimit-Remaining": String(o.remaining),
    "RateLimit-Reset": String(o.resetSeconds),
    "RateLimit-Policy": `${o.limit};w=${windowSeconds}`,
  };
  if (!o.allowed) h["Retry-After"] = String(o.resetSeconds);
  return h;
}

/** Forgets every limiter (tests). */
export function resetRateLimiters() {
  limiters().clear();
}

/** How many points `key` has used in the named limiter's current window (0 when none), and when that window ends. */
export async function peekRateLimit(
  name: string,
  key: string,
  points: number,
  durationSeconds: number,
): Promise<{ consumed: number; resetSeconds: number }> {
  const l = await limiter(name, points, durationSeconds);
  const res = await l.get(key);
  if (!res) return { consumed: 0, resetSeconds: 0 };
  return { consumed: res.consumedPoints, resetSeconds: Math.max(0, Math.ceil(res.msBeforeNext / 1000)) };
}

/** Blocks `key` in the named limiter for `seconds` (a later consume or peek sees it used up). */
export async function blockRateLimitKey(
  name: string,
  key: string,
  points: number,
  durationSeconds: number,
  seconds: number,
): Promise<void> {
  const l = await limiter(name, points, durationSeconds);
  await l.block(key, seconds);
}

/** Forgets `key` in the named limiter (a successful sign-in clears its failures). */
export async function deleteRateLimitKey(
  name: string,
  key: string,
  points: number,
  durationSeconds: number,
): Promise<void> {
  const l = await limiter(name, points, durationSeconds);
  await l.delete(key);
}

/** Gives back one point `key` consumed (an attempt that turned out not to count). */
export async function refundRateLimit(
  name: string,
  key: string,
  points: number,
  durationSeconds: number,
): Promise<void> {
  const l = await limiter(name, points, durationSeconds);
  await l.reward(key, 1);
}
