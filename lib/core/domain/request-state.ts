// The access request state machine: the effective status (deadline applied),
// the completion rule, progress, and every transition the client, the agency
// and the expiry sweep can cause, with the events each one records. Pure: the
// caller loads the state, applies one action and persists `next` and `events`
// in one transaction.

import { isExpired } from "@/lib/core/domain/expiry";

export const REQUEST_STATUSES = ["pending", "in_progress", "completed", "cancelled", "expired"] as const;
export const SERVICE_STATUSES = ["pending", "granted", "skipped"] as const;

export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export interface ServiceState {
  serviceId: string;
  optional: boolean;
  status: ServiceStatus;
  /** The client says they sent an invite the agency has not confirmed; the service is still pending. */
  awaitingConfirmation: boolean;
}

export interface RequestState {
  /** As recorded in the database; see `effectiveStatus` for what readers see. */
  status: RequestStatus;
  stateVersion: number;
  expiresAt: Date | null;
  intakeRequested: boolean;
  intakeCompleted: boolean;
  services: ServiceState[];
}

export type ClientAction =
  | { kind: "grant"; serviceId: string }
  | { kind: "skip"; serviceId: string }
  | { kind: "reopen"; serviceId: string }
  | { kind: "invite_sent"; serviceId: string }
  | { kind: "submit_intake" };

export type AgencyAction =
  | { kind: "mark_granted"; serviceId: string }
  | { kind: "unmark_granted"; serviceId: string }
  | { kind: "confirm_invite"; serviceId: string }
  | { kind: "cancel" };

export type SweepAction = { kind: "expire" };

export type RequestAction = ClientAction | AgencyAction | SweepAction;

export type DomainEventType =
  | "request.updated"
  | "service.granted"
  | "service.skipped"
  | "intake.completed"
  | "request.completed"
  | "request.cancelled"
  | "request.expired";

export interface DomainEvent {
  type: DomainEventType;
  serviceId?: string;
}

export type TransitionErrorCode = "INVALID_STATE" | "NOT_FOUND" | "NOT_ALLOWED";

export type TransitionResult =
  | {
      ok: true;
      changed: boolean;
      next: RequestState;
      /** In the order they are to be recorded. */
      events: DomainEvent[];
      completedNow: boolean;
      cancelledNow: boolean;
      expiredNow: boolean;
    }
  | { ok: false; code: TransitionErrorCode; message: string };

const CLIENT_KINDS: ReadonlySet<RequestAction["kind"]> = new Set([
  "grant",
  "skip",
  "reopen",
  "invite_sent",
  "submit_intake",
]);

export function isClientAction(action: RequestAction): action is ClientAction {
  return CLIENT_KINDS.has(action.kind);
}

/** What the API reports: an open request past its deadline is `expired` before the sweep records it. */
export function effectiveStatus(state: Pick<RequestState, "status" | "expiresAt">, now: Date): RequestStatus {
  const open = state.status === "pending" || state.status === "in_progress";
  return open && isExpired(state.expiresAt, now) ? "expired" : state.status;
}

/**
 * The completion rule: every service granted or, if optional, skipped; not
 * every service skipped; the intake form submitted if requested. A request
 * with no services completes on the intake alone. A service awaiting the
 * agency's confirmation is still pending, so it holds completion back.
 */
export function isComplete(state: Pick<RequestState, "services" | "intakeRequested" | "intakeCompleted">): boolean {
  if (state.intakeRequested && !state.intakeCompleted) return false;
  const { services } = state;
  if (services.length === 0) return state.intakeRequested;
  const settled = services.every((s) => s.status === "granted" || (s.status === "skipped" && s.optional));
  const allSkipped = services.every((s) => s.status === "skipped");
  return settled && !allSkipped;
}

/** Granted and skipped services count as done; the intake counts as one more step when requested. */
export function progress(state: Pick<RequestState, "services" | "intakeRequested" | "intakeCompleted">): {
  done: number;
  total: number;
} {
  const settled = state.services.filter((s) => s.status !== "pending").length;
  const intake = state.intakeRequested ? 1 : 0;
  return {
    done: settled + (state.intakeRequested && state.intakeCompleted ? 1 : 0),
    total: state.services.length + intake,
  };
}

type Failure = Extract<TransitionResult, { ok: false }>;
type Success = Extract<TransitionResult, { ok: true }>;

function fail(code: TransitionErrorCode, message: string): Failure {
  return { ok: false, code, message };
}

// A copy even when nothing changed, so a caller may edit `next` without touching its input.
function unchanged(state: RequestState): Success {
  return {
    ok: true,
    changed: false,
    next: copy(state),
    events: [],
    completedNow: false,
    cancelledNow: false,
    expiredNow: false,
  };
}

function copy(state: RequestState): RequestState {
  return { ...state, services: state.services.map((s) => ({ ...s })) };
}

