// What follows a recorded event: one table, event type → its follow-ups, each run in the
// transaction that recorded the event (so a rollback takes the follow-ups with it and a commit
// keeps each exactly once). lib/core/events records an event and fans it out to webhooks and
// nothing more; recordAndReact (record-and-react.ts) records through it and then runs this
// table. A follow-up that does not hang on one event type (the notice that a by-hand service
// waits for confirmation, an invitation's reminder) is still called where it happens.
import type { Tx } from "@/lib/infra/db/db";
import type { EventType } from "@/lib/core/events/event-types";
import { notifyTeam } from "@/lib/core/notifications/notify-team";
import { queueCompletionEmail } from "@/lib/core/client-access/completion-email";
import { closeAlertsGrantedAgain } from "@/lib/core/access-alerts/access-alerts";

/** An event as recorded, handed to each of its follow-ups. */
export interface RecordedEvent {
  id: string;
  agencyId: string;
  type: EventType;
  data: unknown;
  requestId: string | null;
  now: Date;
  /** who caused it, as lib/core/events/actor-name.ts reads it */
  actor: string | null;
}

export type Reaction = (tx: Tx, event: RecordedEvent) => Promise<unknown>;

/** The team's notice: in-app, email (instant or digest) and Slack, as each member chose. */
const noticeToTeam: Reaction = (tx, e) =>
  notifyTeam(tx, {
    agencyId: e.agencyId,
    eventId: e.id,
    type: e.type,
    data: e.data,
    requestId: e.requestId,
    now: e.now,
    actor: e.actor,
  });

/** The client (or a colleague of theirs) finished: the client gets the link to everything the agency can access. */
const completionEmailToClient: Reaction = async (tx, e) => {
  const byClient = e.actor === "client" || (e.actor?.startsWith("colleague:") ?? false);
  if (e.requestId && byClient)
    await queueCompletionEmail(tx, { agencyId: e.agencyId, requestId: e.requestId, now: e.now });
};

/** A service granted on a request made by "Ask again": the lost-access alerts it answers close. */
const closeAnsweredAlerts: Reaction = async (tx, e) => {
  const serviceId = (e.data as { service?: { service?: unknown } } | null)?.service?.service;
  if (e.requestId && typeof serviceId === "string")
    await closeAlertsGrantedAgain(tx, { agencyId: e.agencyId, requestId: e.requestId, serviceId, now: e.now });
};

/**
 * Every event type and its follow-ups, in the order they run. A type with no follow-up is
 * listed with none, so a new event type cannot be added without deciding what follows it.
 * The team's notice is offered every type; it reads the members' choices and ignores a type
 * no member can choose (lib/core/notifications/notification-types.ts).
 */
export const REACTIONS: { readonly [T in EventType]: readonly Reaction[] } = {
  "client.created": [noticeToTeam],
  "request.created": [noticeToTeam],
  "request.updated": [noticeToTeam],
  "service.granted": [closeAnsweredAlerts, noticeToTeam],
  "service.skipped": [noticeToTeam],
  "service.grant_failed": [noticeToTeam],
  "connection.attempt_completed": [noticeToTeam],
  "intake.completed": [noticeToTeam],
  "request.completed": [noticeToTeam, completionEmailToClient],
  "request.cancelled": [noticeToTeam],
  "request.expired": [noticeToTeam],
  "webhook.test": [noticeToTeam],
  "access.lost": [noticeToTeam],
  "access.removed": [noticeToTeam],
};

/** Runs an event's follow-ups, one after another, in the caller's transaction. */
export async function react(tx: Tx, event: RecordedEvent): Promise<void> {
  for (const reaction of REACTIONS[event.type]) await reaction(tx, event);
}
