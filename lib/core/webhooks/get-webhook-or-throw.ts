// Loads one of the agency's webhooks; deleted webhooks and other agencies' ids read as missing (404).
import { getDb, type Tx } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";
import { serializeWebhook, webhookViewInclude } from "@/lib/core/webhooks/serialize-webhook";
import type { TWebhook } from "@/lib/core/webhooks/schemas";

import { UUID } from "@/lib/core/common/uuid";

export async function getWebhookRowOrThrow(opts: { agencyId: string; id: string; tx?: Tx }) {
  if (!UUID.test(opts.id)) throw notFound("Webhook");
  const db = opts.tx ?? (await getDb());
  const row = await db.webhook.findFirst({
    where: { id: opts.id, agencyId: opts.agencyId, deletedAt: null },
    include: webhookViewInclude,
  });
  if (!row) throw notFound("Webhook");
  return row;
}

export async function getWebhookOrThrow(opts: { agencyId: string; id: string; tx?: Tx }): Promise<TWebhook> {
  return serializeWebhook(await getWebhookRowOrThrow(opts));
}

/**
 * Locks the webhook row for the rest of the transaction (changes to one webhook
 * are serialised) and answers its stored id, the canonical spelling of opts.id; 404 as above.
 */
export async function lockWebhookOrThrow(tx: Tx, opts: { agencyId: string; id: string }): Promise<string> {
  if (!UUID.test(opts.id)) throw notFound("Webhook");
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Webhook" WHERE "id" = ${opts.id}::uuid AND "agencyId" = ${opts.agencyId}::uuid AND "deletedAt" IS NULL FOR NO KEY UPDATE`;
  const row = rows[0];
  if (!row) throw notFound("Webhook");
  return row.id;
}
