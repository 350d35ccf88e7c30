// A webhook's delivery log: its deliveries, newest first (it is read to see what just
// happened), each with every attempt; keyset-paginated, filterable by event type and outcome.
import { getDb } from "@/lib/infra/db/db";
import { beforeCursor, decodeCursor, pageOf } from "@/lib/core/common/cursor";
import { getWebhookRowOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";
import type { TDelivery, TListDeliveriesQuery } from "@/lib/core/webhooks/schemas";
import { serializeDelivery } from "@/lib/core/webhooks/serialize-delivery";

export async function listDeliveries(opts: {
  agencyId: string;
  webhookId: string;
  query: Partial<TListDeliveriesQuery>;
}): Promise<{ data: TDelivery[]; nextCursor: string | null }> {
  await getWebhookRowOrThrow({ agencyId: opts.agencyId, id: opts.webhookId });
  const { eventType, outcome } = opts.query;
  const limit = opts.query.limit ?? 50;
  const filters = { webhookId: opts.webhookId, eventType, outcome };
  const pos = decodeCursor(opts.query.cursor, filters);
  const db = await getDb();
  const rows = await db.webhookDelivery.findMany({
    where: {
      agencyId: opts.agencyId,
      webhookId: opts.webhookId,
      ...(eventType !== undefined ? { eventType } : {}),
      ...(outcome !== undefined ? { status: outcome } : {}),
      ...beforeCursor(pos),
    },
    include: { attemptLog: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
  });
  const page = pageOf(rows, limit, filters);
  return { data: page.rows.map(serializeDelivery), nextCursor: page.nextCursor };
}
