// Counts one access link toward the agency's monthly allowance, inside the caller's
// transaction. The counter row is locked (FOR UPDATE), so concurrent creates are exact:
// no two take the last unit. Refusal throws PLAN_LIMIT_REACHED and rolls everything back.
// When the caller reserved the unit before its transaction (reserveUsageUnit), the count is
// already made and nothing here locks; the caller gives the unit back if the create fails.
import type { UsageReservation } from "@/lib/core/usage/reserve-usage-unit";
import type { Tx } from "@/lib/infra/db/db";
import { decideUsage, usagePeriod, type UsageKind } from "@/lib/core/domain/usage";
import { ApiError } from "@/lib/core/common/api-error";

export async function countUsageUnit(
  tx: Tx,
  opts: { agencyId: string; kind: UsageKind; now?: Date; reservation?: UsageReservation | null },
): Promise<{ billable: boolean }> {
  const period = usagePeriod(opts.now ?? new Date()).key;
  const r = opts.reservation;
  if (r && r.agencyId === opts.agencyId && r.kind === opts.kind && r.period === period) {
    r.consumed = true;
    return { billable: r.billable };
  }
  // the plan is read before the counter is locked, so the lock is held for as few statements as can be
  const agency = await tx.agency.findUniqueOrThrow({
    where: { id: opts.agencyId },
    select: { clientLimit: true, prospectLimit: true, overageEnabled: true, overageIncluded: true },
  });
  await tx.$executeRaw`
    INSERT INTO "UsageCounter" ("id", "agencyId", "period", "kind", "used", "billableUnits", "updatedAt")
    VALUES (gen_random_uuid(), ${opts.agencyId}::uuid, ${period}, ${opts.kind}::"UsageKind", 0, 0, now())
    ON CONFLICT ("agencyId", "period", "kind") DO NOTHING`;
  const [counter] = await tx.$queryRaw<{ id: string; used: number }[]>`
    SELECT "id", "used" FROM "UsageCounter" WHERE "agencyId" = ${opts.agencyId}::uuid AND "period" = ${period} AND "kind" = ${opts.kind}::"UsageKind" FOR UPDATE`;
  const decision = decideUsage({
    kind: opts.kind,
    used: counter!.used,
    limit: opts.kind === "client" ? agency.clientLimit : agency.prospectLimit,
    overageEnabled: agency.overageEnabled,
    included: agency.overageIncluded,
  });
  if (!decision.allowed) {
    throw new ApiError(
      "PLAN_LIMIT_REACHED",
      `This month's ${opts.kind === "client" ? "client" : "prospect"} access-link allowance is used up; upgrade the plan or wait for next month.`,
    );
  }
  await tx.usageCounter.update({
    where: { id: counter!.id },
    data: { used: { increment: 1 }, ...(decision.billable ? { billableUnits: { increment: 1 } } : {}) },
  });
  return { billable: decision.billable };
}
