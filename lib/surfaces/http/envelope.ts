// The V2 envelope: success `{ data, meta: { requestId[, nextCursor] } }`, failure
// `{ error: { code, message, details }, meta: { requestId } }`.
import type { ApiError } from "@/lib/core/common/api-error";

const BASE_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, ...headers } });
}

export function successBody(data: unknown, requestId: string, nextCursor?: string | null) {
  return { data, meta: nextCursor === undefined ? { requestId } : { requestId, nextCursor } };
}

export function errorBody(err: ApiError, requestId: string) {
  return { error: { code: err.code, message: err.message, details: err.details }, meta: { requestId } };
}

export function errorResponse(err: ApiError, requestId: string, headers: Record<string, string> = {}): Response {
  return jsonResponse(err.status, errorBody(err, requestId), { "X-Request-Id": requestId, ...headers, ...err.headers });
}
