// Snapchat Marketing API errors: an HTTP status with the envelope `{ request_status: "ERROR",
// request_id, debug_message, display_message, error_code }` (Errors,
// https://developers.snap.com/api/marketing-api/Ads-API/errors):
//   401: the token is expired or revoked (access tokens last 30 minutes) -> reauth
//   429: retried by the shared client, then rate_limited
//   5xx: retried, then a server error
//   other 4xx (403 no permission on the organization or ad account, 404 unknown entity,
//   400 bad value): the asset's own refusal, Snap's `display_message` shown
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
  const b = (res.json ?? {}) as Record<string, unknown>;
  const pick = (...keys: string[]) => keys.map((k) => b[k]).find((v): v is string => typeof v === "string" && v !== "");
  return new SnapchatApiError(res.status, pick("display_message", "debug_message", "error_description") ?? `HTTP ${res.status}`, pick("error_code", "error") ?? null);
}

export function attemptError(err: SnapchatApiError): ConnectorError | null {
  if (err.status === 401) return new ConnectorError("reauth", "Your Snapchat sign-in has expired. Please sign in again.", { cause: err });
  if (err.status === 429) return new ConnectorError("rate_limited", "Snapchat is limiting requests right now. Please try again in a few minutes.", { cause: err });
  return null;
}

export function toConnectorError(err: unknown): ConnectorError {
  if (err instanceof ConnectorError) return err;
  if (err instanceof SnapchatApiError) {
    const whole = attemptError(err);
    if (whole) return whole;
    if (err.status >= 500) return new ConnectorError("server_error", `Snapchat answered ${err.status}: ${err.message}`, { cause: err });
    return new ConnectorError("platform_error", `Snapchat refused the request: ${err.message}`, { cause: err });
  }
  return new ConnectorError("server_error", `Snapchat call failed: ${(err as Error)?.message ?? String(err)}`, { cause: err });
}
