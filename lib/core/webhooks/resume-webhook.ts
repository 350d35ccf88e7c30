// Resumes a paused webhook: events recorded from now on are delivered to it again, and
// pending deliveries still within their schedule (a retry due after now) go out when due.
// What came due during the pause is cancelled (the worker may not have met it yet), and
// events of the pause were never queued (the spec), so nothing is re-queued.
import { inTransaction } from "@/lib/infra/db/transaction";
import { type Tx } from "@/lib/infra/db/db";
import { cancelPendingDeliveries } from "@/lib/infra/delivery/cancel-pending-deliveries";
import { PAUSED_REASON } from "@/lib/core/webhooks/pause-webhook";
import { lockWebhookOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";
import type { TWebhook } from "@/lib/core/webhooks/schemas";
import { serializeWebhook, webhookViewInclude } from "@/lib/core/webhooks/serialize-webhook";

export async function resumeWebhook(opts: { agencyId: string; id: string; tx?: Tx; now?: Date }): Promise<TWebhook> {
  const now = opts.now ?? new Date();
  const run = async (tx: Tx) => {
    await lockWebhookOrThrow(tx, opts);
    const current = await tx.webhook.findUniqueOrThrow({ where: { id: opts.id }, select: { pausedAt: true } });
    if (current.pausedAt) await cancelPendingDeliveries(tx, { webhookId: opts.id, reason: PAUSED_REASON, now, dueOnly: true });
    const row = current.pausedAt
      ? await tx.webhook.update({ where: { id: opts.id }, data: { pausedAt: null }, include: webhookViewInclude })
      : await tx.webhook.findUniqueOrThrow({ where: { id: opts.id }, include: webhookViewInclude });
    return serializeWebhook(row);
  };
  return inTransaction(run, { tx: opts.tx });
}
