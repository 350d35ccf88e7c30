// Records a domain event in the caller's transaction (the transactional outbox) and fans
// it out at once to every active webhook of the agency subscribed to its type, one
// delivery each. The worker sends what was committed. Demo requests record nothing.
import { CHANNELS, notify } from "@/lib/infra/db/notifications";
import crypto from "node:crypto";
import type { Tx } from "@/lib/infra/db/db";

export const SCHEMA_VERSION = "2026-10-06";

export const EVENT_TYPES = [
  "client.created",
  "request.created",
  "request.updated",
  "service.granted",
  "service.skipped",
  "service.grant_failed",
  "connection.attempt_completed",
  "intake.completed",
  "request.completed",
  "request.cancelled",
  "request.expired",
  "webhook.test",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export function newEventId() {
  return "evt_" + crypto.randomBytes(16).toString("hex");
}

export function eventEnvelope(id: string, type: EventType, createdAt: Date, data: unknown) {
  return { id, type, schemaVersion: SCHEMA_VERSION, createdAt: createdAt.toISOString(), test: type === "webhook.test", data };
}

export async function recordEvent(tx: Tx, opts: { agencyId: string; type: EventType; data: Record<string, unknown>; requestId?: string | null; now?: Date }): Promise<string> {
  const id = newEventId();
  const createdAt = opts.now ?? new Date();
  const body = JSON.stringify(eventEnvelope(id, opts.type, createdAt, opts.data));
  await tx.event.create({
    data: { id, agencyId: opts.agencyId, type: opts.type, schemaVersion: SCHEMA_VERSION, requestId: opts.requestId ?? null, body, createdAt, fannedOutAt: createdAt },
  });
  const hooks = await tx.webhook.findMany({
    where: { agencyId: opts.agencyId, deletedAt: null, pausedAt: null, OR: [{ events: { has: opts.type } }, { events: { has: "*" } }] },
    select: { id: true },
  });
  if (hooks.length > 0) {
    await tx.webhookDelivery.createMany({
      data: hooks.map((h) => ({ agencyId: opts.agencyId, webhookId: h.id, eventId: id, eventType: opts.type, nextAttemptAt: createdAt, createdAt })),
    });
    // wakes the workers when the transaction commits (they poll only as a fallback)
    await notify(tx, CHANNELS.deliveriesQueued);
  }
  return id;
}
