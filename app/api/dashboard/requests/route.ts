// Dashboard request list (TanStack Query): status filter, search, newest first.
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import {
  listRequestsForDashboard,
  ZDashboardRequestsQuery,
} from "@/lib/surfaces/dashboard/requests/list-requests-for-dashboard";

export const dynamic = "force-dynamic";

export const GET = withDashboard(
  "read",
  async ({ ctx, query }) => listRequestsForDashboard({ agencyId: ctx.agencyId, query }),
  { query: ZDashboardRequestsQuery },
);
