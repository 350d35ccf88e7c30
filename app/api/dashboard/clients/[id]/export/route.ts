// One client's access as CSV: a row per granted asset.
import { csvResponse } from "@/lib/surfaces/dashboard/csv";
import { exportClientAccessCsv } from "@/lib/surfaces/dashboard/get-client-profile";
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";

export const dynamic = "force-dynamic";

export const GET = withDashboard(
  "read",
  async ({ ctx, params }) => {
    const { filename, body } = await exportClientAccessCsv({ agencyId: ctx.agencyId, id: params.id });
    return csvResponse(filename, body);
  },
  { uuidParams: ["id"] },
);
