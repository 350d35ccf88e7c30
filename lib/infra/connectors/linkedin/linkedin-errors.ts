// LinkedIn API errors are HTTP statuses with a JSON body `{ status, serviceErrorCode, code,
// message }` (API error handling,
// https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/error-handling):
//   401 (EXPIRED_ACCESS_TOKEN, REVOKED_ACCESS_TOKEN, INVALID_ACCESS_TOKEN): reauth
//   429 (application or member throttle): retried by the shared client, then rate_limited
//   5xx: retried, then the platform unavailable (the shared mapping, platform-errors.ts)
//   409: the entity already exists (counted as already granted where a grant answers it)
//   other 4xx (403 not enough permissions, 404 unknown entity, 400/422 bad value): the
//   asset's own refusal, with LinkedIn's message shown to the client
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { PlatformApiError } from "@/lib/infra/connectors/platform-errors";

export class LinkedInApiError extends PlatformApiError {
  readonly code: string | null;

  constructor(status: number, message: string, code: string | null) {
    super("LinkedIn", status, message);
    this.name = "LinkedInApiError";
    this.code = code;
  }
}

export function linkedinError(res: HttpResponse): LinkedInApiError {
  const body = (res.json ?? {}) as { message?: unknown; code?: unknown; error_description?: unknown; error?: unknown };
  const message =
    typeof body.message === "string"
      ? body.message
      : typeof body.error_description === "string"
        ? body.error_description
        : `HTTP ${res.status}`;
  const code = typeof body.code === "string" ? body.code : typeof body.error === "string" ? body.error : null;
  return new LinkedInApiError(res.status, message, code);
}
