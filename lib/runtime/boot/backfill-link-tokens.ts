// The data step of the link-token migration: rows written before link tokens were hashed
// still hold the token in plain text (the migration has already added its sha256, which
// SQL can compute, but cannot seal it with the app's key). This step stores a copy sealed
// with ENCRYPTION_KEY and clears the plaintext. It runs at boot before the app serves;
// it is idempotent and safe on several instances at once (a row is rewritten only while
// it still holds the plaintext that was read). Until it has run, reads fall back to the
// plaintext column (`openLinkToken`).
import { getDb, type Db } from "@/lib/infra/db/db";
import { storeLinkToken } from "@/lib/infra/secrets/link-token";

const BATCH = 500;

export async function backfillLinkTokens(db?: Db): Promise<{ requests: number; agencies: number }> {
  const client = db ?? (await getDb());
  let requests = 0;
  let agencies = 0;
  for (;;) {
    const rows = await client.accessRequest.findMany({
      where: { inviteToken: { not: null } },
      select: { id: true, inviteToken: true },
      take: BATCH,
    });
    if (rows.length === 0) break;
    for (const row of rows) {
      const stored = storeLinkToken(row.inviteToken!);
      const { count } = await client.accessRequest.updateMany({
        where: { id: row.id, inviteToken: row.inviteToken },
        data: { inviteTokenHash: stored.hash, inviteTokenSealed: stored.sealed, inviteToken: null },
      });
      requests += count;
    }
  }
  for (;;) {
    const rows = await client.agency.findMany({
      where: { staticLinkToken: { not: null } },
      select: { id: true, staticLinkToken: true },
      take: BATCH,
    });
    if (rows.length === 0) break;
    for (const row of rows) {
      const stored = storeLinkToken(row.staticLinkToken!);
      const { count } = await client.agency.updateMany({
        where: { id: row.id, staticLinkToken: row.staticLinkToken },
        data: { staticLinkTokenHash: stored.hash, staticLinkTokenSealed: stored.sealed, staticLinkToken: null },
      });
      agencies += count;
    }
  }
  return { requests, agencies };
}
