// Lists the agency's webhooks (deleted ones excluded), oldest first, keyset-paginated.
import { getDb } from "@/lib/infra/db/db";
import { afterCursor, decodeCursor, pageOf } from "@/lib/core/common/cursor";
import type { TListWebhooksQuery } from "@/lib/core/webhooks/schemas";
import { serializeWebhook, webhookViewInclude } from "@/lib/core/webhooks/serialize-webhook";

export async function listWebhooks(opts: { agencyId: string; query?: Partial<TListWebhooksQuery> }) {
  const limit = opts.query?.limit ?? 50;
  const filters = {};
  const pos = decodeCursor(opts.query?.cursor, filters);
  const db = await getDb();
  const rows = await db.webhook.findMany({
    where: { agencyId: opts.agencyId, deletedAt: null, ...afterCursor(pos) },
    include: webhookViewInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit + 1,
  });
  const page = pageOf(rows, limit, filters);
  const now = new Date();
  return { data: page.rows.map((r) => serializeWebhook(r, now)), nextCursor: page.nextCursor };
}
