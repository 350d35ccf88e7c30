// The SDK's typed failure: every non-2xx answer of the API becomes an AccessRequestsError
// carrying the stable error code, the request id to quote, and the field-level details. A call
// that got no answer at all fails with status 0 and `NETWORK_ERROR` or `TIMEOUT` (after the
// retries the call was allowed).
import type { components } from "./generated/v2.js";

export type ErrorCode = components["schemas"]["ErrorEnvelope"]["error"]["code"];
export type ErrorDetail = components["schemas"]["ErrorEnvelope"]["error"]["details"][number];
/** Codes of the SDK's own: no API envelope, no answer in time, no answer at all. */
export type ClientErrorCode = "UNKNOWN" | "TIMEOUT" | "NETWORK_ERROR";

export class AccessRequestsError extends Error {
  override readonly name = "AccessRequestsError";
  /** The HTTP status; 0 when no answer arrived (NETWORK_ERROR, TIMEOUT). */
  readonly status: number;
  /** The stable error code; `UNKNOWN` when the answer was not in the API's envelope. */
  readonly code: ErrorCode | ClientErrorCode;
  /** The call's request id (`req_...`); quote it when reporting a problem. */
  readonly requestId: string | null;
  readonly details: ErrorDetail[];
  /** Seconds from `Retry-After`, when the answer had one. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    requestId: string | null;
    details?: ErrorDetail[];
    retryAfter?: number | null;
    cause?: unknown;
  }) {
    super(
      init.requestId ? `${init.code}: ${init.message} (request ${init.requestId})` : `${init.code}: ${init.message}`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details ?? [];
    this.retryAfter = init.retryAfter ?? null;
  }

  /** The error of a failed response, from its parsed body when it is the API's envelope. */
  static fromResponse(response: Response, body: unknown): AccessRequestsError {
    const envelope = body as
      { error?: { code?: unknown; message?: unknown; details?: unknown }; meta?: { requestId?: unknown } } | undefined;
    const err = envelope?.error;
    const requestId =
      typeof envelope?.meta?.requestId === "string" ? envelope.meta.requestId : response.headers.get("x-request-id");
    const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
    if (err && typeof err.code === "string" && typeof err.message === "string") {
      return new AccessRequestsError({
        status: response.status,
        code: err.code as ErrorCode,
        message: err.message,
        requestId,
        details: Array.isArray(err.details) ? (err.details as ErrorDetail[]) : [],
        retryAfter,
      });
    }
    return new AccessRequestsError({
      status: response.status,
      code: "UNKNOWN",
      message: `HTTP ${response.status} without an error body`,
      requestId,
      retryAfter,
    });
  }
}

/** `Retry-After` in seconds (delta-seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
