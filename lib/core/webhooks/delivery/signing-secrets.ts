// The plain secrets that sign a webhook's deliveries right now: the current one and, during
// a rotation's 24-hour overlap, the replaced one. Current first, one `v1=` each.
//
// A secret is sealed with its webhook's id as associated data. Rotations once sealed under
// the id as the caller spelled it in the path (upper case) rather than the stored lower-case
// id; such a secret opens with that spelling and is sealed again under the stored id here, on
// first use, so it opens the ordinary way from then on.
import type { Db, Tx } from "@/lib/infra/db/db";
import { openSecret, sealSecret } from "@/lib/infra/secrets/secret-box";

export async function loadSigningSecrets(db: Db | Tx, webhookId: string, now: Date = new Date()): Promise<string[]> {
  const rows = await db.webhookSecret.findMany({
    where: { webhookId, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
    select: { id: true, secretEncrypted: true, expiresAt: true },
  });
  const rank = (t: Date | null) => (t === null ? Number.POSITIVE_INFINITY : t.getTime());
  rows.sort((a, b) => rank(b.expiresAt) - rank(a.expiresAt));
  const secrets: string[] = [];
  for (const row of rows) secrets.push(await openOrRepair(db, row, webhookId.toLowerCase()));
  return secrets;
}

async function openOrRepair(db: Db | Tx, row: { id: string; secretEncrypted: string }, webhookId: string) {
  try {
    return openSecret(row.secretEncrypted, webhookId);
  } catch (err) {
    const variant = webhookId.toUpperCase();
    let plain: string;
    try {
      plain = openSecret(row.secretEncrypted, variant);
    } catch {
      throw err;
    }
    // Sealing the same secret again is harmless when two callers repair at once.
    await db.webhookSecret.update({ where: { id: row.id }, data: { secretEncrypted: sealSecret(plain, webhookId) } });
    return plain;
  }
}
