// Snapchat Marketing API errors (Errors, https://developers.snap.com/api/marketing-api/Ads-API/errors;
// Rate Limits, https://developers.snap.com/api/marketing-api/Ads-API/rate-limits): an HTTP
// status with `{ request_status: "ERROR", request_id, debug_message, display_message,
// error_code }`; a create answers per item with `sub_request_status: "ERROR"` and
// `sub_request_error_reason`.
//   401 (Unauthorized: the token is expired or revoked) -> reauth
//   429 (Too Many Requests; app 20/s, token 10/s): retried by the shared client, then rate_limited
//   5xx: retried, then the platform unavailable (the shared mapping, platform-errors.ts)
//   other 4xx (400 bad value, 403 not an admin of the organization, 404 unknown entity):
//   the asset's own refusal, with Snapchat's display_message shown
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { PlatformApiError } from "@/lib/infra/connectors/platform-errors";

export class SnapchatApiError extends PlatformApiError {
  readonly code: string | null;

  constructor(status: number, message: string, code: string | null) {
    super("Snapchat", status, message);
    this.name = "SnapchatApiError";
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
