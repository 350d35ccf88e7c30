// Loads one of the agency's requests with its services, serialized; 404 otherwise.
import { getDb, type Tx } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";
import { loadRequestPage } from "@/lib/core/requests/load-request-page";
import { requestInclude, serializeRequest } from "@/lib/core/requests/serialize-request";

export async function getRequestRowOrThrow(opts: { agencyId: string; id: string; tx?: Tx; includeDemo?: boolean }) {
  const db = opts.tx ?? (await getDb());
  // findUnique (on the primary key, with the tenancy filters alongside) rather than findFirst:
  // Prisma batches concurrent findUnique calls into one query per relation.
  const row = await db.accessRequest.findUnique({
    where: { id: opts.id, agencyId: opts.agencyId, ...(opts.includeDemo ? {} : { isDemo: false }) },
    include: requestInclude,
  });
  if (!row) throw notFound("Request");
  return row;
}

/** The Request object in one query (loadRequestPage), for reads that need no full row. */
export async function getRequestOrThrow(opts: { agencyId: string; id: string; tx?: Tx; includeDemo?: boolean }) {
  const [row] = await loadRequestPage({
    agencyId: opts.agencyId,
    id: opts.id,
    includeDemo: opts.includeDemo,
    tx: opts.tx,
    take: 1,
  });
  if (!row) throw notFound("Request");
  return serializeRequest(row);
}
