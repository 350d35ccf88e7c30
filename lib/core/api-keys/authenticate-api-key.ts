// Looks an API key up by its hash, with a few seconds of caching: a key revoked on this
// instance is refused at once (forgetApiKey), on every other instance within 5 seconds.
import { getDb } from "@/lib/infra/db/db";
import { hashApiKey } from "@/lib/core/api-keys/api-key-token";
import { globalSingleton } from "@/lib/infra/global-singleton";

export interface ApiKeyContext {
  apiKeyId: string;
  agencyId: string;
  agencyName: string;
  scopes: string[];
  entitled: boolean;
}

const TTL_MS = 5_000;
const LAST_USED_EVERY_MS = 60_000;
const cache = globalSingleton(
  "api-key-cache",
  () => new Map<string, { value: ApiKeyContext | null; expires: number }>(),
);
const lastUsed = globalSingleton("api-key-last-used", () => new Map<string, number>());

export function isEntitled(agency: { apiAccess: boolean; trial: boolean; trialEndsAt: Date | null }, now = new Date()) {
  return agency.apiAccess || (agency.trial && (agency.trialEndsAt === null || agency.trialEndsAt > now));
}

export async function authenticateApiKey(key: string): Promise<ApiKeyContext | null> {
  const hash = hashApiKey(key);
  const now = Date.now();
  const hit = cache.get(hash);
  let ctx: ApiKeyContext | null;
  if (hit && hit.expires > now) {
    ctx = hit.value;
  } else {
    const db = await getDb();
    const row = await db.apiKey.findUnique({
      where: { keyHash: hash },
      select: {
        id: true,
        agencyId: true,
        scopes: true,
        revokedAt: true,
        agency: { select: { name: true, apiAccess: true, trial: true, trialEndsAt: true } },
      },
    });
    ctx =
      row && !row.revokedAt
        ? {
            apiKeyId: row.id,
            agencyId: row.agencyId,
            agencyName: row.agency.name,
            scopes: row.scopes,
            entitled: isEntitled(row.agency),
          }
        : null;
    if (cache.size > 10_000) cache.clear();
    cache.set(hash, { value: ctx, expires: now + TTL_MS });
  }
  if (ctx && (lastUsed.get(ctx.apiKeyId) ?? 0) < now - LAST_USED_EVERY_MS) {
    lastUsed.set(ctx.apiKeyId, now);
    void getDb()
      .then((db) => db.apiKey.update({ where: { id: ctx.apiKeyId }, data: { lastUsedAt: new Date(now) } }))
      .catch(() => {});
  }
  return ctx;
}

/** Drops cached lookups so a revocation or plan change takes effect at once on this instance. */
export function forgetApiKeys() {
  cache.clear();
}
