// Deletes a webhook: marks it deleted (its delivery log stays readable to the retention
// purge's end), cancels its pending deliveries and drops its signing secrets.
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { cancelPendingDeliveries } from "@/lib/core/webhooks/delivery/cancel-pending-deliveries";
import { lockWebhookOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";

export async function deleteWebhook(opts: {
  agencyId: string;
  id: string;
  tx?: Tx;
  now?: Date;
}): Promise<{ id: string; deleted: true }> {
  const now = opts.now ?? new Date();
  const run = async (tx: Tx) => {
    await lockWebhookOrThrow(tx, opts);
    await tx.webhook.update({ where: { id: opts.id }, data: { deletedAt: now } });
    await cancelPendingDeliveries(tx, { webhookId: opts.id, reason: "Cancelled: the webhook was deleted.", now });
    await tx.webhookSecret.deleteMany({ where: { webhookId: opts.id } });
    return { id: opts.id, deleted: true as const };
  };
  return inTransaction(run, { tx: opts.tx });
}
