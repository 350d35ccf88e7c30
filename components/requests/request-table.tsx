"use client";
// A table of requests (dashboard view): client, status, per-request progress, services and
// dates, each row linking to its detail page. Used by the requests list and client detail.
import Link from "next/link";
import type { TDashboardRequest } from "@/lib/surfaces/dashboard/requests/dashboard-request-view";
import { Badge } from "@/components/ui/badge";
import { ProgressBar } from "@/components/ui/progress-bar";
import { DateTime } from "@/components/ui/date-time";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";

export function RequestTable({
  rows,
  showClient = true,
  caption = "Access requests",
}: {
  rows: TDashboardRequest[];
  showClient?: boolean;
  caption?: string;
}) {
  return (
    <Table caption={caption}>
      <THead>
        <tr>
          {showClient ? <Th>Client</Th> : <Th>Request</Th>}
          <Th>Status</Th>
          <Th>Progress</Th>
          <Th>Services</Th>
          <Th>Created</Th>
        </tr>
      </THead>
      <TBody>
        {rows.map((r) => (
          <Tr key={r.id} data-testid="request-row" data-request-id={r.id}>
            <Td>
              <Link href={`/dashboard/requests/${r.id}`} className="font-medium text-indigo-700 hover:underline">
                {showClient ? (
                  r.client.name
                ) : (
                  <>
                    Request of <DateTime value={r.createdAt} style="date" />
                  </>
                )}
              </Link>
              {showClient ? (
                <span className="block text-xs text-slate-600">
                  {r.client.email}
                  {r.externalClientId ? ` · ${r.externalClientId}` : ""}
                  {r.client.isProspect ? " · prospect" : ""}
                </span>
              ) : null}
            </Td>
            <Td label="Status">
              <Badge status={r.status} />
            </Td>
            <Td label="Progress">
              <ProgressBar
                done={r.progress.done}
                total={r.progress.total}
                label={`Progress of the request for ${r.client.name}`}
              />
            </Td>
            <Td label="Services" className="max-w-xs">
              <span className="line-clamp-2 text-slate-700">
                {r.services.map((s) => s.name).join(", ") || (r.intakeForm.requested ? "Intake form only" : "—")}
              </span>
            </Td>
            <Td label="Created" className="whitespace-nowrap text-slate-600">
              <DateTime value={r.createdAt} />
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
