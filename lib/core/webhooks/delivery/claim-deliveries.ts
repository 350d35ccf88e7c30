// The delivery queue's claims, on the database alone so any number of worker processes can
// share it. A worker serves a webhook only while it holds that webhook's lease
// (`Webhook.leaseOwner/leaseUntil`), taken by one conditional UPDATE under
// FOR UPDATE SKIP LOCKED: never two deliveries in flight to one webhook, across processes.
// A lease is renewed while its holder works and lapses when the holder dies, after which
// another worker takes the webhook and resends what was not recorded (at-least-once).
// Times are the database's clock, the one clock every worker shares.
import type { Db, Tx } from "@/lib/infra/db/db";

type Sql = Db | Tx;

/**
 * Leases up to `limit` webhooks that have a delivery due and no live lease, least recently
 * served first (a released lease keeps its release time), so a webhook with a backlog
 * cannot keep others waiting. `owner` must be new for every call: renewals and the
 * release only act while it still holds. Returns the leased webhook ids.
 */
export async function claimWebhooks(
  db: Sql,
  opts: { owner: string; leaseMs: number; limit: number },
): Promise<string[]> {
  if (opts.limit <= 0) return [];
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE "Webhook" AS w
    SET "leaseOwner" = ${opts.owner}, "leaseUntil" = now() + (${opts.leaseMs}::int * interval '1 millisecond')
    FROM (
      SELECT c."id" FROM "Webhook" c
      WHERE (c."leaseOwner" IS NULL OR c."leaseUntil" < now())
        AND EXISTS (
          SELECT 1 FROM "WebhookDelivery" d
          WHERE d."webhookId" = c."id" AND d."status" = 'pending' AND d."nextAttemptAt" <= now()
        )
      ORDER BY c."leaseUntil" ASC NULLS FIRST, c."id"
      LIMIT ${opts.limit}::int
      FOR UPDATE OF c SKIP LOCKED
    ) AS pick
    WHERE w."id" = pick."id"
    RETURNING w."id"`;
  return rows.map((r) => r.id);
}

/**
 * Takes one webhook's lease if it is free (the test send, which must not overlap a worker's
 * delivery). True when taken.
 */
export async function leaseWebhook(
  db: Sql,
  opts: { webhookId: string; owner: string; leaseMs: number },
): Promise<boolean> {
  const n = await db.$executeRaw`
    UPDATE "Webhook" SET "leaseOwner" = ${opts.owner}, "leaseUntil" = now() + (${opts.leaseMs}::int * interval '1 millisecond')
    WHERE "id" = ${opts.webhookId}::uuid AND ("leaseOwner" IS NULL OR "leaseUntil" < now())`;
  return n > 0;
}

/** Extends a held lease; false when it was lost (lapsed and taken by another worker). */
export async function renewLease(
  db: Sql,
  opts: { webhookId: string; owner: string; leaseMs: number },
): Promise<boolean> {
  const n = await db.$executeRaw`
    UPDATE "Webhook" SET "leaseUntil" = now() + (${opts.leaseMs}::int * interval '1 millisecond')
    WHERE "id" = ${opts.webhookId}::uuid AND "leaseOwner" = ${opts.owner}`;
  return n > 0;
}

/** Gives a lease back at once; the release time orders the webhook last for the next claims. */
export async function releaseLease(db: Sql, opts: { webhookId: string; owner: string }): Promise<void> {
  await db.$executeRaw`
    UPDATE "Webhook" SET "leaseOwner" = NULL, "leaseUntil" = now()
    WHERE "id" = ${opts.webhookId}::uuid AND "leaseOwner" = ${opts.owner}`;
}

/** What decides whether a webhook's deliveries may go out, as of a moment. */
export interface WebhookGate {
  webhookUpdatedAt: Date;
  pausedAt: Date | null;
  deletedAt: Date | null;
  apiAccess: boolean;
  trial: boolean;
  trialEndsAt: Date | null;
}

export interface ReadyDelivery extends WebhookGate {
  id: string;
  agencyId: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  attempts: number;
  firstFailureAt: Date | null;
  /** when the delivery became due (the worker's lag is measured from it) */
  nextAttemptAt: Date;
  body: string;
  url: string;
}

/**
 * The webhook's oldest deliveries that are due, with their event bodies and the webhook's
 * gate (paused or deleted, the agency's API access). A delivery waiting for a later retry
 * is not due, so it never holds back the ones after it.
 *
 * Ordered by createdAt alone so the (webhookId, status, createdAt) index serves it and only
 * pending rows are read; a tie-break on id would steer the planner to an index that walks the
 * webhook's whole delivery history first. Events of the same millisecond have no order to keep.
 */
export async function nextReadyDeliveries(db: Sql, webhookId: string, limit: number): Promise<ReadyDelivery[]> {
  return db.$queryRaw<ReadyDelivery[]>`
    SELECT d."id", d."agencyId", d."webhookId", d."eventId", d."eventType", d."attempts", d."firstFailureAt", d."nextAttemptAt",
           e."body", w."url", w."updatedAt" AS "webhookUpdatedAt", w."pausedAt", w."deletedAt",
           a."apiAccess", a."trial", a."trialEndsAt"
    FROM "WebhookDelivery" d
    JOIN "Event" e ON e."id" = d."eventId"
    JOIN "Webhook" w ON w."id" = d."webhookId"
    JOIN "Agency" a ON a."id" = d."agencyId"
    WHERE d."webhookId" = ${webhookId}::uuid AND d."status" = 'pending' AND d."nextAttemptAt" <= now()
    ORDER BY d."createdAt"
    LIMIT ${limit}::int`;
}

export async function nextReadyDelivery(db: Sql, webhookId: string): Promise<ReadyDelivery | null> {
  return (await nextReadyDeliveries(db, webhookId, 1))[0] ?? null;
}
