// The agency's branding as the client pages show it (name, accent colour, logo version),
// kept in memory: every client of an agency opens pages with the same branding, which
// changes rarely. A change made here is seen at once (updateBranding forgets the entry and
// notifies); other instances forget theirs on the brandingChanged notification (boot
// listens on PostgreSQL), and an entry lives at most BRANDING_TTL_MS in case a
// notification is lost while the listening connection reconnects.
import { getDb } from "@/lib/infra/db/db";

export interface CachedBranding {
  id: string;
  name: string;
  accentColor: string | null;
  logoMimeType: string | null;
  updatedAt: Date;
}

export const BRANDING_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

const g = globalThis as unknown as { __brandingCache?: Map<string, { at: number; value: Promise<CachedBranding | null> }> };
const cache = (g.__brandingCache ??= new Map());

/** The agency's branding, from memory when fresh; null for an unknown agency. */
export function cachedBranding(agencyId: string, now = Date.now()): Promise<CachedBranding | null> {
  const hit = cache.get(agencyId);
  if (hit && now - hit.at < BRANDING_TTL_MS) return hit.value;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const value = (async () => {
    const db = await getDb();
    return db.agency.findUnique({ where: { id: agencyId }, select: { id: true, name: true, accentColor: true, logoMimeType: true, updatedAt: true } });
  })();
  cache.set(agencyId, { at: now, value });
  // a failed read is not kept
  value.catch(() => cache.get(agencyId)?.value === value && cache.delete(agencyId));
  return value;
}

/** Forgets one agency's branding, or every agency's (a notification from another instance). */
export function forgetBranding(agencyId?: string): void {
  if (agencyId) cache.delete(agencyId);
  else cache.clear();
}
