// Resumes a paused webhook: events recorded from now on are delivered to it again.
// Events of the pause stay unsent (the spec), so nothing is re-queued.
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { lockWebhookOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";
import type { TWebhook } from "@/lib/core/webhooks/schemas";
import { serializeWebhook, webhookViewInclude } from "@/lib/core/webhooks/serialize-webhook";

export async function resumeWebhook(opts: { agencyId: string; id: string; tx?: Tx }): Promise<TWebhook> {
  const run = async (tx: Tx) => {
    await lockWebhookOrThrow(tx, opts);
    const current = await tx.webhook.findUniqueOrThrow({ where: { id: opts.id }, select: { pausedAt: true } });
    const row = current.pausedAt
      ? await tx.webhook.update({ where: { id: opts.id }, data: { pausedAt: null }, include: webhookViewInclude })
      : await tx.webhook.findUniqueOrThrow({ where: { id: opts.id }, include: webhookViewInclude });
    return serializeWebhook(row);
  };
  return inTransaction(run, { tx: opts.tx });
}
