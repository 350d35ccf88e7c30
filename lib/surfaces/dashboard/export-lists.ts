// CSV exports of the dashboard's clients and requests lists with the filters the page has
// on, newest first, at most EXPORT_MAX_ROWS rows (the file says so when it is cut).
import { z } from "zod";
import { listClientsForDashboard, ZDashboardClientsQuery } from "@/lib/surfaces/dashboard/clients-query";
import {
  listRequestsForDashboard,
  ZDashboardRequestsQuery,
} from "@/lib/surfaces/dashboard/requests/list-requests-for-dashboard";
import { toCsv } from "@/lib/surfaces/dashboard/csv";

export const EXPORT_MAX_ROWS = 10_000;
const PAGE = 100;

export const ZExportRequestsQuery = ZDashboardRequestsQuery.omit({ limit: true, cursor: true });
export const ZExportClientsQuery = ZDashboardClientsQuery.omit({ limit: true, cursor: true });

export async function exportRequestsCsv(opts: {
  agencyId: string;
  query: z.infer<typeof ZExportRequestsQuery>;
  now?: Date;
}): Promise<string> {
  const rows: (string | number | null)[][] = [];
  let cursor: string | undefined;
  let cut = false;
  do {
    const page = await listRequestsForDashboard({
      agencyId: opts.agencyId,
      query: { ...opts.query, limit: PAGE, cursor },
      now: opts.now,
    });
    for (const r of page.data) {
      if (rows.length >= EXPORT_MAX_ROWS) {
        cut = true;
        break;
      }
      rows.push([
        r.id,
        r.client.name,
        r.client.email,
        r.client.company,
        r.status,
        `${r.progress.done}/${r.progress.total}`,
        r.services.map((s) => `${s.name} (${s.status})`).join("; "),
        r.createdAt,
        r.completedAt,
        r.expiresAt,
        r.inviteUrl,
      ]);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor && !cut);
  if (cut) rows.push([`Cut at ${EXPORT_MAX_ROWS} rows: narrow the filters to export the rest.`]);
  return toCsv(
    [
      "id",
      "client",
      "client email",
      "company",
      "status",
      "progress",
      "services",
      "created at",
      "completed at",
      "expires at",
      "invite url",
    ],
    rows,
  );
}

export async function exportClientsCsv(opts: {
  agencyId: string;
  query: z.infer<typeof ZExportClientsQuery>;
}): Promise<string> {
  const rows: (string | null)[][] = [];
  let cursor: string | undefined;
  let cut = false;
  do {
    const page = await listClientsForDashboard({
      agencyId: opts.agencyId,
      query: { ...opts.query, limit: PAGE, cursor },
    });
    for (const c of page.data) {
      if (rows.length >= EXPORT_MAX_ROWS) {
        cut = true;
        break;
      }
      rows.push([c.id, c.name, c.email, c.company, c.website, c.language, c.externalClientId, c.createdAt]);
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor && !cut);
  if (cut) rows.push([`Cut at ${EXPORT_MAX_ROWS} rows: narrow the filters to export the rest.`]);
  return toCsv(["id", "name", "email", "company", "website", "language", "external client id", "created at"], rows);
}
