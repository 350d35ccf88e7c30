// The wrapper of dashboard JSON route handlers (TanStack Query reads, and mutations that are
// not server actions): session and role on the server, an Origin check on mutations, query
// and body parsing with the API's zod schemas, and the API's envelope for data and errors.
import type { z } from "zod";
import type { DashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { requirePermission } from "@/lib/surfaces/dashboard/dashboard-context";
import type { Permission } from "@/lib/core/auth/roles";
import { ApiError } from "@/lib/core/common/api-error";
import { errorResponse, jsonResponse, successBody } from "@/lib/surfaces/http/envelope";
import { newRequestId } from "@/lib/surfaces/http/request-id";
import { readJsonBody } from "@/lib/surfaces/http/read-json-body";
import { toApiError, zodToApiError } from "@/lib/core/common/to-api-error";
import { isSafeMethod, isSameOrigin } from "@/lib/surfaces/dashboard/same-origin";

import { refuseControlCharacters } from "@/lib/surfaces/http/query-controls";
import { readRouteParams, type RouteContext, type RouteParams } from "@/lib/surfaces/http/route-params";

export interface DashboardHandlerContext<Q, B, P extends string = never> {
  req: Request;
  ctx: DashboardContext;
  params: RouteParams<P>;
  query: Q;
  body: B;
}

export interface DashboardHandlerResult {
  status?: number;
  data: unknown;
  nextCursor?: string | null;
}

export interface WithDashboardOptions<Q, B, P extends string = never> {
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** path parameters that must be uuids (others read as 404) */
  uuidParams?: readonly P[];
}

export function withDashboard<Q = undefined, B = undefined, P extends string = never>(
  permission: Permission,
  /** Returns data for the envelope, or a ready Response (a file download, for example). */
  handler: (c: DashboardHandlerContext<Q, B, P>) => Promise<DashboardHandlerResult | Response>,
  opts: WithDashboardOptions<Q, B, P> = {},
) {
  return async (req: Request, route?: RouteContext): Promise<Response> => {
    const requestId = newRequestId();
    try {
      if (!isSafeMethod(req.method) && !isSameOrigin(req))
        throw new ApiError("FORBIDDEN", "Cross-site requests are refused.");
      const ctx = await requirePermission(permission);
      const params = await readRouteParams(route, opts.uuidParams);

      refuseControlCharacters(new URL(req.url).searchParams);
      let query = undefined as Q;
      if (opts.query) {
        const parsed = opts.query.safeParse(Object.fromEntries(new URL(req.url).searchParams));
        if (!parsed.success) throw zodToApiError(parsed.error);
        query = parsed.data;
      }
      let body = undefined as B;
      if (opts.body) {
        const parsed = opts.body.safeParse(await readJsonBody(req));
        if (!parsed.success) throw zodToApiError(parsed.error);
        body = parsed.data;
      }
      const result = await handler({ req, ctx, params, query, body });
      if (result instanceof Response) return result;
      return jsonResponse(result.status ?? 200, successBody(result.data, requestId, result.nextCursor), {
        "X-Request-Id": requestId,
      });
    } catch (err) {
      return errorResponse(toApiError(err, requestId), requestId);
    }
  };
}
