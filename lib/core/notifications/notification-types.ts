// The events agency staff can be notified of, the email modes, and the plain-language
// line each notification shows (in the app, in emails and on Slack). Pure.
import { getCatalogService } from "@/lib/core/catalog/catalog";
import type { ActorDisplay } from "@/lib/core/events/actor-name";

// "request.forwarded" is not an event of its own: it is the request.updated of a client
// handing services to a colleague, or of the colleague handing one back ("I can't do
// this"), which staff may want to hear about.
export const NOTIFY_EVENT_TYPES = [
  "service.granted",
  "service.skipped",
  "intake.completed",
  "request.completed",
  "service.grant_failed",
  "request.forwarded",
  "access.lost",
  "access.removed",
  "request.stalled",
] as const;
export type NotifyEventType = (typeof NOTIFY_EVENT_TYPES)[number];

export const NOTIFY_EVENT_LABELS: Record<NotifyEventType, string> = {
  "service.granted": "A client grants a service",
  "service.skipped": "A client skips a service",
  "intake.completed": "A client completes the intake form",
  "request.completed": "A request is completed",
  "service.grant_failed": "A grant fails",
  "request.forwarded": "A client hands services to a colleague (or the colleague hands them back)",
  "access.lost": "Granted access is lost",
  "access.removed": "A client removes access",
  "request.stalled": "A request stalls (no client activity for the days set under Reminders)",
};

export const NOTIFY_EMAIL_MODES = ["instant", "digest", "off"] as const;
export type NotifyEmailMode = (typeof NOTIFY_EMAIL_MODES)[number];

/**
 * Not an event of the spec: the client says a by-hand service is done (recorded as
 * request.updated) and the team must confirm it. Members who chose "A client grants a
 * service" are told.
 */
export const AWAITING_CONFIRMATION = "service.awaiting_confirmation";

/**
 * Not an event of the spec: a platform's invitation to the agency is still unaccepted a day
 * after the grant (lib/core/invitations). Members who chose "A client grants a service" are told.
 */
export const INVITATION_REMINDER = "invitation.reminder";

/**
 * Not an event of the spec: the client asked, on their access page, to remove access the
 * platform cannot remove for them (the team removes it by hand). Members who chose "A client
 * removes access" are told.
 */
export const REMOVAL_ASKED = "access.removal_asked";

/**
 * Not an event of the spec: an open request's client has done nothing on its links for the
 * agency's stalled-after days (lib/core/requests/stalled-requests.ts). Told once per quiet period.
 */
export const REQUEST_STALLED = "request.stalled";

/** An access.removed the team made itself (offboarding, a checklist): not news to the team. */
const REMOVED_BY_TEAM = "access.removed_by_team";

/** The preference a notification type is sent under. */
export function notifyPreferenceOf(type: string): NotifyEventType | null {
  if (type === AWAITING_CONFIRMATION || type === INVITATION_REMINDER) return "service.granted";
  if (type === REMOVAL_ASKED) return "access.removed";
  return isNotifyEventType(type) ? type : null;
}

export function isNotifyEventType(type: string): type is NotifyEventType {
  return (NOTIFY_EVENT_TYPES as readonly string[]).includes(type);
}

type EventData = {
  service?: { service?: string };
  invitation?: { sentTo?: string | null };
  errors?: unknown[];
  forward?: { change?: string; name?: string; email?: string; services?: unknown[] };
  assets?: { id?: string; name?: string | null; removed?: boolean }[];
  removedBy?: string;
  asked?: { service?: string; name?: string | null }[];
  stalled?: { since?: string; opened?: boolean };
};

/** The notification type of a recorded event: a forward's (or a hand-back's) request.updated reads as request.forwarded. */
export function notifyTypeOf(type: string, data: unknown): string {
  const change = (data as (EventData & { forward?: { change?: string } }) | null)?.forward?.change;
  if (type === "request.updated" && (change === "forwarded" || change === "declined")) return "request.forwarded";
  // the client removed it (their access page or removal link); the team's own removals are not news to it
  const removedBy = (data as EventData | null)?.removedBy;
  if (type === "access.removed" && !(typeof removedBy === "string" && removedBy.startsWith("client:")))
    return REMOVED_BY_TEAM;
  return type;
}

