// The audit log (Owners only): every agency action with who, when, from which address and
// what changed, filtered by action, person and dates, exported as CSV. Kept 1 year.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { buttonClasses } from "@/components/ui/button";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { auditFiltersFrom, listAudit } from "@/lib/core/audit/list-audit";
import { describeAuditRows } from "@/lib/surfaces/dashboard/audit/describe-audit";
import { DateTime } from "@/components/ui/date-time";

export const metadata: Metadata = { title: "Audit log" };
export const dynamic = "force-dynamic";

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Faudit");
  if (!can(ctx.role, "audit:read")) {
    return (
      <>
        <PageHeader title="Audit log" />
        <p className="text-sm text-slate-700">Only owners can read the audit log.</p>
      </>
    );
  }
  const { filters, errors } = auditFiltersFrom(await searchParams);
  const rows = await describeAuditRows(ctx.agencyId, await listAudit({ agencyId: ctx.agencyId, filters, limit: 200 }));
  const query = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === "string"),
  ).toString();
  const field = (name: keyof typeof filters, label: string, type = "text", placeholder?: string) => (
    <div>
      <Label htmlFor={`audit-${name}`}>{label}</Label>
      <Input
        id={`audit-${name}`}
        name={name}
        type={type}
        placeholder={placeholder}
        defaultValue={filters[name] ?? ""}
        invalid={!!errors[name]}
        aria-describedby={errors[name] ? `audit-${name}-error` : undefined}
      />
      {errors[name] ? (
        <p id={`audit-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every action of the team, with who, when, from which address and what changed. Kept for 1 year."
        actions={
          <a className={buttonClasses("secondary")} href={`/api/dashboard/audit/export${query ? `?${query}` : ""}`}>
            Export CSV
          </a>
        }
      />
      <Card className="mb-6">
        <form method="get" className="grid items-end gap-3 sm:grid-cols-5" aria-label="Filter the audit log">
          {field("action", "Kind of action", "text", "for example request")}
          {field("actor", "Person (email)")}
          {field("from", "From", "date")}
          {field("to", "To", "date")}
          <button type="submit" className={buttonClasses("primary")}>
            Filter
          </button>
        </form>
      </Card>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-700">No entries match.</p>
      ) : (
        <Table caption="Audit log entries, newest first">
          <THead>
            <Tr>
              <Th>When</Th>
              <Th>What happened</Th>
              <Th>From</Th>
            </Tr>
          </THead>
          <TBody>
            {rows.map((r) => (
              <Tr key={r.id}>
                <Td className="whitespace-nowrap align-top">
                  <DateTime value={r.createdAt} zone />
                </Td>
                <Td className="align-top">
                  <p className="break-words" data-testid="audit-sentence">
                    {r.sentence}
                  </p>
                  <details className="mt-1 text-xs text-slate-600">
                    <summary className="cursor-pointer">Details</summary>
                    <dl className="mt-1 space-y-1">
                      <div>
                        <dt className="inline font-medium">Action: </dt>
                        <dd className="inline">
                          <code className="font-mono">{r.action}</code>
                        </dd>
                      </div>
                      {r.target ? (
                        <div>
                          <dt className="inline font-medium">About: </dt>
                          <dd className="inline break-all">
                            <code className="font-mono">{r.target}</code>
                          </dd>
                        </div>
                      ) : null}
                      <div>
                        <dt className="font-medium">What was sent</dt>
                        <dd>
                          <pre
                            tabIndex={0}
                            className="max-w-full overflow-x-auto whitespace-pre-wrap break-all font-mono"
                          >
                            {JSON.stringify(r.changes, null, 2)}
                          </pre>
                        </dd>
                      </div>
                    </dl>
                  </details>
                </Td>
                <Td className="align-top text-sm">{r.addressText}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </>
  );
}
