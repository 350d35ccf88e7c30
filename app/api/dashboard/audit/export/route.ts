// CSV export of the audit log with the page's filters (Owners only).
import { csvResponse } from "@/lib/surfaces/dashboard/csv";
import { exportAuditCsv } from "@/lib/surfaces/dashboard/audit-csv";
import { ZAuditFilters } from "@/lib/core/audit/list-audit";
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";

export const dynamic = "force-dynamic";

export const GET = withDashboard(
  "audit:read",
  async ({ ctx, query }) =>
    csvResponse(
      `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
      await exportAuditCsv({ agencyId: ctx.agencyId, filters: query }),
    ),
  { query: ZAuditFilters },
);
