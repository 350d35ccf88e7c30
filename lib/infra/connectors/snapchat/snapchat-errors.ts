// Snapchat Marketing API errors (Errors, https://developers.snap.com/api/marketing-api/Ads-API/errors;
// Rate Limits, https://developers.snap.com/api/marketing-api/Ads-API/rate-limits): an HTTP
// status with `{ request_status: "ERROR", request_id, debug_message, display_message,
// error_code }`; a create answers per item with `sub_request_status: "ERROR"` and
// `sub_request_error_reason`.
//   401 (Unauthorized: the token is expired or revoked) -> reauth
//   429 (Too Many Requests; app 20/s, token 10/s): retried by the shared client, then rate_limited
//   5xx: retried, then a server error
//   other 4xx (400 bad value, 403 not an admin of the organization, 404 unknown entity):
//   the asset's own refusal, with Snapchat's display_message shown
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";

export class SnapchatApiError extends Error {
  readonly status: number;
  readonly code: string | null;

  constructor(status: number, message: string, code: string | null) {
    super(message);
    this.name = "SnapchatApiError";
    this.status = status;
    this.code = code;
  }
}

export function snapchatError(res: HttpResponse): SnapchatApiError {
  const body = (res.json ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  const message =
    text(body.display_message) ?? text(body.debug_message) ?? text(body.error_description) ?? `HTTP ${res.status}`;
  return new SnapchatApiError(res.status, message, text(body.error_code) ?? text(body.error));
}

/** The whole-attempt error for a Snapchat error, or null when it concerns one asset. */
export function attemptError(err: SnapchatApiError): ConnectorError | null {
  if (err.status === 401)
    return new ConnectorError("reauth", "Your Snapchat sign-in has expired. Please sign in again.", { cause: err });
  if (err.status === 429)
    return new ConnectorError(
      "rate_limited",
      "Snapchat is limiting requests right now. Please try again in a few minutes.",
      { cause: err },
    );
  return null;
}

export function toConnectorError(err: unknown): ConnectorError {
  if (err instanceof ConnectorError) return err;
  if (err instanceof SnapchatApiError) {
    const whole = attemptError(err);
    if (whole) return whole;
    if (err.status >= 500)
      return new ConnectorError("server_error", `Snapchat answered ${err.status}: ${err.message}`, { cause: err });
    return new ConnectorError("platform_error", `Snapchat refused the request: ${err.message}`, { cause: err });
  }
  return new ConnectorError("server_error", `Snapchat call failed: ${(err as Error)?.message ?? String(err)}`, {
    cause: err,
  });
}
