// Microsoft Advertising errors. The Customer Management REST operations answer a failure
// with an HTTP status and the operation's fault object as JSON (Handling Service Errors
// and Exceptions, https://learn.microsoft.com/en-us/advertising/guides/handle-service-errors-exceptions?view=bingads-13:
// every Customer Management operation may throw AdApiFaultDetail, whose errors are in
// `Errors`, and ApiFault, whose errors are in `OperationErrors`; each error has `Code`,
// `ErrorCode` and `Message`). Codes used here (Operation Error Codes,
// https://learn.microsoft.com/en-us/advertising/guides/operation-error-codes?view=bingads-13):
//   105 InvalidCredentials, 109 AuthenticationTokenExpired: reauth (as is HTTP 401)
//   117 CallRateExceeded (and HTTP 429): retried by the shared client, then rate_limited
//   5xx: retried, then the platform unavailable (the shared mapping, platform-errors.ts)
//   anything else (106 UserIsNotAuthorized, an unknown account...): the asset's own refusal,
//   with Microsoft's message shown to the client
// The identity platform's token endpoint answers OAuth errors `{ error, error_description }`
// (Microsoft identity platform and OAuth 2.0 authorization code flow,
// https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow).
import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { PlatformApiError, type PlatformFailureClass } from "@/lib/infra/connectors/platform-errors";

export const REAUTH_CODES = new Set([105, 109]);
export const RATE_LIMIT_CODES = new Set([117]);

export class MicrosoftApiError extends PlatformApiError {
  readonly code: number | null;
  readonly errorCode: string | null;

  constructor(status: number, message: string, code: number | null, errorCode: string | null) {
    super("Microsoft Advertising", status, message);
    this.name = "MicrosoftApiError";
    this.code = code;
    this.errorCode = errorCode;
  }

  override classify(): PlatformFailureClass {
    if (this.code !== null && REAUTH_CODES.has(this.code)) return "reauth";
    if (this.code !== null && RATE_LIMIT_CODES.has(this.code)) return "rate_limited";
    return super.classify();
  }
}

type FaultError = { Code?: unknown; ErrorCode?: unknown; Message?: unknown };

/** The first error of a fault body, or the OAuth error of a token answer. */
export function microsoftError(res: HttpResponse): MicrosoftApiError {
  const body = (res.json ?? {}) as {
    Errors?: unknown;
    OperationErrors?: unknown;
    error?: unknown;
    error_description?: unknown;
  };
  const list = [body.Errors, body.OperationErrors].find((l) => Array.isArray(l) && l.length > 0) as
    FaultError[] | undefined;
  const first = list?.[0];
  if (first) {
    const code = typeof first.Code === "number" ? first.Code : null;
    const errorCode = typeof first.ErrorCode === "string" ? first.ErrorCode : null;
    const message = typeof first.Message === "string" ? first.Message : `HTTP ${res.status}`;
    return new MicrosoftApiError(res.status, message, code, errorCode);
  }
  const message = typeof body.error_description === "string" ? body.error_description : `HTTP ${res.status}`;
  return new MicrosoftApiError(res.status, message, null, typeof body.error === "string" ? body.error : null);
}

/** Whether the shared client should retry: 429, 5xx, and CallRateExceeded. */
export function microsoftRetryable(res: HttpResponse): boolean {
  if (res.status === 429 || res.status >= 500) return true;
  const err = microsoftError(res);
  return err.code !== null && RATE_LIMIT_CODES.has(err.code);
}
