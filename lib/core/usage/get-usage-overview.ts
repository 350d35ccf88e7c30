// Everything the dashboard's usage page shows at once: this month's usage (GET /usage's
// shape), the plan record with trial state, and the daily history for the chart.
import { serializeAgency, type SerializedAgency } from "@/lib/core/agencies/serialize-agency";
import { getDb } from "@/lib/infra/db/db";
import type { UsageView } from "@/lib/core/domain/usage";
import { notFound } from "@/lib/core/common/api-error";
import { getUsage } from "@/lib/core/usage/get-usage";
import { usageHistory, type UsageHistory } from "@/lib/core/usage/usage-history";

export interface UsageOverview {
  usage: UsageView;
  history: UsageHistory;
  agency: SerializedAgency & { billingPeriod: string | null };
}

export async function getUsageOverview({
  agencyId,
  now = new Date(),
}: {
  agencyId: string;
  now?: Date;
}): Promise<UsageOverview> {
  const db = await getDb();
  const agency = await db.agency.findUnique({ where: { id: agencyId } });
  if (!agency) throw notFound("Agency");
  const [usage, history] = await Promise.all([getUsage({ agencyId, now }), usageHistory({ agencyId, now })]);
  return { usage, history, agency: { ...serializeAgency(agency), billingPeriod: agency.billingPeriod } };
}
