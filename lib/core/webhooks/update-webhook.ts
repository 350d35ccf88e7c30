// Changes a webhook's URL and/or event types. A new URL passes the same checks as at creation.
// Deliveries already queued keep going to the webhook (and so to its new URL).
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { checkWebhookUrl } from "@/lib/core/webhooks/check-webhook-url";
import { getWebhookRowOrThrow, lockWebhookOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";
import type { TUpdateWebhookBody, TWebhook } from "@/lib/core/webhooks/schemas";
import { serializeWebhook, webhookViewInclude } from "@/lib/core/webhooks/serialize-webhook";

export async function updateWebhook(opts: {
  agencyId: string;
  id: string;
  input: TUpdateWebhookBody;
  tx?: Tx;
}): Promise<TWebhook> {
  // 404 before the URL check, so a foreign id never reveals what it would accept.
  await getWebhookRowOrThrow({ agencyId: opts.agencyId, id: opts.id, tx: opts.tx });
  const url = opts.input.url === undefined ? undefined : await checkWebhookUrl(opts.input.url);
  const run = async (tx: Tx) => {
    await lockWebhookOrThrow(tx, opts);
    const row = await tx.webhook.update({
      where: { id: opts.id },
      data: {
        ...(url !== undefined ? { url } : {}),
        ...(opts.input.events !== undefined ? { events: opts.input.events } : {}),
      },
      include: webhookViewInclude,
    });
    return serializeWebhook(row);
  };
  return inTransaction(run, { tx: opts.tx });
}
