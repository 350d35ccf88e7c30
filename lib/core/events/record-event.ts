// Records a domain event in the caller's transaction (the transactional outbox) and fans
// it out at once to every active webhook of the agency subscribed to its type, one
// delivery each. The worker sends what was committed. Demo requests record nothing. It
// calls no follow-up: the core records through lib/core/reactions/record-and-react.ts,
// which runs the event's follow-ups (the team's notice, the completion email...) from the
// reactions table in the same transaction.
import { CHANNELS, notify } from "@/lib/infra/db/notifications";
import type { Tx } from "@/lib/infra/db/db";
import { SCHEMA_VERSION, isExtensionEvent, type EventType } from "@/lib/core/events/event-types";
import { EVENT_LINK_FIELDS, eventEnvelope, newEventId } from "@/lib/core/events/event-envelope";
import type { TEventData } from "@/lib/core/events/schemas";
import { stringifySealed } from "@/lib/infra/secrets/sealed-json";

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
  return id;
}
