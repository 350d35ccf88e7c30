// The webhook event types a webhook can subscribe to (spec: Events, Event types; the two
// `access.*` types are this service's additions, received only when listed by name).
import type { INodePropertyOptions } from "n8n-workflow";

export const EVENT_OPTIONS: INodePropertyOptions[] = [
  { name: "Access Lost", value: "access.lost" },
  { name: "Access Removed", value: "access.removed" },
  { name: "All Events of the Spec", value: "*" },
  { name: "Client Created", value: "client.created" },
  { name: "Connection Attempt Completed", value: "connection.attempt_completed" },
  { name: "Intake Completed", value: "intake.completed" },
  { name: "Request Cancelled", value: "request.cancelled" },
  { name: "Request Completed", value: "request.completed" },
  { name: "Request Created", value: "request.created" },
  { name: "Request Expired", value: "request.expired" },
  { name: "Request Updated", value: "request.updated" },
  { name: "Service Grant Failed", value: "service.grant_failed" },
  { name: "Service Granted", value: "service.granted" },
  { name: "Service Skipped", value: "service.skipped" },
  { name: "Webhook Test", value: "webhook.test" },
];
