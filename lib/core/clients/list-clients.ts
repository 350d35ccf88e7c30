// Lists the agency's clients and prospects, oldest first, keyset-paginated.
import { getDb } from "@/lib/infra/db/db";
import type { TListClientsQuery } from "@/lib/core/clients/schemas";
import { serializeClient } from "@/lib/core/clients/serialize-client";
import { afterCursor, decodeCursor, pageOf } from "@/lib/core/common/cursor";

export async function listClients(opts: {
  agencyId: string;
  query: TListClientsQuery;
  search?: string;
  prospects?: boolean;
}) {
  const { limit, cursor, externalClientId, email } = opts.query;
  const filters = { externalClientId, email: email?.toLowerCase(), search: opts.search, prospects: opts.prospects };
  const pos = decodeCursor(cursor, filters);
  const db = await getDb();
  const search = opts.search?.trim();
  const rows = await db.client.findMany({
    where: {
      agencyId: opts.agencyId,
      ...(externalClientId !== undefined ? { externalClientId } : {}),
      ...(email !== undefined ? { emailNormalized: email.toLowerCase() } : {}),
      ...(opts.prospects !== undefined ? { isProspect: opts.prospects } : {}),
      ...(search
        ? {
            OR: [
              { name: { contains: search, mode: "insensitive" as const } },
              { emailNormalized: { contains: search.toLowerCase() } },
              { company: { contains: search, mode: "insensitive" as const } },
              { externalClientId: { contains: search } },
            ],
          }
        : {}),
      ...afterCursor(pos),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit + 1,
  });
  const page = pageOf(rows, limit, filters);
  return { data: page.rows.map(serializeClient), nextCursor: page.nextCursor };
}
