// How a Google API answer turns into our outcomes. Google APIs answer errors in one
// format (https://cloud.google.com/apis/design/errors#http_mapping):
//   { "error": { "code": 409, "message": "...", "status": "ALREADY_EXISTS", "details": [...] } }
// The Google Ads API adds a GoogleAdsFailure in `details` with one `errorCode` per error
// (https://developers.google.com/google-ads/api/docs/best-practices/error-types), for example
//   { "@type": "type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure",
//     "errors": [{ "errorCode": { "accessInvitationError": "EMAIL_ADDRESS_ALREADY_HAS_ACCESS" }, "message": "..." }] }
// The OAuth token endpoint answers RFC 6749 errors instead: { "error": "invalid_grant", "error_description": "..." }.
// Pure: unit tested in google-errors.test.ts.

import type { HttpResponse } from "@/lib/infra/connectors/http/connector-http";
import { PlatformApiError, type PlatformFailureClass } from "@/lib/infra/connectors/platform-errors";

export type GoogleErrorInfo = {
  httpStatus: number;
  /** `error.status` (UNAUTHENTICATED, ALREADY_EXISTS...), or null when the body is not Google's format. */
  status: string | null;
  message: string | null;
  /** Google Ads error codes as `<family>:<VALUE>` (e.g. `accessInvitationError:EMAIL_ADDRESS_ALREADY_HAS_ACCESS`). */
  adsCodes: string[];
  adsMessage: string | null;
};

/**
 * What a failed call means for one asset:
 * - reauth: the token is expired or revoked (the whole attempt fails, the client signs in again);
 * - rate_limited: Google's quota held through the HTTP client's retries;
 * - already: the access already exists (counted as granted);
 * - refused: Google refused this asset; `message` is Google's text, safe to show;
 * - server: anything else (5xx, a configuration problem); logged, never shown.
 */
/** `unavailable`: Google's own 5xx outlasted the retries (a `server` failure may be our configuration). */
export type GoogleFailure = {
  kind: "reauth" | "rate_limited" | "already" | "refused" | "server" | "unavailable";
  message: string;
  /** the HTTP status Google answered, where the call kept it (google-call.ts) */
  status?: number;
  /** a `server` failure that is this installation's Google setup: `message` is written for the agency and operator */
  setup?: boolean;
};

/**
 * Google Ads asked for the developer token this installation does not send: the Cloud project's
 * access is not managed through its Google Cloud organisation (RequestError
 * DEVELOPER_TOKEN_PARAMETER_MISSING, "The developer-token parameter is required for all requests",
 * google/ads/googleads/v26/errors/request_error.proto; "Cloud-managed access levels",
 * https://developers.google.com/google-ads/api/docs/concepts/no-developer-token).
 */
export const NO_DEVELOPER_TOKEN_TEXT =
  "Google Ads asked for a developer token, and this installation sends none: its Google Cloud project's Google Ads access is not managed by its Cloud organisation. Set the Google Ads developer token on the Platforms page, or finish Cloud-managed access levels.";

// Ads error codes that mean the access or link is already there.
const ADS_ALREADY = new Set([
  "accessInvitationError:EMAIL_ADDRESS_ALREADY_HAS_ACCESS",
  "accessInvitationError:EMAIL_ADDRESS_ALREADY_HAS_PENDING_INVITATION",
  "managerLinkError:ALREADY_MANAGED_BY_THIS_MANAGER",
]);

// Per-asset refusals: Google says why and the message is about the asset.
const REFUSED_STATUSES = new Set([
  "PERMISSION_DENIED",
  "INVALID_ARGUMENT",
  "NOT_FOUND",
  "FAILED_PRECONDITION",
  "OUT_OF_RANGE",
]);

