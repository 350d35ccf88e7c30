// Lists the agency's requests oldest first, keyset-paginated, with their services in the
// same query (loadRequestPage). The status filter applies the deadline (status=expired includes open
// requests past expiresAt; pending/in_progress exclude them). Demo requests never appear.
import { decodeCursor, pageOf } from "@/lib/core/common/cursor";
import type { TListRequestsQuery } from "@/lib/core/requests/schemas";
import { loadRequestPage } from "@/lib/core/requests/load-request-page";
import { serializeRequest } from "@/lib/core/requests/serialize-request";

export async function listRequests(opts: { agencyId: string; query: TListRequestsQuery; now?: Date }) {
  const now = opts.now ?? new Date();
  const { limit, cursor, clientId, externalClientId, status } = opts.query;
  const filters = { clientId, externalClientId, status };
  const pos = decodeCursor(cursor, filters);
  const rows = await loadRequestPage({
    agencyId: opts.agencyId,
    clientId,
    externalClientId,
    status,
    pos,
    take: limit + 1,
    now,
  });
  const page = pageOf(rows, limit, filters);
  return { data: page.rows.map((r) => serializeRequest(r, now)), nextCursor: page.nextCursor };
}
