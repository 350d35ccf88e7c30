// One access-log line and one metric observation per API call: request id, agency id,
// method, route (ids replaced, so the label set stays small), status and duration.
import { log } from "@/lib/infra/log";
import { observeHttp } from "@/lib/infra/metrics";

const UUID_SEGMENT = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi;
const NUMBER_SEGMENT = /\/\d+(?=\/|$)/g;

/** `/api/v2/requests/3f2a.../cancel` → `/api/v2/requests/:id/cancel`. */
export function routeLabel(pathname: string): string {
  return pathname.replace(UUID_SEGMENT, "/:id").replace(NUMBER_SEGMENT, "/:id").replace(/\/+$/, "") || "/";
}

export interface ApiCall {
  requestId: string;
  agencyId: string | null;
  method: string;
  pathname: string;
  status: number;
  startedAt: number;
  surface: "v1" | "v2" | "mcp";
}

export function logApiCall(call: ApiCall) {
  const seconds = (performance.now() - call.startedAt) / 1000;
  const route = routeLabel(call.pathname);
  try {
    observeHttp(route, call.method, call.status, seconds);
    log().info(
      {
        type: "access",
        surface: call.surface,
        requestId: call.requestId,
        agencyId: call.agencyId,
        method: call.method,
        route,
        status: call.status,
        durationMs: Math.round(seconds * 1000 * 10) / 10,
      },
      "api call",
    );
  } catch {
    // logging never fails a request
  }
}
