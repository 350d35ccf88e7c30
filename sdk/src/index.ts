// The package's entry point: the typed API client and the webhook receiver helper (Node;
// edge runtimes import `@access-requests/sdk/edge`, which leaves out `node:crypto`).
export { createAccessRequestsClient, paginate } from "./client.js";
export type * from "./client.js";
export { AccessRequestsError, parseRetryAfter } from "./errors.js";
export type { ErrorCode, ErrorDetail } from "./errors.js";
export {
  verifyWebhook,
  verifyWebhookAsync,
  signTestPayload,
  createWebhookHandler,
  createEventDeduplicator,
  createStateVersionGuard,
  MemoryEventIdStore,
  MemoryStateVersionStore,
  WebhookVerificationError,
  SIGNATURE_HEADER,
  DEFAULT_TOLERANCE_SECONDS,
} from "./webhooks.js";
export type * from "./webhooks.js";
export type { components, paths, webhooks } from "./generated/v2.js";
