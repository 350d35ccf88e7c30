// The dashboard's request list: newest first, keyset-paginated, filtered by status (with
// the deadline applied, as the API does) and client, and searched by the client's name,
// email or externalClientId. Demo requests never appear.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { ZLimit } from "@/lib/core/clients/schemas";
import { decodeCursor, pageOf } from "@/lib/core/common/cursor";
import { loadRequestPage } from "@/lib/core/requests/load-request-page";
import { REQUEST_STATUSES } from "@/lib/core/requests/schemas";
import { serializeDashboardRequest } from "@/lib/surfaces/dashboard/requests/dashboard-request-view";

export const ZDashboardRequestsQuery = z.strictObject({
  limit: ZLimit.default(25),
  cursor: z.string().max(500).optional(),
  status: z.enum(REQUEST_STATUSES, { error: `status must be one of ${REQUEST_STATUSES.join(", ")}.` }).optional(),
  clientId: zUuid({ error: "clientId must be a uuid." }).optional(),
  search: z.string().trim().max(200, "search must be at most 200 characters.").optional(),
});
export type TDashboardRequestsQuery = z.infer<typeof ZDashboardRequestsQuery>;

export async function listRequestsForDashboard(opts: { agencyId: string; query: TDashboardRequestsQuery; now?: Date }) {
  const now = opts.now ?? new Date();
  const { limit, cursor, status, clientId } = opts.query;
  const search = opts.query.search?.trim() || undefined;
  const filters = { status, clientId, search, order: "desc" };
  const pos = decodeCursor(cursor, filters);
  // one query (loadRequestPage), newest first
  const rows = await loadRequestPage({
    agencyId: opts.agencyId,
    clientId,
    status,
    search,
    pos,
    order: "desc",
    take: limit + 1,
    now,
  });
  const page = pageOf(rows, limit, filters);
  return { data: page.rows.map((r) => serializeDashboardRequest(r, now)), nextCursor: page.nextCursor };
}
