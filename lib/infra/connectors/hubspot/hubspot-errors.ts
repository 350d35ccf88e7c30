// HubSpot API errors (Error handling, https://developers.hubspot.com/docs/api/error-handling;
// API usage limits, https://developers.hubspot.com/docs/guides/apps/api-usage/usage-details):
// an HTTP status with `{ status: "error", message, correlationId, category }`.
//   401 (INVALID_AUTHENTICATION, EXPIRED_AUTHENTICATION): reauth
//   429 (category RATE_LIMITS, policyName TEN_SECONDLY_ROLLING or DAILY): retried by the
//   shared client (honouring Retry-After), then rate_limited
//   5xx: retried, then the platform unavailable (the shared mapping, platform-errors.ts)
//   other 4xx (403 MISSING_SCOPES or a user without "Add and edit users", 400
//   VALIDATION_ERROR, 404 OBJECT_NOT_FOUND): the portal's own refusal, HubSpot's message shown
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { PlatformApiError } from "@/lib/infra/connectors/platform-errors";

export class HubSpotApiError extends PlatformApiError {
  readonly category: string | null;

  constructor(status: number, message: string, category: string | null) {
    super("HubSpot", status, message);
    this.name = "HubSpotApiError";
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
