// The method screen of the public APIs, run by proxy.ts before Next.js routes the request.
// Route handlers can only export GET, HEAD, OPTIONS, POST, PUT, PATCH and DELETE; for any
// other method (TRACE, QUERY, PROPFIND...) Next.js answers outside our envelope, and its
// automatic OPTIONS advertises every exported method. Here OPTIONS answers with the path's
// real Allow, and other methods get 405 METHOD_NOT_ALLOWED in the API's own error format.
import { ApiError } from "@/lib/core/common/api-error";
import { errorResponse } from "@/lib/surfaces/http/envelope";
import { newRequestId } from "@/lib/surfaces/http/request-id";
import { allowedMethods, ROUTE_METHODS } from "@/lib/surfaces/http/allowed-methods";
import { legacyHeaders } from "@/lib/surfaces/http/legacy-headers";

const ROUTED = new Set<string>([...ROUTE_METHODS, "HEAD"]);
const PREFIX = /^\/api\/(v1|v2)(\/.*)?$/;

function legacyFailure(status: number, msg: string, headers: Record<string, string>): Response {
  return new Response(JSON.stringify({ error: true, msg }), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...legacyHeaders(),
      ...headers,
    },
  });
}

/** The answer for a method the routes do not handle themselves, or null to let the request through. */
export function screenMethod(method: string, pathname: string): Response | null {
  const m = PREFIX.exec(pathname);
  if (!m || ROUTED.has(method)) return null;
  const version = m[1] as "v1" | "v2";
  const requestId = newRequestId();
  const allowed = allowedMethods(version, m[2] ?? "/");
  const shownMethod = method.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 20);
  if (!allowed) {
    return version === "v2"
      ? errorResponse(new ApiError("NOT_FOUND", "No such endpoint. See /api/v2/openapi.json."), requestId)
      : legacyFailure(404, "No such endpoint. V1 is deprecated; see /api/v1/migration-guide.", {
          "X-Request-Id": requestId,
        });
  }
  const allow = allowed.join(", ");
  if (method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: {
        Allow: allow,
        "X-Request-Id": requestId,
        "Cache-Control": "no-store",
        ...(version === "v1" ? legacyHeaders() : {}),
      },
    });
  }
  const message = `Method ${shownMethod || "?"} not allowed. Allowed: ${allow}.`;
  return version === "v2"
    ? errorResponse(new ApiError("METHOD_NOT_ALLOWED", message), requestId, { Allow: allow })
    : legacyFailure(405, message, { Allow: allow, "X-Request-Id": requestId });
}
