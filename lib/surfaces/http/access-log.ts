// One access-log line and one metric observation per API call: request id, agency id,
// method, route (ids replaced, so the label set stays small), status and duration.
// withAccessLog is the one place V1's, V2's and MCP's wrappers start the clock, hand out the
// request id and write the line once the response is ready.
import { log } from "@/lib/infra/log";
import { observeHttp } from "@/lib/infra/metrics";
import { newRequestId } from "@/lib/surfaces/http/request-id";

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

/** What a wrapped handler learns about its call: its request id, and the agency once the key is known. */
export interface CallRecord {
  requestId: string;
  agencyId: string | null;
}

/**
 * A route handler that writes one access-log line per call: `serve` gets the call's request
 * id and sets `call.agencyId` once it knows the agency; the line is written with the status
 * of the response it returns (`serve` turns its own failures into responses).
 */
export function withAccessLog<A extends unknown[]>(
  surface: ApiCall["surface"],
  serve: (req: Request, call: CallRecord, ...rest: A) => Promise<Response>,
): (req: Request, ...rest: A) => Promise<Response> {
  return async (req, ...rest) => {
    const startedAt = performance.now();
    const call: CallRecord = { requestId: newRequestId(), agencyId: null };
    const res = await serve(req, call, ...rest);
    logApiCall({
      ...call,
      method: req.method,
      pathname: new URL(req.url).pathname,
      status: res.status,
      startedAt,
      surface,
    });
    return res;
  };
}
