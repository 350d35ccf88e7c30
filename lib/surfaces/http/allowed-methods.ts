// The methods each API path serves, for the method screen in proxy.ts (which answers before
// Next.js does for OPTIONS, TRACE and methods no route can export). The route files declare
// the same sets with otherMethods()/legacyOtherMethods(); a test holds the two together.
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

const ID = "[^/]+";
const route = (path: string, ...methods: RouteMethod[]) => ({ pattern: new RegExp(`^${path}/?$`), path, methods });

export const V2_PATH_METHODS = [
  route("/me", "GET"),
  route("/clients", "GET", "POST"),
  route(`/clients/${ID}`, "GET", "PATCH"),
  route(`/clients/${ID}/access`, "GET"),
  route("/requests", "GET", "POST"),
  route(`/requests/${ID}`, "GET"),
  route(`/requests/${ID}/cancel`, "POST"),
  route("/accounts", "GET"),
  route("/services", "GET"),
  route("/usage", "GET"),
  route("/openapi.json", "GET"),
  route("/webhooks", "GET", "POST"),
  route(`/webhooks/${ID}`, "GET", "PATCH", "DELETE"),
  route(`/webhooks/${ID}/pause`, "POST"),
  route(`/webhooks/${ID}/resume`, "POST"),
  route(`/webhooks/${ID}/rotate-secret`, "POST"),
  route(`/webhooks/${ID}/test`, "POST"),
  route(`/webhooks/${ID}/deliveries`, "GET"),
];

export const V1_PATH_METHODS = [
  route("/clients/create", "POST"),
  route("/clients/update", "POST"),
  route("/clients/retrieve", "GET"),
  route("/links/create", "POST"),
  route("/links/update", "POST"),
  route("/links/retrieve", "GET"),
  route("/migration-guide", "GET"),
];

/** The methods a path under the version prefix serves, or null for an unknown path. */
export function allowedMethods(version: "v1" | "v2", subpath: string): readonly RouteMethod[] | null {
  const table = version === "v2" ? V2_PATH_METHODS : V1_PATH_METHODS;
  return table.find((r) => r.pattern.test(subpath))?.methods ?? null;
}
