// Deletes one of the agency's prospects (a client made by a visitor of the static link)
// with its requests, for junk sign-ups. Only prospects: a client the agency made itself is
// never deleted here. The prospect's usage unit is not returned: the counter records the
// access links issued this month (request.created was already sent for each), and the
// static link's own defences keep junk from using many units in the first place.
import { inTransaction } from "@/lib/infra/db/transaction";
import { notFound } from "@/lib/core/common/api-error";

export async function deleteProspect(opts: {
  agencyId: string;
  id: string;
}): Promise<{ id: string; deletedRequests: number }> {
  return inTransaction(async (tx) => {
    const prospect = await tx.client.findFirst({
      where: { id: opts.id, agencyId: opts.agencyId, isProspect: true },
      select: { id: true },
    });
    if (!prospect) throw notFound("Prospect");
    const requests = await tx.accessRequest.deleteMany({ where: { agencyId: opts.agencyId, clientId: prospect.id } });
    await tx.client.delete({ where: { id: prospect.id } });
    return { id: prospect.id, deletedRequests: requests.count };
  });
}
