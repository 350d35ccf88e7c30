// The one error type of the service and the one table of codes to HTTP statuses.
// Domain code throws ApiError; the surface wrappers turn it into their envelope.
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  CAPABILITY_REQUIRED: 403,
  PLAN_NOT_ENTITLED: 403,
  PLAN_LIMIT_REACHED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  EXTERNAL_CLIENT_ID_IMMUTABLE: 409,
  EXTERNAL_CLIENT_ID_CONFLICT: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  INVALID_STATE: 409,
  CONFLICT: 409,
  LIMIT_REACHED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  field?: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export function notFound(what = "Object"): ApiError {
  return new ApiError("NOT_FOUND", `${what} not found.`);
}

export function validationError(field: string, message: string): ApiError {
  return new ApiError("VALIDATION_FAILED", `${field}: ${message}`, [{ field, message }]);
}
