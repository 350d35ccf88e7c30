// Dashboard read: this month's usage, the plan and trial state, and the daily history.
import { withDashboard } from "@/lib/dashboard/with-dashboard";
import { getUsageOverview } from "@/lib/usage/get-usage-overview";

export const GET = withDashboard("read", async ({ ctx }) => ({ data: await getUsageOverview({ agencyId: ctx.agencyId }) }));
