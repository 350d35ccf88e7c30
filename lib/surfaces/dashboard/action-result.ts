// The result every dashboard server action returns to the page: data, or a message and
// per-field errors mapped from the same ApiError the API would send. Never a throw.
import { ApiError, type ErrorCode } from "@/lib/core/common/api-error";
import { toApiError } from "@/lib/core/common/to-api-error";

export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; code: ErrorCode; status: number; fieldErrors?: Record<string, string> };

export type ActionFailure = Extract<ActionResult<unknown>, { ok: false }>;

/** ApiError (or anything thrown) → the failure shape; the first message per field wins. */
export function toActionFailure(err: unknown): ActionFailure {
  const e = err instanceof ApiError ? err : toApiError(err);
  const fieldErrors: Record<string, string> = {};
  for (const d of e.details) {
    if (d.field && !(d.field in fieldErrors)) fieldErrors[d.field] = d.message;
  }
  return {
    ok: false,
    error: e.message,
    code: e.code,
    status: e.status,
    ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
  };
}
