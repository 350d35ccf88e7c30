// The webhook event types and the date of the contents' shape. Kept apart from the schemas
// so the webhook body schemas can use the list without loading the event contents.
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
  "access.lost",
  "access.removed",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Events beyond the spec. A webhook receives them only when it lists them by name:
 * `["*"]` keeps meaning the spec's events, so existing webhooks get nothing new.
 */
export const EXTENSION_EVENT_TYPES = ["access.lost", "access.removed"] as const satisfies readonly EventType[];

export function isExtensionEvent(type: string): boolean {
  return (EXTENSION_EVENT_TYPES as readonly string[]).includes(type);
}
