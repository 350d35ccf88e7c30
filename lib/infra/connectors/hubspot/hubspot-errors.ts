// HubSpot API errors (Error handling, https://developers.hubspot.com/docs/api/error-handling;
// API usage limits, https://developers.hubspot.com/docs/guides/apps/api-usage/usage-details):
// an HTTP status with `{ status: "error", message, correlationId, category }`.
//   401 (INVALID_AUTHENTICATION, EXPIRED_AUTHENTICATION): reauth
//   429 (category RATE_LIMITS, policyName TEN_SECONDLY_ROLLING or DAILY): retried by the
//   shared client (honouring Retry-After), then rate_limited
//   5xx: retried, then a server error
//   other 4xx (403 MISSING_SCOPES or a user without "Add and edit users", 400
//   VALIDATION_ERROR, 404 OBJECT_NOT_FOUND): the portal's own refusal, HubSpot's message shown
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";

export class HubSpotApiError extends Error {
  readonly status: number;
  readonly category: string | null;

  constructor(status: number, message: string, category: string | null) {
    super(message);
    this.name = "HubSpotApiError";
    this.status = status;
    this.category = category;
  }
}

export function hubspotError(res: HttpResponse): HubSpotApiError {
  const body = (res.json ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return new HubSpotApiError(
    res.status,
    text(body.message) ?? text(body.error_description) ?? `HTTP ${res.status}`,
    text(body.category) ?? text(body.status) ?? text(body.error),
  );
}

/** The whole-attempt error for a HubSpot error, or null when it concerns the portal's grant only. */
export function attemptError(err: HubSpotApiError): ConnectorError | null {
  if (err.status === 401)
    return new ConnectorError("reauth", "Your HubSpot sign-in has expired. Please sign in again.", { cause: err });
  if (err.status === 429)
    return new ConnectorError(
      "rate_limited",
      "HubSpot is limiting requests right now. Please try again in a few minutes.",
      { cause: err },
    );
  return null;
}

export function toConnectorError(err: unknown): ConnectorError {
  if (err instanceof ConnectorError) return err;
  if (err instanceof HubSpotApiError) {
    const whole = attemptError(err);
    if (whole) return whole;
    if (err.status >= 500)
      return new ConnectorError("server_error", `HubSpot answered ${err.status}: ${err.message}`, { cause: err });
    return new ConnectorError("platform_error", `HubSpot refused the request: ${err.message}`, { cause: err });
  }
  return new ConnectorError("server_error", `HubSpot call failed: ${(err as Error)?.message ?? String(err)}`, {
    cause: err,
  });
}
