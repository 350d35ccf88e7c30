// Dashboard request detail (TanStack Query): services, intake answers and the timeline.
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";

export const dynamic = "force-dynamic";

export const GET = withDashboard(
  "read",
  async ({ ctx, params }) => ({ data: await getRequestForDashboard({ agencyId: ctx.agencyId, id: params.id }) }),
  {
    uuidParams: ["id"],
  },
);
