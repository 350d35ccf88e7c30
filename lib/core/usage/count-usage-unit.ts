// Counts one access link toward the agency's monthly allowance, inside the create's
// transaction and as its last statement, so a create that fails, rolls back or dies with its
// process counts nothing: the unit and the request commit together or not at all.
// One conditional UPDATE decides and counts. PostgreSQL re-checks its WHERE on the newest row
// version when two creates of one agency run it at once, so no two take the last unit, and
// the counter row stays locked only from that statement to the commit right after it.
// The rule is decideUsage's (lib/core/domain/usage.ts), written in SQL; the tests of
// concurrent creates hold the two to the same limits.
import type { Tx } from "@/lib/infra/db/db";
import { usagePeriod, type UsageKind } from "@/lib/core/domain/usage";
import { ApiError } from "@/lib/core/common/api-error";

async function takeUnit(tx: Tx, agencyId: string, kind: UsageKind, period: string) {
  // a client link under overage billing is always allowed and billed once `included`
  // (default: the client limit) is used up; otherwise the link is allowed while under the
  // kind's limit (no limit: always)
  const rows = await tx.$queryRaw<{ billable: boolean }[]>`
    UPDATE "UsageCounter" AS u
    SET "used" = u."used" + 1,
        "billableUnits" = u."billableUnits" + CASE
          WHEN u."kind" = 'client' AND a."overageEnabled" AND COALESCE(a."overageIncluded", a."clientLimit") IS NOT NULL
            AND u."used" >= COALESCE(a."overageIncluded", a."clientLimit") THEN 1 ELSE 0 END,
        "updatedAt" = now()
    FROM "Agency" AS a
    WHERE a."id" = ${agencyId}::uuid AND u."agencyId" = a."id" AND u."period" = ${period}
      AND u."kind" = ${kind}::"UsageKind"
      AND (
        (u."kind" = 'client' AND a."overageEnabled")
        OR (CASE WHEN u."kind" = 'client' THEN a."clientLimit" ELSE a."prospectLimit" END) IS NULL
        OR u."used" < (CASE WHEN u."kind" = 'client' THEN a."clientLimit" ELSE a."prospectLimit" END)
      )
    RETURNING (u."kind" = 'client' AND a."overageEnabled" AND COALESCE(a."overageIncluded", a."clientLimit") IS NOT NULL
      AND u."used" - 1 >= COALESCE(a."overageIncluded", a."clientLimit")) AS "billable"`;
  return rows[0] ?? null;
}

export async function countUsageUnit(
  tx: Tx,
  opts: { agencyId: string; kind: UsageKind; now?: Date },
): Promise<{ billable: boolean }> {
  const period = usagePeriod(opts.now ?? new Date()).key;
  let taken = await takeUnit(tx, opts.agencyId, opts.kind, period);
  if (!taken) {
    // The month's first link has no counter row yet, or the limit is reached. The INSERT
    // waits for a concurrent first create's insert to commit; the second UPDATE, a new
    // statement, then sees that row either way.
    await tx.$executeRaw`
      INSERT INTO "UsageCounter" ("id", "agencyId", "period", "kind", "used", "billableUnits", "updatedAt")
      VALUES (gen_random_uuid(), ${opts.agencyId}::uuid, ${period}, ${opts.kind}::"UsageKind", 0, 0, now())
      ON CONFLICT ("agencyId", "period", "kind") DO NOTHING`;
    taken = await takeUnit(tx, opts.agencyId, opts.kind, period);
  }
  if (!taken) {
    throw new ApiError(
      "PLAN_LIMIT_REACHED",
      `This month's ${opts.kind === "client" ? "client" : "prospect"} access-link allowance is used up; upgrade the plan or wait for next month.`,
    );
  }
  return { billable: taken.billable };
}
