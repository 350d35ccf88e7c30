// The audit log as CSV, with the page's filters, newest first (at most 10,000 rows).
import { listAudit, type TAuditFilters } from "@/lib/core/audit/list-audit";
import { toCsv } from "@/lib/surfaces/dashboard/csv";

export async function exportAuditCsv(opts: { agencyId: string; filters: TAuditFilters }): Promise<string> {
  const rows = await listAudit({ agencyId: opts.agencyId, filters: opts.filters, limit: 10_000 });
  return toCsv(
    ["time", "actor", "address", "action", "target", "changes"],
    rows.map((r) => [r.createdAt, r.actorEmail, r.address, r.action, r.target, JSON.stringify(r.changes)]),
  );
}
