// Pinterest API v5 errors are HTTP statuses with a JSON body `{ code, message }` (the
// `Error` schema of every operation's `default` response in Pinterest's OpenAPI
// description, https://github.com/pinterest/api-description, v5/openapi.yaml; Rate
// limits, https://developers.pinterest.com/docs/reference/rate-limits/):
//   401 (code 2, "Authentication failed"): the token is expired or revoked -> reauth
//   429 (code 8 / 29 and others): retried by the shared client, then rate_limited
//   5xx: retried, then the platform unavailable (the shared mapping, platform-errors.ts)
//   other 4xx (403 no permission on the business or asset, 404 unknown asset or
//   partner, 400 bad value): the asset's own refusal, Pinterest's message shown
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { PlatformApiError } from "@/lib/infra/connectors/platform-errors";

export class PinterestApiError extends PlatformApiError {
  readonly code: number | string | null;

  constructor(status: number, message: string, code: number | string | null) {
    super("Pinterest", status, message);
    this.name = "PinterestApiError";
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
