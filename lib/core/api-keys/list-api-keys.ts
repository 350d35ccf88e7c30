// The agency's API keys for the dashboard, newest first, revoked ones included: the
// display prefix, scopes and times only (the key itself is never stored).
import { z } from "zod";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { beforeCursor, decodeCursor, pageOf } from "@/lib/core/common/cursor";

export const ZListApiKeysQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(500).optional(),
});
export type TListApiKeysQuery = z.infer<typeof ZListApiKeysQuery>;

export interface ApiKeyItem {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export async function listApiKeys({
  agencyId,
  query = {},
  tx,
}: {
  agencyId: string;
  query?: Partial<TListApiKeysQuery>;
  tx?: Tx;
}) {
  const { limit, cursor } = ZListApiKeysQuery.parse(query);
  const filters = { list: "api-keys" };
  const pos = decodeCursor(cursor, filters);
  const db = tx ?? (await getDb());
  const rows = await db.apiKey.findMany({
    where: {
      agencyId,
      ...beforeCursor(pos),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
  const page = pageOf(rows, limit, filters);
  const data: ApiKeyItem[] = page.rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: [...r.scopes],
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
  return { data, nextCursor: page.nextCursor };
}
