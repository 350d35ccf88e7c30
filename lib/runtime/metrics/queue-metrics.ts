// The gauges read from the database at scrape time: webhook deliveries due and pending,
// the age of the oldest due delivery (how far the workers lag), the email queue, and this
// process's database pool.
import { getDb, poolStats } from "@/lib/infra/db/db";
import { addMetricsCollector, setGauge, setPoolGauge, setRateLimitStoreGauge } from "@/lib/infra/metrics";
import { rateLimitStore, rateLimitStoreReachable } from "@/lib/infra/rate-limit/rate-limit";

async function collectQueue() {
  const db = await getDb();
  const [row] = await db.$queryRaw<Array<{ due: bigint; pending: bigint; oldest: number | null; emails: bigint }>>`
    SELECT
      (SELECT count(*) FROM "WebhookDelivery" WHERE "status" = 'pending' AND "nextAttemptAt" <= now()) AS "due",
      (SELECT count(*) FROM "WebhookDelivery" WHERE "status" = 'pending') AS "pending",
      (SELECT EXTRACT(EPOCH FROM now() - min("nextAttemptAt"))::float8 FROM "WebhookDelivery" WHERE "status" = 'pending' AND "nextAttemptAt" <= now()) AS "oldest",
      (SELECT count(*) FROM "Email" WHERE "status" = 'pending') AS "emails"`;
  setGauge("deliveriesDue", Number(row?.due ?? 0));
  setGauge("deliveriesPending", Number(row?.pending ?? 0));
  setGauge("oldestDueAge", Math.max(0, row?.oldest ?? 0));
  setGauge("emailsPending", Number(row?.emails ?? 0));
}

async function collectPool() {
  const s = await poolStats();
  setPoolGauge("total", s.total);
  setPoolGauge("idle", s.idle);
  setPoolGauge("waiting", s.waiting);
  setPoolGauge("max", s.max);
}

/** The shared rate-limit store's state (Redis only: the others need no connection of their own). */
async function collectRateLimitStore() {
  const reachable = await rateLimitStoreReachable();
  if (reachable !== null) setRateLimitStoreGauge(rateLimitStore(), reachable);
}

/** Registers the database-backed gauges with this process's registry. */
export function registerQueueMetrics() {
  addMetricsCollector(collectQueue);
  addMetricsCollector(collectPool);
  addMetricsCollector(collectRateLimitStore);
}
