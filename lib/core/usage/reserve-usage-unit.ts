// Takes one unit of the agency's monthly allowance in its own short statement, before the
// create's transaction, so concurrent creates of one agency do not wait for each other:
// the counter row is locked only while that one UPDATE runs, not from the count until the
// create commits. The UPDATE is conditional on the limit (PostgreSQL re-checks the
// condition on the newest row version when two run at once), so the allowance stays exact.
// A create that fails gives its unit back (`release`); an idempotent replay does too, since
// the first call's unit stands for it.
// When no unit can be reserved (the limit is reached, the client is not found), the create
// counts in its own transaction under the row lock as before (`countUsageUnit`): exact and
// rare, and a replay of a create that took the last unit still replays instead of failing.
import { getDb } from "@/lib/infra/db/db";
import { log } from "@/lib/infra/log";
import { usagePeriod, type UsageKind } from "@/lib/core/domain/usage";

export interface UsageReservation {
  agencyId: string;
  period: string;
  kind: UsageKind;
  billable: boolean;
  /** Set by countUsageUnit when the create counted this unit; a unit never counted is given back. */
  consumed: boolean;
  /** Gives the unit back (the create failed or was replayed). Safe to call more than once. */
  release(): Promise<void>;
}

interface Reserved {
  kind: UsageKind;
  billable: boolean;
}

async function tryReserve(agencyId: string, clientId: string, period: string): Promise<Reserved | null> {
  const db = await getDb();
  // the rule of decideUsage (lib/core/domain/usage.ts) in SQL: a client link under overage
  // billing is always allowed and billed once `included` (default: the client limit) is used
  // up; otherwise the link is allowed while under the kind's limit (no limit: always)
  const rows = await db.$queryRaw<{ kind: UsageKind; billable: boolean }[]>`
    UPDATE "UsageCounter" AS u
    SET "used" = u."used" + 1,
        "billableUnits" = u."billableUnits" + CASE
          WHEN u."kind" = 'client' AND a."overageEnabled" AND COALESCE(a."overageIncluded", a."clientLimit") IS NOT NULL
            AND u."used" >= COALESCE(a."overageIncluded", a."clientLimit") THEN 1 ELSE 0 END,
        "updatedAt" = now()
    FROM "Agency" AS a, "Client" AS c
    WHERE a."id" = ${agencyId}::uuid AND c."id" = ${clientId}::uuid AND c."agencyId" = a."id"
      AND u."agencyId" = a."id" AND u."period" = ${period}
      AND u."kind" = (CASE WHEN c."isProspect" THEN 'prospect' ELSE 'client' END)::"UsageKind"
      AND (
        (u."kind" = 'client' AND a."overageEnabled")
        OR (CASE WHEN u."kind" = 'client' THEN a."clientLimit" ELSE a."prospectLimit" END) IS NULL
        OR u."used" < (CASE WHEN u."kind" = 'client' THEN a."clientLimit" ELSE a."prospectLimit" END)
      )
    RETURNING u."kind"::text AS "kind",
      (u."kind" = 'client' AND a."overageEnabled" AND COALESCE(a."overageIncluded", a."clientLimit") IS NOT NULL
        AND u."used" - 1 >= COALESCE(a."overageIncluded", a."clientLimit")) AS "billable"`;
  return rows[0] ?? null;
}

/**
 * Reserves one unit for a create of a request for `clientId`, or returns null when none
 * could be reserved (limit reached, unknown client): the create then counts in its
 * transaction, which decides exactly and refuses with PLAN_LIMIT_REACHED.
 */
export async function reserveUsageUnit(opts: {
  agencyId: string;
  clientId: string;
  now?: Date;
}): Promise<UsageReservation | null> {
  const period = usagePeriod(opts.now ?? new Date()).key;
  let reserved = await tryReserve(opts.agencyId, opts.clientId, period);
  if (!reserved) {
    // the month's first create (no counter row yet), or a refusal: make sure the row exists, once more
    const db = await getDb();
    const client = await db.client.findFirst({
      where: { id: opts.clientId, agencyId: opts.agencyId },
      select: { isProspect: true },
    });
    if (!client) return null;
    const kind: UsageKind = client.isProspect ? "prospect" : "client";
    const created = await db.$executeRaw`
      INSERT INTO "UsageCounter" ("id", "agencyId", "period", "kind", "used", "billableUnits", "updatedAt")
      VALUES (gen_random_uuid(), ${opts.agencyId}::uuid, ${period}, ${kind}::"UsageKind", 0, 0, now())
      ON CONFLICT ("agencyId", "period", "kind") DO NOTHING`;
    if (created === 0) return null;
    reserved = await tryReserve(opts.agencyId, opts.clientId, period);
    if (!reserved) return null;
  }
  let released = false;
  const { kind, billable } = reserved;
  return {
    agencyId: opts.agencyId,
    period,
    kind,
    billable,
    consumed: false,
    release: async () => {
      if (released) return;
      released = true;
      const db = await getDb();
      await db.$executeRaw`
        UPDATE "UsageCounter"
        SET "used" = "used" - 1, "billableUnits" = "billableUnits" - ${billable ? 1 : 0}, "updatedAt" = now()
        WHERE "agencyId" = ${opts.agencyId}::uuid AND "period" = ${period} AND "kind" = ${kind}::"UsageKind" AND "used" > 0`;
    },
  };
}

/**
 * Runs `create` with a unit reserved beforehand (or null, see reserveUsageUnit) and gives
 * the unit back when `create` throws or did not count it (an idempotent replay, a demo).
 */
export async function withUsageReservation<T>(
  opts: { agencyId: string; clientId: string; now?: Date },
  create: (reservation: UsageReservation | null) => Promise<T>,
): Promise<T> {
  const reservation = await reserveUsageUnit(opts);
  let result: T;
  try {
    result = await create(reservation);
  } catch (err) {
    await giveBack(reservation);
    throw err;
  }
  if (reservation && !reservation.consumed) await giveBack(reservation);
  return result;
}

async function giveBack(reservation: UsageReservation | null) {
  try {
    await reservation?.release();
  } catch (err) {
    // the unit stays counted (the agency is under-served by one until the month ends): say so
    log().error(
      { err, agencyId: reservation?.agencyId, kind: reservation?.kind },
      "usage unit could not be given back",
    );
  }
}
