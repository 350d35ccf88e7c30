// Dashboard client detail (TanStack Query).
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { getClientForDashboard } from "@/lib/surfaces/dashboard/get-client-for-dashboard";

export const dynamic = "force-dynamic";

export const GET = withDashboard(
  "read",
  async ({ ctx, params }) => ({ data: await getClientForDashboard({ agencyId: ctx.agencyId, id: params.id }) }),
  {
    uuidParams: ["id"],
  },
);
