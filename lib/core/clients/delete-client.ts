// Deletes one of the agency's clients and the personal data hanging off it, in one
// transaction: the client, its requests with their services, intake answers and sign-in
// sessions (cascades), its staff notes, and the events, queued emails and team notifications
// that name it or its requests (their bodies carry the client's name and email). The usage
// counters are per agency and month with no link to the client, so the anonymised counts of
// what was used stay. No webhook event is sent: the spec has no `client.deleted` (see README).

import { inTransaction } from "@/lib/infra/db/transaction";
import { notFound } from "@/lib/core/common/api-error";
import { UUID } from "@/lib/core/common/uuid";

export interface DeletedClient {
  id: string;
  requests: number;
}

export async function deleteClient(opts: { agencyId: string; id: string }): Promise<DeletedClient> {
  if (!UUID.test(opts.id)) throw notFound("Client");
  return inTransaction(
    async (tx) => {
      const client = await tx.client.findUnique({
        where: { id: opts.id, agencyId: opts.agencyId },
        select: { id: true },
      });
      if (!client) throw notFound("Client");
      const requestIds = (
        await tx.accessRequest.findMany({
          where: { agencyId: opts.agencyId, clientId: client.id },
          select: { id: true },
        })
      ).map((r) => r.id);
      // Events of its requests, and client.created (no request id) whose body names the client.
      await tx.event.deleteMany({
        where: {
          agencyId: opts.agencyId,
          OR: [{ requestId: { in: requestIds } }, { requestId: null, body: { contains: `"id":"${client.id}"` } }],
        },
      });
      await tx.email.deleteMany({ where: { agencyId: opts.agencyId, requestId: { in: requestIds } } });
      await tx.notification.deleteMany({
        where: { agencyId: opts.agencyId, OR: [{ clientId: client.id }, { requestId: { in: requestIds } }] },
      });
      await tx.client.delete({ where: { id: client.id } });
      return { id: client.id, requests: requestIds.length };
    },
    { timeout: 30_000 },
  );
}
