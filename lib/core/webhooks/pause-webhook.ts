// Pauses a webhook: no new deliveries are created for it (recordEvent skips paused webhooks),
// and deliveries that are due, or come due while it is paused, are cancelled (here for those
// already due, by the worker and at resume for the rest), as the spec says. A retry
// scheduled after the pause ends is kept and goes out on its schedule.
import { inTransaction } from "@/lib/infra/db/transaction";
import { type Tx } from "@/lib/infra/db/db";
import { cancelPendingDeliveries } from "@/lib/core/webhooks/delivery/cancel-pending-deliveries";
import { lockWebhookOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";
import type { TWebhook } from "@/lib/core/webhooks/schemas";
import { serializeWebhook, webhookViewInclude } from "@/lib/core/webhooks/serialize-webhook";

export const PAUSED_REASON = "Cancelled: it came due while the webhook was paused.";

export async function pauseWebhook(opts: { agencyId: string; id: string; tx?: Tx; now?: Date }): Promise<TWebhook> {
  const now = opts.now ?? new Date();
  const run = async (tx: Tx) => {
    await lockWebhookOrThrow(tx, opts);
    const current = await tx.webhook.findUniqueOrThrow({ where: { id: opts.id }, select: { pausedAt: true } });
    // Pausing a paused webhook changes nothing (and keeps its original pause time).
    const row = current.pausedAt
      ? await tx.webhook.findUniqueOrThrow({ where: { id: opts.id }, include: webhookViewInclude })
      : await tx.webhook.update({ where: { id: opts.id }, data: { pausedAt: now }, include: webhookViewInclude });
    await cancelPendingDeliveries(tx, { webhookId: opts.id, reason: PAUSED_REASON, now, dueOnly: true });
    return serializeWebhook(row, now);
  };
  return inTransaction(run, { tx: opts.tx });
}