export function applyAction(state: RequestState, action: RequestAction, now: Date): TransitionResult {
  const status = effectiveStatus(state, now);

  // The sweep is idempotent and never fails: anything but an open request past its deadline is left alone.
  if (action.kind === "expire") {
    if (status !== "expired" || state.status === "expired") return unchanged(state);
    return finish(state, { ...copy(state), status: "expired" }, [{ type: "request.expired" }], { expiredNow: true });
  }

  if (action.kind === "cancel") {
    if (status === "cancelled") return unchanged(state);
    if (status === "completed" || status === "expired") {
      return fail("INVALID_STATE", `${status === "expired" ? "An" : "A"} ${status} request cannot be cancelled`);
    }
    return finish(state, { ...copy(state), status: "cancelled" }, [{ type: "request.cancelled" }], {
      cancelledNow: true,
    });
  }

  if (status === "cancelled" || status === "expired") {
    return fail("INVALID_STATE", `The request is ${status}`);
  }
  if (status === "completed" && isClientAction(action)) {
    return fail("INVALID_STATE", "The request is already completed");
  }

  const next = copy(state);
  const events: DomainEvent[] = [];

  if (action.kind === "submit_intake") {
    if (!state.intakeRequested) return fail("NOT_ALLOWED", "This request has no intake form");
    if (state.intakeCompleted) return unchanged(state);
    next.intakeCompleted = true;
    events.push({ type: "intake.completed" });
    return settle(state, next, events);
  }

  const service = next.services.find((s) => s.serviceId === action.serviceId);
  if (!service) return fail("NOT_FOUND", `Service ${action.serviceId} is not part of this request`);
  const { serviceId } = service;

  const grant = (): TransitionResult => {
    if (service.status === "granted") return unchanged(state);
    if (service.status === "skipped")
      return fail("INVALID_STATE", "A skipped service must be reopened before it is granted");
    service.status = "granted";
    service.awaitingConfirmation = false;
    events.push({ type: "service.granted", serviceId });
    return settle(state, next, events);
  };

  switch (action.kind) {
    case "grant":
    case "mark_granted":
      return grant();

    case "invite_sent":
      // No platform is granted by the client's word: every "I've sent the invite" and "I've
      // done this" waits for the agency's confirmation (confirm_invite).
      if (service.status === "granted" || service.awaitingConfirmation) return unchanged(state);
      if (service.status === "skipped") return fail("INVALID_STATE", "A skipped service must be reopened first");
      service.awaitingConfirmation = true;
      events.push({ type: "request.updated", serviceId });
      return settle(state, next, events);

    case "confirm_invite":
      if (service.status === "granted") return unchanged(state);
      if (service.status !== "pending" || !service.awaitingConfirmation) {
        return fail("NOT_ALLOWED", "The client has not reported sending an invite for this service");
      }
      return grant();

    case "skip":
      if (!service.optional) return fail("NOT_ALLOWED", "Required services cannot be skipped");
      if (service.status === "skipped") return unchanged(state);
      if (service.status === "granted") return fail("INVALID_STATE", "A granted service cannot be skipped");
      service.status = "skipped";
      service.awaitingConfirmation = false;
      events.push({ type: "service.skipped", serviceId });
      return settle(state, next, events);

    case "reopen":
      if (service.status === "pending") return unchanged(state);
      if (service.status === "granted") return fail("INVALID_STATE", "Only a skipped service can be reopened");
      service.status = "pending";
      events.push({ type: "request.updated", serviceId });
      return settle(state, next, events);

    case "unmark_granted":
      if (service.status === "pending") return unchanged(state);
      if (service.status === "skipped") return fail("INVALID_STATE", "Only a granted service can be unmarked");
      service.status = "pending";
      events.push({ type: "request.updated", serviceId });
      // Unmarking a grant undoes completion; completedAt is left to the caller.
      if (next.status === "completed") next.status = "in_progress";
      return settle(state, next, events);
  }
}

/** After a client or agency change: leave `pending` (silently), then complete if the rule now holds. */
function settle(prev: RequestState, next: RequestState, events: DomainEvent[]): TransitionResult {
  if (next.status === "pending") next.status = "in_progress";
  let completedNow = false;
  if (next.status !== "completed" && isComplete(next)) {
    next.status = "completed";
    events.push({ type: "request.completed" });
    completedNow = true;
  }
  return finish(prev, next, events, { completedNow });
}

function finish(
  prev: RequestState,
  next: RequestState,
  events: DomainEvent[],
  flags: Partial<Pick<Success, "completedNow" | "cancelledNow" | "expiredNow">>,
): Success {
  next.stateVersion = prev.stateVersion + 1;
  return {
    ok: true,
    changed: true,
    next,
    events,
    completedNow: flags.completedNow ?? false,
    cancelledNow: flags.cancelledNow ?? false,
    expiredNow: flags.expiredNow ?? false,
  };
}
