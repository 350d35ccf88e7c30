// The entry point for edge runtimes (`@access-requests/sdk/edge`): everything the main entry
// has except the synchronous, `node:crypto`-based `verifyWebhook`; verify with
// `verifyWebhookAsync` (WebCrypto) or `createWebhookHandler`, which uses it.
export { createAccessRequestsClient, paginate } from "./client.js";
export type * from "./client.js";
export { AccessRequestsError, parseRetryAfter } from "./errors.js";
export type { ErrorCode, ErrorDetail } from "./errors.js";
export {
  verifyWebhookAsync,
  signTestPayload,
  WebhookVerificationError,
  SIGNATURE_HEADER,
  DEFAULT_TOLERANCE_SECONDS,
} from "./webhook-signature.js";
export type * from "./webhook-signature.js";
export {
  createWebhookHandler,
  createEventDeduplicator,
  createStateVersionGuard,
  MemoryEventIdStore,
  MemoryStateVersionStore,
} from "./webhook-receiver.js";
export type * from "./webhook-receiver.js";
export type { components, paths, webhooks } from "./generated/v2.js";