function asRecord(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

export function readGoogleError(res: Pick<HttpResponse, "status" | "json">): GoogleErrorInfo {
  const error = asRecord(asRecord(res.json)?.error);
  const info: GoogleErrorInfo = { httpStatus: res.status, status: null, message: null, adsCodes: [], adsMessage: null };
  if (!error) return info;
  info.status = typeof error.status === "string" ? error.status : null;
  info.message = typeof error.message === "string" ? error.message : null;
  for (const detail of Array.isArray(error.details) ? error.details : []) {
    const d = asRecord(detail);
    if (!d || typeof d["@type"] !== "string" || !d["@type"].endsWith(".GoogleAdsFailure")) continue;
    for (const e of Array.isArray(d.errors) ? d.errors : []) {
      const item = asRecord(e);
      const code = asRecord(item?.errorCode);
      for (const [family, value] of Object.entries(code ?? {}))
        if (typeof value === "string") info.adsCodes.push(`${family}:${value}`);
      if (!info.adsMessage && typeof item?.message === "string") info.adsMessage = item.message;
    }
  }
  return info;
}

export function classifyGoogleError(res: Pick<HttpResponse, "status" | "json">): GoogleFailure {
  const info = readGoogleError(res);
  const text = info.adsMessage ?? info.message ?? `Google answered ${res.status}`;
  if (info.adsCodes.some((c) => ADS_ALREADY.has(c))) return { kind: "already", message: text };
  // our configuration, not the client's asset: never shown to the client as a refusal
  if (info.adsCodes.includes("requestError:DEVELOPER_TOKEN_PARAMETER_MISSING"))
    return { kind: "server", message: NO_DEVELOPER_TOKEN_TEXT, setup: true };
  if (info.status === "ALREADY_EXISTS" || res.status === 409) return { kind: "already", message: text };
  if (info.status === "UNAUTHENTICATED" || res.status === 401) {
    // The Ads API also answers 401 for a bad developer token: a configuration problem, not the client's sign-in.
    const adsAuth = info.adsCodes.filter((c) => c.startsWith("authenticationError:"));
    if (adsAuth.length > 0 && !adsAuth.some((c) => c.startsWith("authenticationError:OAUTH_TOKEN_")))
      return { kind: "server", message: text };
    return { kind: "reauth", message: text };
  }
  if (info.status === "RESOURCE_EXHAUSTED" || res.status === 429) return { kind: "rate_limited", message: text };
  if (res.status >= 500) return { kind: "unavailable", message: text };
  if (
    (info.status && REFUSED_STATUSES.has(info.status)) ||
    res.status === 400 ||
    res.status === 403 ||
    res.status === 404
  ) {
    return { kind: "refused", message: text };
  }
  return { kind: "server", message: text };
}

/** The HTTP client's retry rule for Google: 429 / RESOURCE_EXHAUSTED and temporary 5xx. */
export function isGoogleRetryable(res: Pick<HttpResponse, "status" | "json">): boolean {
  if (res.status === 429 || res.status === 500 || res.status === 502 || res.status === 503 || res.status === 504)
    return true;
  return readGoogleError(res).status === "RESOURCE_EXHAUSTED";
}

const SHARED_CLASS: Record<GoogleFailure["kind"], PlatformFailureClass> = {
  reauth: "reauth",
  rate_limited: "rate_limited",
  unavailable: "unavailable",
  refused: "refused",
  // an "already" is counted as granted before it gets here; as an error it is Google's word
  already: "refused",
  server: "server",
};

/** A Google failure for the shared mapping (platform-errors.ts); its message is Google's. */
export class GoogleApiError extends PlatformApiError {
  readonly failure: GoogleFailure;

  constructor(failure: GoogleFailure) {
    super("Google", failure.status ?? 0, failure.message);
    this.name = "GoogleApiError";
    this.failure = failure;
  }

  /** Meta's and Google's refusals are written for the person using the app: shown as they are. */
  override refusalText(): string {
    return this.message;
  }

  override classify(): PlatformFailureClass {
    return SHARED_CLASS[this.failure.kind];
  }
}
