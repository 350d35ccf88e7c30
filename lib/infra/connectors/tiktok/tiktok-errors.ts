// TikTok API for Business answers `{ code, message, request_id, data }`; `code` other than
// 0 is an error even on HTTP 200 (Appendix - Return Codes,
// https://business-api.tiktok.com/portal/docs?id=1737172488964097). This module reads
// that envelope and maps return codes to what the connector does:
//   40100            too many requests (QPS/QPM/QPD limit): retried, then rate_limited
//   40102/40104/40105 access token expired, missing, invalid or revoked: reauth
//   40110            invalid or expired auth_code: the sign-in cannot be used
//   50000 and above  TikTok system errors: retried like a 5xx, then unavailable (platform-errors.ts)
//   anything else    TikTok refused this call (permission, parameters, asset state):
//                    per asset, with TikTok's message shown to the client
import { ConnectorError } from "@/lib/infra/connectors/connector";
import { isTemporaryStatus, type HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { PlatformApiError, type PlatformFailureClass } from "@/lib/infra/connectors/platform-errors";

export const TIKTOK_RATE_LIMIT_CODE = 40100;
export const TIKTOK_TOKEN_CODES: readonly number[] = [40102, 40104, 40105];
export const TIKTOK_INVALID_AUTH_CODE = 40110;

export class TikTokApiError extends PlatformApiError {
  readonly code: number;
  readonly requestId: string | null;
  readonly httpStatus: number;

  constructor(code: number, message: string, requestId: string | null, httpStatus: number) {
    super("TikTok", httpStatus, message);
    this.name = "TikTokApiError";
    this.code = code;
    this.requestId = requestId;
    this.httpStatus = httpStatus;
  }

  override get detail(): string {
    return `code ${this.code}`;
  }

  // TikTok answers its errors on HTTP 200 with a return code: the code decides.
  override classify(): PlatformFailureClass {
    if (TIKTOK_TOKEN_CODES.includes(this.code)) return "reauth";
    if (this.code === TIKTOK_RATE_LIMIT_CODE) return "rate_limited";
    if (isSystemCode(this.code) || this.httpStatus >= 500) return "unavailable";
    return "refused";
  }
}

type Envelope = { code?: unknown; message?: unknown; request_id?: unknown; data?: unknown };

function envelopeCode(res: HttpResponse): number | null {
  const body = res.json as Envelope | null;
  return body && typeof body === "object" && typeof body.code === "number" ? body.code : null;
}

export function isSystemCode(code: number): boolean {
  return code >= 50000;
}

/** What the shared HTTP client retries for TikTok: 429/5xx, and the rate-limit and system codes on HTTP 200. */
export function tiktokRetryIf(res: HttpResponse): boolean {
  if (isTemporaryStatus(res.status)) return true;
  const code = envelopeCode(res);
  return code !== null && (code === TIKTOK_RATE_LIMIT_CODE || isSystemCode(code));
}

/** The envelope's `data` when `code` is 0; otherwise a TikTokApiError (or a server_error for a non-envelope answer). */
export function readEnvelope(res: HttpResponse): Record<string, unknown> {
  const body = res.json as Envelope | null;
  if (!body || typeof body !== "object" || typeof body.code !== "number") {
    // A gateway's 5xx or 429 without the envelope: TikTok's outage or limit, not ours.
    if (res.status === 429 || res.status >= 500)
      throw new TikTokApiError(
        res.status === 429 ? TIKTOK_RATE_LIMIT_CODE : 50000,
        `TikTok answered HTTP ${res.status}`,
        null,
        res.status,
      );
    throw new ConnectorError("server_error", `TikTok answered HTTP ${res.status} without its envelope`);
  }
  const requestId = typeof body.request_id === "string" ? body.request_id : null;
  if (body.code !== 0)
    throw new TikTokApiError(
      body.code,
      typeof body.message === "string" ? body.message : "TikTok refused the request",
      requestId,
      res.status,
    );
  return body.data && typeof body.data === "object" ? (body.data as Record<string, unknown>) : {};
}
