// API key scopes. The spec names the first eight; `accounts:read`, `webhooks:read` and
// `webhooks:write` are ours (GET /services and GET /me need no scope).
export const API_SCOPES = [
  "clients:read",
  "clients:create",
  "clients:update",
  "requests:read",
  "requests:create",
  "requests:update",
  "requests:cancel",
  "usage:read",
  "accounts:read",
  "webhooks:read",
  "webhooks:write",
] as const;

export type ApiScope = (typeof API_SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  "clients:read": "List and read clients (V2 GET /clients, V1 clients/retrieve).",
  "clients:create": "Create clients.",
  "clients:update": "Update clients.",
  "requests:read": "List and read access requests (V1 links/retrieve).",
  "requests:create": "Create access requests (V1 links/create).",
  "requests:update": "Change a request's services (V1 links/update only).",
  "requests:cancel": "Cancel access requests.",
  "usage:read": "Read this month's access-link usage.",
  "accounts:read": "List the agency's connected accounts (GET /accounts; keys with requests:create may list them too).",
  "webhooks:read": "List and read webhooks and their delivery logs.",
  "webhooks:write": "Create, change, pause, rotate, test and delete webhooks.",
};

export function isApiScope(s: string): s is ApiScope {
  return (API_SCOPES as readonly string[]).includes(s);
}