/**
 * One sentence, e.g. "Acme granted Meta Ads". `actor` is who acted, as `describeActor`
 * shows them: a member (or "Your team", "The API") for the agency, or the client's colleague;
 * null or the client when the client did it.
 */
export function notificationText(
  type: NotifyEventType | typeof AWAITING_CONFIRMATION | typeof INVITATION_REMINDER | typeof REMOVAL_ASKED,
  data: unknown,
  clientName: string,
  actor: ActorDisplay | null = null,
): string {
  const actorName = actor?.agencySide ? actor.label : null;
  // the client's side: the client, or a colleague they handed the service to
  const who = actor?.kind === "colleague" ? actor.label : clientName;
  const d = (data ?? {}) as EventData;
  const svcId = d.service?.service;
  const svc = (svcId && getCatalogService(svcId)?.name) || svcId || "a service";
  switch (type) {
    case "request.stalled": {
      const since = d.stalled?.since ? new Date(d.stalled.since) : null;
      const day = since && !Number.isNaN(since.getTime()) ? ` since ${stalledDay(since)}` : "";
      const what = d.stalled?.opened ? "has done nothing on the link" : "has not opened the link";
      return `Stalled: ${clientName} ${what}${day}. Next: copy the link and send it yourself, send it to another person, or call them`;
    }
    case AWAITING_CONFIRMATION:
      return `${clientName} says ${svc} is done: confirm that the access arrived`;
    case INVITATION_REMINDER: {
      const to = d.invitation?.sentTo;
      return `${clientName} granted ${svc} by invitation a day ago and it is still waiting for you to accept${to ? ` (sent to ${to})` : ""}`;
    }
    case "service.granted":
      return actorName ? `${actorName} marked ${svc} as granted for ${clientName}` : `${who} granted ${svc}`;
    case "service.skipped":
      return `${who} skipped ${svc}`;
    case "intake.completed":
      return `${clientName} completed the intake form`;
    case "request.completed":
      return actorName ? `${clientName}'s access request is complete` : `${clientName} completed their access request`;
    case "request.forwarded": {
      const f = d.forward;
      const names =
        (f?.services ?? []).map((s) => (typeof s === "string" && getCatalogService(s)?.name) || s).join(", ") ||
        "services";
      if (f?.change === "declined")
        return `${f.name ?? "The colleague"}${f.email ? ` (${f.email})` : ""} could not do ${names} and handed it back to ${clientName}`;
      return `${clientName} forwarded ${names} to ${f?.name ?? "a colleague"}${f?.email ? ` (${f.email})` : ""}`;
    }
    case "access.lost": {
      const names = (d.assets ?? []).map((a) => a.name || a.id).filter((n): n is string => !!n);
      return `${clientName}'s ${svc} access is gone${names.length ? ` (${names.join(", ")})` : ""}: ask for it again`;
    }
    case "access.removed": {
      const assets = d.assets ?? [];
      const named = (list: typeof assets) => list.map((a) => a.name || a.id).filter((n): n is string => !!n);
      const removed = named(assets.filter((a) => a.removed));
      const kept = named(assets.filter((a) => !a.removed));
      if (removed.length === 0)
        return `${who} tried to remove ${svc} access${kept.length ? ` (${kept.join(", ")})` : ""}, but it could not be removed: see the receipt`;
      return `${who} removed ${svc} access (${removed.join(", ")})${kept.length ? `; not removed: ${kept.join(", ")}` : ""}`;
    }
    case REMOVAL_ASKED: {
      const list = (d.asked ?? [])
        .map((a) => {
          const name = (a.service && getCatalogService(a.service)?.name) || a.service || "a service";
          return a.name ? `${name} (${a.name})` : name;
        })
        .join(", ");
      return `${clientName} asked you to remove access by hand, which the platform cannot do for them: ${list || "see the client"}`;
    }
    case "service.grant_failed": {
      const why = d.errors?.find((e) => typeof e === "string");
      return `Granting ${svc} for ${clientName} failed${typeof why === "string" ? `: ${why}` : ""}`;
    }
  }
}

/** "Tuesday 24 November" (UTC): the team's side of the product is in English. */
export function stalledDay(d: Date): string {
  return d.toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
}
