// Dashboard read: this month's usage, the plan and trial state, and the daily history.
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { getUsageOverview } from "@/lib/core/usage/get-usage-overview";

export const GET = withDashboard("read", async ({ ctx }) => ({
  data: await getUsageOverview({ agencyId: ctx.agencyId }),
}));
