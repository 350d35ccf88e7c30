// Sends a `webhook.test` event to one webhook at once (paused or not), waits for the
// answer and records it in the delivery log. A test is never retried. The event is not
// fanned out: it belongs to this webhook alone.
import crypto from "node:crypto";
import { inTransaction } from "@/lib/infra/db/transaction";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { leaseWebhook, releaseLease } from "@/lib/core/webhooks/delivery/claim-deliveries";
import { sendAttempt, storable } from "@/lib/core/webhooks/delivery/deliver-one";
import type { HostResolver } from "@/lib/infra/delivery/webhook-url";
import { eventEnvelope, newEventId } from "@/lib/core/events/event-envelope";
import { SCHEMA_VERSION } from "@/lib/core/events/event-types";
import { getWebhookRowOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";
import type { TWebhookTestResult } from "@/lib/core/webhooks/schemas";
import { loadSigningSecrets } from "@/lib/core/webhooks/delivery/signing-secrets";

export const TEST_EVENT_MESSAGE = "This is a test event. It was sent on request and does not describe a change.";
/** How long a test waits for a worker's delivery to the same webhook to finish first. */
const LEASE_WAIT_MS = 2_000;
const TEST_LEASE_MS = 30_000;

export async function sendTestEvent(opts: {
  agencyId: string;
  id: string;
  timeoutMs?: number;
  resolve?: HostResolver;
}): Promise<TWebhookTestResult> {
  const webhook = await getWebhookRowOrThrow({ agencyId: opts.agencyId, id: opts.id });
  const db = await getDb();
  // Holding the webhook's lease keeps workers from starting a delivery to it meanwhile. If a
  // worker is mid-delivery the test waits briefly, then goes anyway: it was asked for now.
  const owner = `test:${crypto.randomUUID()}`;
  let leased = false;
  for (const start = Date.now(); !leased && Date.now() - start < LEASE_WAIT_MS;) {
    leased = await leaseWebhook(db, { webhookId: webhook.id, owner, leaseMs: TEST_LEASE_MS });
    if (!leased) await new Promise((r) => setTimeout(r, 100));
  }
  try {
    const now = new Date();
    const eventId = newEventId();
    const deliveryId = crypto.randomUUID();
    const attemptId = crypto.randomUUID();
    const body = JSON.stringify(
      eventEnvelope(eventId, "webhook.test", now, { webhookId: webhook.id, message: TEST_EVENT_MESSAGE }),
    );
    const secrets = await loadSigningSecrets(db, webhook.id, now);
    const startedAt = new Date();
    const res = await sendAttempt(
      { url: webhook.url, body, eventId, eventType: "webhook.test", deliveryId, secrets },
      {
        attemptId,
        allowLoopback: env().WEBHOOK_ALLOW_LOOPBACK,
        ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
        ...(opts.resolve ? { resolve: opts.resolve } : {}),
      },
    );
    const statusCode = res.ok ? res.status : null;
    const delivered = statusCode !== null && statusCode >= 200 && statusCode <= 299;
    const error = delivered ? null : (storable(res.error) ?? `The endpoint answered with HTTP ${statusCode}.`);
    const finishedAt = new Date();
    // Written after the send, in one transaction: a test cut short by a crash leaves nothing
    // pending that a worker could retry.
    await inTransaction(async (tx) => {
      await tx.event.create({
        data: {
          id: eventId,
          agencyId: webhook.agencyId,
          type: "webhook.test",
          schemaVersion: SCHEMA_VERSION,
          test: true,
          body,
          createdAt: now,
          fannedOutAt: now,
        },
      });
      await tx.webhookDelivery.create({
        data: {
          id: deliveryId,
          agencyId: webhook.agencyId,
          webhookId: webhook.id,
          eventId,
          eventType: "webhook.test",
          status: delivered ? "succeeded" : "failed",
          attempts: 1,
          nextAttemptAt: now,
          firstFailureAt: delivered ? null : finishedAt,
          lastStatusCode: statusCode,
          lastError: delivered ? null : error,
          completedAt: finishedAt,
          createdAt: now,
        },
      });
      await tx.deliveryAttempt.create({
        data: {
          id: attemptId,
          agencyId: webhook.agencyId,
          deliveryId,
          webhookId: webhook.id,
          number: 1,
          startedAt,
          durationMs: res.durationMs,
          statusCode,
          error: storable(res.error),
          responseExcerpt: storable(res.responseExcerpt),
          nextAttemptAt: null,
          createdAt: finishedAt,
        },
      });
    });
    return { delivered, statusCode, error, durationMs: res.durationMs, eventId, deliveryId };
  } finally {
    if (leased) await releaseLease(db, { webhookId: webhook.id, owner }).catch(() => undefined);
  }
}
