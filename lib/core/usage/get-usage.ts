// The agency's usage for the current UTC month, as GET /usage returns it.
import { getDb } from "@/lib/infra/db/db";
import { usagePeriod, usageView } from "@/lib/core/domain/usage";

export async function getUsage(opts: { agencyId: string; now?: Date }) {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const [agency, counters] = await Promise.all([
    db.agency.findUniqueOrThrow({ where: { id: opts.agencyId } }),
    db.usageCounter.findMany({ where: { agencyId: opts.agencyId, period: usagePeriod(now).key } }),
  ]);
  const client = counters.find((c) => c.kind === "client");
  const prospect = counters.find((c) => c.kind === "prospect");
  return usageView({
    plan: agency.plan,
    billingPeriod: agency.billingPeriod,
    trial: agency.trial,
    apiAccess: agency.apiAccess,
    clientLimit: agency.clientLimit,
    prospectLimit: agency.prospectLimit,
    overageEnabled: agency.overageEnabled,
    overageIncluded: agency.overageIncluded,
    clientsUsed: client?.used ?? 0,
    prospectsUsed: prospect?.used ?? 0,
    billableUnits: (client?.billableUnits ?? 0) + (prospect?.billableUnits ?? 0),
    now,
  });
}
