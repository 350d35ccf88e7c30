// Cancels a webhook's pending deliveries (pause, delete, lost API access), so they show in
// the delivery log as cancelled with the reason instead of waiting forever.
import type { Tx } from "@/lib/infra/db/db";

/**
 * `dueOnly` limits it to deliveries already due (`nextAttemptAt <= now`), the rule for
 * deliveries found due while the agency has no API access. Returns how many were cancelled.
 */
export async function cancelPendingDeliveries(
  tx: Tx,
  opts: { webhookId: string; reason: string; now?: Date; dueOnly?: boolean },
): Promise<number> {
  const now = opts.now ?? new Date();
  const result = await tx.webhookDelivery.updateMany({
    where: { webhookId: opts.webhookId, status: "pending", ...(opts.dueOnly ? { nextAttemptAt: { lte: now } } : {}) },
    data: { status: "cancelled", lastError: opts.reason, completedAt: now },
  });
  return result.count;
}
