// Loads one of the agency's clients; another agency's id reads as missing (404).
import { getDb, type Tx } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";

export async function getClientOrThrow(opts: { agencyId: string; id: string; tx?: Tx }) {
  const db = opts.tx ?? (await getDb());
  const row = await db.client.findUnique({ where: { id: opts.id, agencyId: opts.agencyId } });
  if (!row) throw notFound("Client");
  return row;
}
