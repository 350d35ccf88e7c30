// Liveness and readiness. Live: the process answers. Ready: the database answers, its
// migrations are compatible with this code, and the process is not draining after
// SIGTERM. A database with newer migrations all marked additive (a rolling deploy in
// progress) stays ready, with a warning. A shared rate-limit store that does not answer
// makes the instance `degraded` (still ready, limits counting per instance) unless the
// operator asked for a shared store by name (RATE_LIMIT_STORE), when it is not ready.
// The body never names the database host.
import { databaseMode, getDb, migrationState } from "@/lib/infra/db/db";
import { compatibility, describeCompatibility } from "@/lib/infra/db/migrate";
import { isDraining } from "@/lib/infra/lifecycle";
import {
  rateLimitStore,
  rateLimitStoreReachable,
  rateLimitsArePerInstance,
  REDIS_UNREACHABLE_WARNING,
} from "@/lib/infra/rate-limit/rate-limit";
import { env } from "@/lib/infra/env";
import { setRateLimitStoreGauge } from "@/lib/infra/metrics";
import { log } from "@/lib/infra/log";

export interface Readiness {
  status: number;
  body: {
    status: "ok" | "degraded" | "draining" | "unavailable";
    warnings: string[];
    database: {
      mode: "embedded" | "postgres";
      reachable: boolean;
      migrations?: { applied: number; pending: string[]; unknown: string[]; compatibility: string };
    };
    rateLimitStore: string;
    /** whether the shared rate-limit store answers; null for a store with no connection of its own */
    rateLimitStoreReachable: boolean | null;
  };
}

export const PER_INSTANCE_LIMITS_WARNING =
  "Rate limits are counted per instance: set REDIS_URL (or RATE_LIMIT_STORE=postgres) so that several instances share them.";

export async function readiness(): Promise<Readiness> {
  const mode = databaseMode();
  const warnings: string[] = [];
  let store = "memory";
  // A shared store asked for by name (RATE_LIMIT_STORE) and not answering: not ready, so a
  // load balancer sends no traffic to an instance whose limits would count on their own;
  // Redis chosen only by REDIS_URL being set: ready but `degraded`, with a warning.
  let storeRequiredAndDown = false;
  let storeReachable: boolean | null = null;
  try {
    store = rateLimitStore();
    if (rateLimitsArePerInstance()) warnings.push(PER_INSTANCE_LIMITS_WARNING);
    storeReachable = await rateLimitStoreReachable();
    if (storeReachable !== null) setRateLimitStoreGauge(store, storeReachable);
    if (storeReachable === false) {
      warnings.push(REDIS_UNREACHABLE_WARNING);
      storeRequiredAndDown = env().RATE_LIMIT_STORE !== undefined;
    }
  } catch {
    // a bad environment is reported by boot; readiness still answers
  }
  if (isDraining()) {
    return {
      status: 503,
      body: {
        status: "draining",
        warnings,
        database: { mode, reachable: true },
        rateLimitStore: store,
        rateLimitStoreReachable: storeReachable,
      },
    };
  }
  try {
    const db = await getDb();
    await db.$queryRaw`SELECT 1`;
    const state = await migrationState();
    const compat = compatibility(state);
    const ok = (compat === "ok" || compat === "newer-additive") && !storeRequiredAndDown;
    if (compat !== "ok") warnings.push(describeCompatibility(state));
    return {
      status: ok ? 200 : 503,
      body: {
        status: ok && storeReachable !== false ? "ok" : "degraded",
        warnings,
        database: {
          mode,
          reachable: true,
          migrations: {
            applied: state.applied.length,
            pending: state.pending,
            unknown: state.unknown,
            compatibility: compat,
          },
        },
        rateLimitStore: store,
        rateLimitStoreReachable: storeReachable,
      },
    };
  } catch (err) {
    // the reason (with the host) goes to the log, not to the public body
    log().warn({ err: (err as Error).message.split("\n")[0] }, "readiness: database unreachable");
    return {
      status: 503,
      body: {
        status: "unavailable",
        warnings,
        database: { mode, reachable: false },
        rateLimitStore: store,
        rateLimitStoreReachable: storeReachable,
      },
    };
  }
}
