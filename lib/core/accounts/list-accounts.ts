// The agency's connected accounts, connected and disconnected, oldest first (GET /accounts
// is not paginated: an agency has a handful).
import { serializeAccount, type SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { getDb, type Tx } from "@/lib/infra/db/db";

export async function listAccounts({ agencyId, tx }: { agencyId: string; tx?: Tx }): Promise<SerializedAccount[]> {
  const db = tx ?? (await getDb());
  const rows = await db.connectedAccount.findMany({
    where: { agencyId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(serializeAccount);
}
