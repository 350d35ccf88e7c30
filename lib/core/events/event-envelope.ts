// An event's id and its body as webhooks receive it: shared by recording an event
// (record-event.ts) and by the test delivery, which is sent without being recorded.
import crypto from "node:crypto";
import { SCHEMA_VERSION, type EventType } from "@/lib/core/events/event-types";
import type { TEventData } from "@/lib/core/events/schemas";

export function newEventId() {
  return "evt_" + crypto.randomBytes(16).toString("hex");
}

/**
 * The fields of an event body that hold a client's link with its token (`data.request`'s
 * links): stored sealed, bound to the event's id, and opened only when a delivery is sent
 * (lib/core/webhooks/delivery/deliver-one.ts), so the stored body gives no working link.
 */
export const EVENT_LINK_FIELDS: ReadonlySet<string> = new Set(["inviteUrl", "embedUrl"]);

/** The body of a delivery; `data` is typed by the event schemas (lib/core/events/schemas.ts). */
export function eventEnvelope<T extends EventType>(id: string, type: T, createdAt: Date, data: TEventData<T>) {
  return {
    id,
    type,
    schemaVersion: SCHEMA_VERSION,
    createdAt: createdAt.toISOString(),
    test: type === "webhook.test",
    data,
  };
}
