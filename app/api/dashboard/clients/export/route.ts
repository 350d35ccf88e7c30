// CSV export of the clients list with the page's filters (search, clients or prospects).
import { csvResponse } from "@/lib/surfaces/dashboard/csv";
import { exportClientsCsv, ZExportClientsQuery } from "@/lib/surfaces/dashboard/export-lists";
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";

export const dynamic = "force-dynamic";

export const GET = withDashboard(
  "read",
  async ({ ctx, query }) =>
    csvResponse(
      `clients-${new Date().toISOString().slice(0, 10)}.csv`,
      await exportClientsCsv({ agencyId: ctx.agencyId, query }),
    ),
  { query: ZExportClientsQuery },
);
