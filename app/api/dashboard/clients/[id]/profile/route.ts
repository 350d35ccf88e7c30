// One client's whole picture for the client page (TanStack Query).
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { getClientProfile } from "@/lib/surfaces/dashboard/get-client-profile";

export const dynamic = "force-dynamic";

export const GET = withDashboard(
  "read",
  async ({ ctx, params }) => ({ data: await getClientProfile({ agencyId: ctx.agencyId, id: params.id }) }),
  {
    uuidParams: ["id"],
  },
);
