// Disconnecting an agency account. The row stays (requests already name it), marked
// disconnected; another agency's account reads as missing. Disconnecting twice keeps
// the first time.
import { serializeAccount, type SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";

export interface DisconnectAccountOptions {
  agencyId: string;
  internalAccountId: string;
  tx?: Tx;
  now?: Date;
}

export async function disconnectAccount({
  agencyId,
  internalAccountId,
  tx,
  now = new Date(),
}: DisconnectAccountOptions): Promise<SerializedAccount> {
  const db = tx ?? (await getDb());
  const found = await db.connectedAccount.findFirst({ where: { agencyId, internalAccountId } });
  if (!found) throw notFound("Connected account");
  if (found.status === "disconnected") return serializeAccount(found);
  const row = await db.connectedAccount.update({
    where: { id: found.id },
    data: { status: "disconnected", disconnectedAt: now },
  });
  return serializeAccount(row);
}
