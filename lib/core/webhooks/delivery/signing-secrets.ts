// The plain secrets that sign a webhook's deliveries right now: the current one and, during
// a rotation's 24-hour overlap, the replaced one. Current first, one `v1=` each.
import type { Db, Tx } from "@/lib/infra/db/db";
import { openSecret } from "@/lib/infra/secrets/secret-box";

export async function loadSigningSecrets(db: Db | Tx, webhookId: string, now: Date = new Date()): Promise<string[]> {
  const rows = await db.webhookSecret.findMany({
    where: { webhookId, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    select: { secretEncrypted: true, expiresAt: true },
  });
  const rank = (t: Date | null) => (t === null ? Number.POSITIVE_INFINITY : t.getTime());
  rows.sort((a, b) => rank(b.expiresAt) - rank(a.expiresAt));
  return rows.map((r) => openSecret(r.secretEncrypted, webhookId));
}
