// CSV export of the requests list with the page's filters (status, client, search).
import { csvResponse } from "@/lib/surfaces/dashboard/csv";
import { exportRequestsCsv, ZExportRequestsQuery } from "@/lib/surfaces/dashboard/export-lists";
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";

export const dynamic = "force-dynamic";

export const GET = withDashboard(
  "read",
  async ({ ctx, query }) =>
    csvResponse(
      `requests-${new Date().toISOString().slice(0, 10)}.csv`,
      await exportRequestsCsv({ agencyId: ctx.agencyId, query }),
    ),
  { query: ZExportRequestsQuery },
);
