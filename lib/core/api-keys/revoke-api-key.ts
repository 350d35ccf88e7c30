// Revoking an API key. Revoked keys stay stored (their prefix and history remain visible)
// and fail authentication from then on. Revoking twice keeps the first revocation time.
import { getDb, type Tx } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";
import { forgetApiKeys } from "@/lib/core/api-keys/authenticate-api-key";
import { CHANNELS, notify } from "@/lib/infra/db/notifications";

import { UUID } from "@/lib/core/common/uuid";

export interface RevokeApiKeyOptions {
  /** omitted only by the operator's admin CLI; every other caller scopes by agency */
  agencyId?: string;
  id: string;
  tx?: Tx;
  now?: Date;
}

export async function revokeApiKey({
  agencyId,
  id,
  tx,
  now = new Date(),
}: RevokeApiKeyOptions): Promise<{ id: string; revokedAt: string }> {
  if (!UUID.test(id) || (agencyId !== undefined && !UUID.test(agencyId))) throw notFound("API key");
  const db = tx ?? (await getDb());
  const key = await db.apiKey.findFirst({ where: { id, ...(agencyId !== undefined ? { agencyId } : {}) } });
  if (!key) throw notFound("API key");
  if (key.revokedAt) return { id, revokedAt: key.revokedAt.toISOString() };
  // the condition keeps the earliest time when two revocations race
  await db.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
  const after = await db.apiKey.findUniqueOrThrow({ where: { id }, select: { revokedAt: true } });
  // refused at once by this instance; the others drop their cached lookups on the notification
  forgetApiKeys();
  await notify(db, CHANNELS.authChanged);
  return { id, revokedAt: after.revokedAt!.toISOString() };
}
