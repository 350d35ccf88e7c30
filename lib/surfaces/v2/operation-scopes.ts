// The scope each V2 operation needs, declared once: the route's wrapper enforces it
// (withApiKey's `operation`), the OpenAPI document states it (security, `x-required-scope` and
// the description's sentence, from registerOperation) and each MCP tool checks the scope of the
// operation it mirrors. lib/surfaces/http/surface-inventory.integration.test.ts proves that
// every V2 route refuses a key without its operation's scope here and accepts one with it.
import type { ApiScope } from "@/lib/core/auth/scopes";

/** The scope the key needs, a list of which any one suffices, or null: any valid key. */
export type OperationScope = ApiScope | readonly ApiScope[] | null;

/** Every authenticated V2 operation, by its operationId in the OpenAPI document. */
export const OPERATION_SCOPES = {
  getMe: null,
  listServices: null,
  createClient: "clients:create",
  listClients: "clients:read",
  getClient: "clients:read",
  getClientAccess: "clients:read",
  updateClient: "clients:update",
  createRequest: "requests:create",
  listRequests: "requests:read",
  getRequest: "requests:read",
  cancelRequest: "requests:cancel",
  listAccounts: ["requests:create", "accounts:read"],
  getUsage: "usage:read",
  createWebhook: "webhooks:write",
  listWebhooks: "webhooks:read",
  getWebhook: "webhooks:read",
  updateWebhook: "webhooks:write",
  deleteWebhook: "webhooks:write",
  pauseWebhook: "webhooks:write",
  resumeWebhook: "webhooks:write",
  rotateWebhookSecret: "webhooks:write",
  testWebhook: "webhooks:write",
  listWebhookDeliveries: "webhooks:read",
} as const satisfies Record<string, OperationScope>;

export type V2OperationId = keyof typeof OPERATION_SCOPES;

/** The operation's scope as a list of which any one suffices; null when none is needed. */
export function scopesOf(operation: V2OperationId): readonly ApiScope[] | null {
  const scope: OperationScope = OPERATION_SCOPES[operation];
  if (scope === null) return null;
  return typeof scope === "string" ? [scope] : scope;
}
