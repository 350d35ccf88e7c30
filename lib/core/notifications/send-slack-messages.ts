// Sends queued Slack messages to each agency's incoming-webhook URL: a plain HTTPS POST of
// `{"text": ...}` through the SSRF-safe sender. A failure is retried with backoff, then the
// message is marked failed; a removed URL fails the message at once.
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { safeSend } from "@/lib/infra/delivery/safe-send";

export const SLACK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
const CLAIM_LEASE_MS = 60_000;

export async function sendPendingSlackMessages(opts: { now?: Date; limit?: number } = {}): Promise<number> {
  const db = await getDb();
  const limit = opts.limit ?? 20;
  let handled = 0;
  while (handled < limit) {
    const now = opts.now ?? new Date();
    const next = await db.slackMessage.findFirst({
      where: { status: "pending", nextAttemptAt: { lte: now } },
      orderBy: { nextAttemptAt: "asc" },
    });
    if (!next) break;
    // claim by moving nextAttemptAt; another worker that read the same row loses the update
    const claimed = await db.slackMessage.updateMany({
      where: { id: next.id, status: "pending", nextAttemptAt: next.nextAttemptAt },
      data: { nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS), attempts: { increment: 1 } },
    });
    if (claimed.count === 0) continue;
    handled++;
    const agency = await db.agency.findUnique({ where: { id: next.agencyId }, select: { slackWebhookUrl: true } });
    if (!agency?.slackWebhookUrl) {
      await db.slackMessage.update({
        where: { id: next.id },
        data: { status: "failed", lastError: "No Slack URL is set any more." },
      });
      continue;
    }
    const result = await safeSend({
      url: agency.slackWebhookUrl,
      body: JSON.stringify({ text: next.text }),
      headers: { "content-type": "application/json" },
      allowLoopback: env().WEBHOOK_ALLOW_LOOPBACK,
    });
    const attempts = next.attempts + 1;
    if (result.ok && result.status !== null && result.status >= 200 && result.status < 300) {
      await db.slackMessage.update({ where: { id: next.id }, data: { status: "sent", lastError: null } });
    } else {
      const lastError = (result.error ?? `HTTP ${result.status}`).slice(0, 500);
      const delay = SLACK_RETRY_DELAYS_MS[attempts - 1];
      await db.slackMessage.update({
        where: { id: next.id },
        data:
          delay === undefined
            ? { status: "failed", lastError }
            : { lastError, nextAttemptAt: new Date((opts.now ?? new Date()).getTime() + delay) },
      });
    }
  }
  return handled;
}
