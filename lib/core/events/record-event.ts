// Records a domain event in the caller's transaction (the transactional outbox) and fans
// it out at once to every active webhook of the agency subscribed to its type, one
// delivery each, and notifies the team (lib/core/notifications). The worker sends what was
// committed. Demo requests record nothing.
import { CHANNELS, notify } from "@/lib/infra/db/notifications";
import crypto from "node:crypto";
import type { Tx } from "@/lib/infra/db/db";
import { EVENT_TYPES, SCHEMA_VERSION, isExtensionEvent, type EventType } from "@/lib/core/events/event-types";
import type { TEventData } from "@/lib/core/events/schemas";
import { notifyTeam } from "@/lib/core/notifications/notify-team";
import { stringifySealed } from "@/lib/infra/secrets/sealed-json";

export { EVENT_TYPES, SCHEMA_VERSION, type EventType };

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

/**
 * `actor`: who caused the event, kept beside the body (never in it) so the dashboard and the
 * team's notifications credit the right person: "client", "team", "api", "system" or a
 * staff member's email.
 */
export async function recordEvent<T extends EventType>(
  tx: Tx,
  opts: {
    agencyId: string;
    type: T;
    data: TEventData<T>;
    requestId?: string | null;
    now?: Date;
    actor?: string | null;
  },
): Promise<string> {
  const id = newEventId();
  const createdAt = opts.now ?? new Date();
  const body = stringifySealed(eventEnvelope(id, opts.type, createdAt, opts.data), EVENT_LINK_FIELDS, id);
  // One statement: the event and its deliveries to every active webhook subscribed to its type
  // (extension events only to webhooks that name them). A data-modifying WITH runs both
  // inserts; the deliveries' reference to the event is checked at the end of the statement.
  const [fanned] = await tx.$queryRaw<{ deliveries: number }[]>`
    WITH "e" AS (
      INSERT INTO "Event" ("id", "agencyId", "type", "schemaVersion", "requestId", "actor", "body", "createdAt", "fannedOutAt")
      VALUES (${id}, ${opts.agencyId}::uuid, ${opts.type}, ${SCHEMA_VERSION}, ${opts.requestId ?? null}::uuid, ${opts.actor ?? null}, ${body}, ${createdAt}::timestamptz, ${createdAt}::timestamptz)
      RETURNING "id"
    ), "d" AS (
      INSERT INTO "WebhookDelivery" ("id", "agencyId", "webhookId", "eventId", "eventType", "nextAttemptAt", "createdAt")
      SELECT gen_random_uuid(), w."agencyId", w."id", "e"."id", ${opts.type}, ${createdAt}::timestamptz, ${createdAt}::timestamptz
      FROM "Webhook" w, "e"
      WHERE w."agencyId" = ${opts.agencyId}::uuid AND w."deletedAt" IS NULL AND w."pausedAt" IS NULL
        AND (w."events" @> ARRAY[${opts.type}]::text[] OR (${!isExtensionEvent(opts.type)} AND w."events" @> ARRAY['*']::text[]))
      RETURNING 1
    )
    SELECT count(*)::int AS "deliveries" FROM "d"`;
  if ((fanned?.deliveries ?? 0) > 0) {
    // wakes the workers when the transaction commits (they poll only as a fallback)
    await notify(tx, CHANNELS.deliveriesQueued);
  }
  await notifyTeam(tx, {
    agencyId: opts.agencyId,
    eventId: id,
    type: opts.type,
    data: opts.data,
    requestId: opts.requestId ?? null,
    now: createdAt,
    actor: opts.actor ?? null,
  });
  return id;
}
