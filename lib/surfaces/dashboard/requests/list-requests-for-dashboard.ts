// The dashboard's request list: newest first, keyset-paginated, filtered by status (with
// the deadline applied, as the API does) and client, and searched by the client's name,
// email or externalClientId. Demo requests never appear.
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "@/lib/infra/db/db";
import { ZLimit } from "@/lib/core/clients/schemas";
import { beforeCursor, decodeCursor, pageOf } from "@/lib/core/common/cursor";
import { statusWhere } from "@/lib/core/requests/list-requests";
import { REQUEST_STATUSES } from "@/lib/core/requests/schemas";
import { dashboardRequestInclude, serializeDashboardRequest } from "@/lib/surfaces/dashboard/requests/dashboard-request-view";

export const ZDashboardRequestsQuery = z.strictObject({
  limit: ZLimit.default(25),
  cursor: z.string().max(500).optional(),
  status: z.enum(REQUEST_STATUSES, { error: `status must be one of ${REQUEST_STATUSES.join(", ")}.` }).optional(),
  clientId: z.uuid({ error: "clientId must be a uuid." }).optional(),
  search: z.string().trim().max(200, "search must be at most 200 characters.").optional(),
});
export type TDashboardRequestsQuery = z.infer<typeof ZDashboardRequestsQuery>;

export function searchWhere(search: string | undefined): Prisma.AccessRequestWhereInput {
  const s = search?.trim();
  if (!s) return {};
  return {
    client: {
      OR: [
        { name: { contains: s, mode: "insensitive" } },
        { emailNormalized: { contains: s.toLowerCase() } },
        { externalClientId: { contains: s, mode: "insensitive" } },
        { company: { contains: s, mode: "insensitive" } },
      ],
    },
  };
}

export async function listRequestsForDashboard(opts: { agencyId: string; query: TDashboardRequestsQuery; now?: Date }) {
  const now = opts.now ?? new Date();
  const { limit, cursor, status, clientId } = opts.query;
  const search = opts.query.search?.trim() || undefined;
  const filters = { status, clientId, search, order: "desc" };
  const pos = decodeCursor(cursor, filters);
  const db = await getDb();
  const rows = await db.accessRequest.findMany({
    where: {
      agencyId: opts.agencyId,
      isDemo: false,
      ...(clientId ? { clientId } : {}),
      AND: [statusWhere(status, now), searchWhere(search), beforeCursor(pos)],
    },
    include: dashboardRequestInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = pageOf(rows, limit, filters);
  return { data: page.rows.map((r) => serializeDashboardRequest(r, now)), nextCursor: page.nextCursor };
}
