// Pinterest API v5 errors are HTTP statuses with a JSON body `{ code, message }` (the
// `Error` schema of every operation's `default` response in Pinterest's OpenAPI
// description, https://github.com/pinterest/api-description, v5/openapi.yaml; Rate
// limits, https://developers.pinterest.com/docs/reference/rate-limits/):
//   401 (code 2, "Authentication failed"): the token is expired or revoked -> reauth
//   429 (code 8 / 29 and others): retried by the shared client, then rate_limited
//   5xx: retried, then a server error
//   other 4xx (403 no permission on the business or asset, 404 unknown asset or
//   partner, 400 bad value): the asset's own refusal, Pinterest's message shown
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";

export class PinterestApiError extends Error {
  readonly status: number;
  readonly code: number | string | null;

  constructor(status: number, message: string, code: number | string | null) {
    super(message);
    this.name = "PinterestApiError";
    this.status = status;
    this.code = code;
  }
}

export function pinterestError(res: HttpResponse): PinterestApiError {
  const body = (res.json ?? {}) as { code?: unknown; message?: unknown; error?: unknown; error_description?: unknown };
  const message =
    typeof body.message === "string"
      ? body.message
      : typeof body.error_description === "string"
        ? body.error_description
        : `HTTP ${res.status}`;
  const code =
    typeof body.code === "number" || typeof body.code === "string"
      ? body.code
      : typeof body.error === "string"
        ? body.error
        : null;
  return new PinterestApiError(res.status, message, code);
}

/** The whole-attempt error for a Pinterest error, or null when it concerns one asset. */
export function attemptError(err: PinterestApiError): ConnectorError | null {
  if (err.status === 401)
    return new ConnectorError("reauth", "Your Pinterest sign-in has expired. Please sign in again.", { cause: err });
  if (err.status === 429)
    return new ConnectorError(
      "rate_limited",
      "Pinterest is limiting requests right now. Please try again in a few minutes.",
      { cause: err },
    );
  return null;
}

export function toConnectorError(err: unknown): ConnectorError {
  if (err instanceof ConnectorError) return err;
  if (err instanceof PinterestApiError) {
    const whole = attemptError(err);
    if (whole) return whole;
    // An outage that outlasted the retries: the client tries again in a few minutes.
    if (err.status >= 500)
      return new ConnectorError(
        "rate_limited",
        "Pinterest is not answering right now. Please try again in a few minutes.",
        { cause: err },
      );
    return new ConnectorError("platform_error", `Pinterest refused the request: ${err.message}`, { cause: err });
  }
  return new ConnectorError("server_error", `Pinterest call failed: ${(err as Error)?.message ?? String(err)}`, {
    cause: err,
  });
}
