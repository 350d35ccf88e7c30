// The audit log as CSV, with the page's filters, newest first (at most 10,000 rows). Who acted
// is named as on the page (`describeActor`: "Ana (team)", "Lucía Gómez (client)", "Ana Ruiz,
// colleague of Lucía Gómez", "Automatically"), their email beside it when they are a member.
import { listAudit, type TAuditFilters } from "@/lib/core/audit/list-audit";
import { describeAuditRows } from "@/lib/surfaces/dashboard/audit/describe-audit";
import { toCsv } from "@/lib/surfaces/dashboard/csv";

export async function exportAuditCsv(opts: { agencyId: string; filters: TAuditFilters }): Promise<string> {
  const rows = await describeAuditRows(
    opts.agencyId,
    await listAudit({ agencyId: opts.agencyId, filters: opts.filters, limit: 10_000 }),
  );
  return toCsv(
    ["time", "actor", "actor email", "address", "what happened", "action", "target", "changes"],
    rows.map((r) => [
      r.createdAt,
      r.actor.byline,
      r.actorEmail,
      r.address,
      r.sentence,
      r.action,
      r.target,
      JSON.stringify(r.changes),
    ]),
  );
}
