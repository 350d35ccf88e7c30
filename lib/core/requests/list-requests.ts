// Lists the agency's requests oldest first, keyset-paginated, with their services in the
// same round trip. The status filter applies the deadline (status=expired includes open
// requests past expiresAt; pending/in_progress exclude them). Demo requests never appear.
import { getDb } from "@/lib/infra/db/db";
import type { Prisma } from "@/generated/prisma/client";
import { afterCursor, decodeCursor, pageOf } from "@/lib/core/common/cursor";
import type { TListRequestsQuery } from "@/lib/core/requests/schemas";
import { requestInclude, serializeRequest } from "@/lib/core/requests/serialize-request";

export function statusWhere(status: TListRequestsQuery["status"], now: Date): Prisma.AccessRequestWhereInput {
  if (!status) return {};
  const open: Prisma.AccessRequestWhereInput = { status: { in: ["pending", "in_progress"] } };
  const notPast = { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
  if (status === "expired") return { OR: [{ status: "expired" }, { ...open, expiresAt: { lte: now } }] };
  if (status === "pending" || status === "in_progress") return { AND: [{ status }, notPast] };
  return { status };
}

export async function listRequests(opts: { agencyId: string; query: TListRequestsQuery; now?: Date }) {
  const now = opts.now ?? new Date();
  const { limit, cursor, clientId, externalClientId, status } = opts.query;
  const filters = { clientId, externalClientId, status };
  const pos = decodeCursor(cursor, filters);
  const db = await getDb();
  const rows = await db.accessRequest.findMany({
    where: {
      agencyId: opts.agencyId,
      isDemo: false,
      ...(clientId ? { clientId } : {}),
      ...(externalClientId !== undefined ? { client: { externalClientId } } : {}),
      AND: [statusWhere(status, now), afterCursor(pos)],
    },
    include: requestInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit + 1,
  });
  const page = pageOf(rows, limit, filters);
  return { data: page.rows.map((r) => serializeRequest(r, now)), nextCursor: page.nextCursor };
}
