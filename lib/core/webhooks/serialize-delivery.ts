// Maps a delivery row and its attempts to the delivery log's objects.
import type { DeliveryAttempt, WebhookDelivery } from "@/generated/prisma/client";
import type { TDelivery, TDeliveryAttempt } from "@/lib/core/webhooks/schemas";

export function serializeAttempt(a: DeliveryAttempt): TDeliveryAttempt {
  return {
    id: a.id,
    number: a.number,
    startedAt: a.startedAt.toISOString(),
    statusCode: a.statusCode,
    error: a.error,
    durationMs: a.durationMs,
    responseExcerpt: a.responseExcerpt,
    nextAttemptAt: a.nextAttemptAt ? a.nextAttemptAt.toISOString() : null,
  };
}

export function serializeDelivery(d: WebhookDelivery & { attemptLog: DeliveryAttempt[] }): TDelivery {
  const attempts = [...d.attemptLog].sort(
    (a, b) => a.number - b.number || a.startedAt.getTime() - b.startedAt.getTime(),
  );
  return {
    id: d.id,
    webhookId: d.webhookId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: attempts.map(serializeAttempt),
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    createdAt: d.createdAt.toISOString(),
    completedAt: d.completedAt ? d.completedAt.toISOString() : null,
  };
}
