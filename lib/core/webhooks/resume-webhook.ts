// Resumes a paused webhook: events recorded from now on are delivered to it again, and
// pending deliveries still within their schedule (a retry due after now) go out when due.
// What came due during the pause is cancelled (the worker may not have met it yet), and
// events of the pause were never queued (the spec), so nothing is re-queued.
import { inTransaction } from "@/lib/infra/db/transaction";
import { type Tx } from "@/lib/infra/db/db";
import { cancelPendingDeliveries } from "@/lib/core/webhooks/delivery/cancel-pending-deliveries";
import { PAUSED_REASON } from "@/lib/core/webhooks/pause-webhook";
import { lockWebhookOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";
import type { TWebhook } from "@/lib/core/webhooks/schemas";
import { serializeWebhook, webhookViewInclude } from "@/lib/core/webhooks/serialize-webhook";
import { ApiError } from "@/lib/core/common/api-error";
import { reservedHostProblem } from "@/lib/infra/delivery/webhook-url";

function reservedUrlProblem(raw: string): string | null {
  try {
    return reservedHostProblem(new URL(raw))?.replace(/^url /, "") ?? null;
  } catch {
    return null;
  }
}

export async function resumeWebhook(opts: { agencyId: string; id: string; tx?: Tx; now?: Date }): Promise<TWebhook> {
  const now = opts.now ?? new Date();
  const run = async (tx: Tx) => {
    await lockWebhookOrThrow(tx, opts);
    const current = await tx.webhook.findUniqueOrThrow({
      where: { id: opts.id },
      select: { pausedAt: true, url: true },
    });
    // the demo's sample webhook (or any older one) under a reserved name would only fail: change the URL first
    const reserved = current.pausedAt ? reservedUrlProblem(current.url) : null;
    if (reserved)
      throw new ApiError(
        "INVALID_STATE",
        `This webhook cannot be resumed: its ${reserved}. Change its address (URL) first.`,
      );
    if (current.pausedAt)
      await cancelPendingDeliveries(tx, { webhookId: opts.id, reason: PAUSED_REASON, now, dueOnly: true });
    const row = current.pausedAt
      ? await tx.webhook.update({ where: { id: opts.id }, data: { pausedAt: null }, include: webhookViewInclude })
      : await tx.webhook.findUniqueOrThrow({ where: { id: opts.id }, include: webhookViewInclude });
    return serializeWebhook(row);
  };
  return inTransaction(run, { tx: opts.tx });
}
