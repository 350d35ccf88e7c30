// Maps anything thrown by a handler to an ApiError: zod issues become VALIDATION_FAILED
// with one detail per field, unique violations the right 409, anything unknown a logged 500.
import { log } from "@/lib/infra/log";
import { z } from "zod";
import { ApiError } from "@/lib/core/common/api-error";
import { isDatabaseUnavailable } from "@/lib/infra/db/db";

/** Seconds a client is asked to wait when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function fieldPath(path: readonly PropertyKey[], prefix?: string): string {
  const parts = prefix ? [prefix, ...path.map(String)] : path.map(String);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), "");
}

export function zodToApiError(err: z.ZodError, prefix?: string): ApiError {
  const details = err.issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((k) => ({
        field: fieldPath([...issue.path, k], prefix),
        message: "Unknown field.",
      }));
    }
    const field = fieldPath(issue.path, prefix);
    return [{ ...(field ? { field } : {}), message: issue.message }];
  });
  const first = details[0];
  const message = first ? (first.field ? `${first.field}: ${first.message}` : first.message) : "Invalid request.";
  return new ApiError(
    "VALIDATION_FAILED",
    details.length > 1 ? `${message} (and ${details.length - 1} more)` : message,
    details,
  );
}

function prismaCode(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "code" in err && typeof err.code === "string"
    ? (err as { code: string }).code
    : undefined;
}

export function isUniqueViolation(err: unknown, fieldHint?: string): boolean {
  if (prismaCode(err) !== "P2002") return false;
  if (!fieldHint) return true;
  return (
    JSON.stringify((err as { meta?: unknown }).meta ?? {}).includes(fieldHint) ||
    String((err as Error).message).includes(fieldHint)
  );
}

export function toApiError(err: unknown, requestId?: string): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof z.ZodError) return zodToApiError(err);
  if (isUniqueViolation(err, "externalClientId")) {
    return new ApiError("EXTERNAL_CLIENT_ID_CONFLICT", "externalClientId is already used by another client.", [
      { field: "externalClientId", message: "Already in use." },
    ]);
  }
  if (isDatabaseUnavailable(err)) {
    log().error({ requestId: requestId ?? null, err: (err as Error)?.message ?? err }, "database unavailable");
    return new ApiError("SERVICE_UNAVAILABLE", "The service is temporarily unavailable; retry shortly.", [], {
      "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
  }
  const code = prismaCode(err);
  if (code === "P2028" || code === "55P03") {
    return new ApiError("SERVICE_UNAVAILABLE", "The service is busy; retry shortly.", [], { "Retry-After": "1" });
  }
  log().error({ requestId: requestId ?? null, err }, "unexpected error");
  return new ApiError(
    "INTERNAL",
    `An unexpected error occurred. Quote request id ${requestId ?? "(none)"} when reporting it.`,
  );
}
