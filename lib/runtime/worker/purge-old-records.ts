// Retention: events, webhook deliveries and delivery attempts are kept 30 days, idempotency
// records until they expire, audit log entries 1 year. Deletes in small batches, each its own short statement, so
// the purge never holds a table's rows locked for long while the API and worker write.
import { getDb } from "@/lib/infra/db/db";
import { AUDIT_RETENTION_DAYS } from "@/lib/core/audit/list-audit";

export const RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeResult {
  events: number;
  deliveries: number;
  attempts: number;
  idempotency: number;
  audit: number;
}

export async function purgeOldRecords(opts: { now?: Date; batchSize?: number } = {}): Promise<PurgeResult> {
  const now = opts.now ?? new Date();
  const batch = Math.max(1, opts.batchSize ?? 1000);
  const cutoff = new Date(now.getTime() - RETENTION_DAYS * DAY_MS);
  const db = await getDb();
  const result: PurgeResult = { events: 0, deliveries: 0, attempts: 0, idempotency: 0, audit: 0 };

  // Deliveries first, so deleting an event never cascades to rows this purge does not count.
  const dropDeliveries = async (ids: string[]) => {
    result.attempts += await db.$executeRaw`DELETE FROM "DeliveryAttempt" WHERE "deliveryId" = ANY(${ids}::uuid[])`;
    result.deliveries += await db.$executeRaw`DELETE FROM "WebhookDelivery" WHERE "id" = ANY(${ids}::uuid[])`;
  };
  // Finished deliveries past retention.
  await forEachBatch(
    batch,
    dropDeliveries,
    (n) => db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "WebhookDelivery" WHERE "createdAt" < ${cutoff} AND "status" <> 'pending' LIMIT ${n}::int`,
  );
  // A delivery still pending is kept while its event is within retention (it may yet be
  // sent); once the event is past 30 days it can no longer be delivered and goes too,
  // unless a worker may be sending it right now (its webhook's lease is live; leases are
  // held per webhook, see claim-deliveries.ts): the next purge takes it.
  await forEachBatch(
    batch,
    dropDeliveries,
    (n) => db.$queryRaw<{ id: string }[]>`
    SELECT d."id" FROM "Event" e JOIN "WebhookDelivery" d ON d."eventId" = e."id" JOIN "Webhook" w ON w."id" = d."webhookId"
    WHERE e."createdAt" < ${cutoff}
      AND NOT (d."status" = 'pending' AND w."leaseOwner" IS NOT NULL AND w."leaseUntil" > ${now})
    LIMIT ${n}::int`,
  );

  result.attempts += await deleteInBatches(
    batch,
    (n) => db.$executeRaw`
    DELETE FROM "DeliveryAttempt" WHERE "id" IN (
      SELECT "id" FROM "DeliveryAttempt" WHERE "createdAt" < ${cutoff} LIMIT ${n}::int)`,
  );

  // An event whose delivery is mid-send (kept above) waits for the next purge.
  result.events += await deleteInBatches(
    batch,
    (n) => db.$executeRaw`
    DELETE FROM "Event" WHERE "id" IN (
      SELECT e."id" FROM "Event" e
      WHERE e."createdAt" < ${cutoff}
        AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" d WHERE d."eventId" = e."id")
      LIMIT ${n}::int)`,
  );

  result.idempotency += await deleteInBatches(
    batch,
    (n) => db.$executeRaw`
    DELETE FROM "IdempotencyRecord" WHERE "id" IN (
      SELECT "id" FROM "IdempotencyRecord" WHERE "expiresAt" <= ${now} LIMIT ${n}::int)`,
  );

  const auditCutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
  result.audit += await deleteInBatches(
    batch,
    (n) => db.$executeRaw`
    DELETE FROM "AuditEntry" WHERE "id" IN (
      SELECT "id" FROM "AuditEntry" WHERE "createdAt" < ${auditCutoff} LIMIT ${n}::int)`,
  );

  return result;
}

async function forEachBatch(
  batch: number,
  handle: (ids: string[]) => Promise<void>,
  select: (n: number) => Promise<{ id: string }[]>,
): Promise<void> {
  for (;;) {
    const rows = await select(batch);
    if (rows.length === 0) return;
    await handle(rows.map((r) => r.id));
  }
}

async function deleteInBatches(batch: number, deleteUpTo: (n: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteUpTo(batch);
    // Until a statement finds nothing, not until a short batch: a purge running at the
    // same time in another worker can make this one's batch short while rows remain.
    if (deleted === 0) return total;
    total += deleted;
  }
}
