// LinkedIn API errors are HTTP statuses with a JSON body `{ status, serviceErrorCode, code,
// message }` (API error handling,
// https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/error-handling):
//   401 (EXPIRED_ACCESS_TOKEN, REVOKED_ACCESS_TOKEN, INVALID_ACCESS_TOKEN): reauth
//   429 (application or member throttle): retried by the shared client, then rate_limited
//   5xx: retried, then a server error
//   409: the entity already exists (counted as already granted where a grant answers it)
//   other 4xx (403 not enough permissions, 404 unknown entity, 400/422 bad value): the
//   asset's own refusal, with LinkedIn's message shown to the client
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";

export class LinkedInApiError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(status: number, message: string, code: string | null) {
    super(message);
    this.name = "LinkedInApiError";
    this.status = status;
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

/** The whole-attempt error for a LinkedIn error, or null when it concerns one asset. */
export function attemptError(err: LinkedInApiError): ConnectorError | null {
  if (err.status === 401)
    return new ConnectorError("reauth", "Your LinkedIn sign-in has expired. Please sign in again.", { cause: err });
  if (err.status === 429)
    return new ConnectorError(
      "rate_limited",
      "LinkedIn is limiting requests right now. Please try again in a few minutes.",
      { cause: err },
    );
  return null;
}

export function toConnectorError(err: unknown): ConnectorError {
  if (err instanceof ConnectorError) return err;
  if (err instanceof LinkedInApiError) {
    const whole = attemptError(err);
    if (whole) return whole;
    // An outage that outlasted the retries: the client tries again in a few minutes.
    if (err.status >= 500)
      return new ConnectorError(
        "rate_limited",
        "LinkedIn is not answering right now. Please try again in a few minutes.",
        { cause: err },
      );
    return new ConnectorError("platform_error", `LinkedIn refused the request: ${err.message}`, { cause: err });
  }
  return new ConnectorError("server_error", `LinkedIn call failed: ${(err as Error)?.message ?? String(err)}`, {
    cause: err,
  });
}
