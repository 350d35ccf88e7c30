// The errors a client can meet on the access pages, as a fixed set of codes. A code
// travels in the page URL after a form post (Post/Redirect/Get) and is turned into
// words in the client's language only when shown, so a crafted link can never put
// arbitrary text on an agency's page. Also maps the domain's ApiError onto these codes.

import { ApiError } from "@/lib/core/common/api-error";
import { toApiError, UNAVAILABLE_RETRY_AFTER_SECONDS } from "@/lib/core/common/to-api-error";
import type { SignInAnswer } from "@/lib/infra/connectors/connector";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { siteApprovalText } from "@/lib/infra/connectors/site-registry";
import type { FieldErrors } from "@/lib/surfaces/client-pages/field-errors";
import { log } from "@/lib/infra/log";

export const ACCESS_ERROR_CODES = [
  "not_found",
  "closed",
  "not_allowed",
  "rate_limited",
  "denied",
  "sign_in_expired",
  "sign_in_used",
  "sign_in_busy",
  "sign_in_again",
  "sign_in_policy",
  "sign_in_browser",
  "sign_in_setup",
  "sign_in_refused",
  "platform_busy",
  "unavailable",
  "no_assets",
  "invalid_input",
  "too_large",
  "link_unavailable",
  "form_expired",
  "too_fast",
  "try_again",
  "site_address",
  "site_not_https",
  "site_unreachable",
  "site_no_rest_api",
  "site_app_passwords_off",
  "site_rejected",
  "generic",
] as const;
export type AccessErrorCode = (typeof ACCESS_ERROR_CODES)[number];

const STATUS: Record<AccessErrorCode, number> = {
  not_found: 404,
  closed: 409,
  not_allowed: 409,
  rate_limited: 429,
  denied: 403,
  sign_in_expired: 410,
  sign_in_used: 409,
  sign_in_busy: 503,
  sign_in_again: 401,
  sign_in_policy: 403,
  sign_in_browser: 403,
  sign_in_setup: 502,
  sign_in_refused: 403,
  platform_busy: 503,
  unavailable: 503,
  no_assets: 400,
  invalid_input: 400,
  too_large: 413,
  link_unavailable: 403,
  form_expired: 400,
  too_fast: 429,
  try_again: 503,
  site_address: 400,
  site_not_https: 400,
  site_unreachable: 502,
  site_no_rest_api: 502,
  site_app_passwords_off: 502,
  site_rejected: 403,
  generic: 500,
};

export class AccessPageError extends Error {
  readonly status: number;
  constructor(
    readonly code: AccessErrorCode,
    readonly extra: {
      /** the service the error is about, shown next to it */
      serviceId?: string;
      /** the platform's name, for `unavailable` */
      platform?: string;
      fields?: FieldErrors;
      retryAfterSeconds?: number;
      /** the client's locale when the failing step knew it */
      locale?: Locale;
    } = {},
  ) {
    super(code);
    this.status = STATUS[code];
  }
}

export function isAccessErrorCode(value: unknown): value is AccessErrorCode {
  return typeof value === "string" && (ACCESS_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Anything thrown by a client action, as one of our codes; unknown errors are logged. The
 * database not answering (or too busy) is `try_again` (503, Retry-After): nothing was
 * saved and the client may send the same form again in a moment.
 */
export function toAccessPageError(err: unknown): AccessPageError {
  if (err instanceof AccessPageError) return err;
  // a database error becomes SERVICE_UNAVAILABLE here (logged); anything else unknown INTERNAL (logged)
  const known = err instanceof ApiError ? err : toApiError(err);
  if (known.code === "SERVICE_UNAVAILABLE")
    return new AccessPageError("try_again", {
      retryAfterSeconds: Number(known.headers["Retry-After"]) || UNAVAILABLE_RETRY_AFTER_SECONDS,
    });
  switch (known.code) {
    case "INVALID_STATE":
      return new AccessPageError("not_allowed");
    case "NOT_FOUND":
      return new AccessPageError("not_allowed");
    case "RATE_LIMITED":
      return new AccessPageError("rate_limited");
    case "PLAN_LIMIT_REACHED":
      return new AccessPageError("link_unavailable");
    case "VALIDATION_FAILED":
      return new AccessPageError("invalid_input");
    case "INTERNAL":
      // toApiError logged it
      return new AccessPageError("generic");
    default:
      log().error({ err }, "access page: unexpected error");
      return new AccessPageError("generic");
  }
}

/** The sentence shown to the client for an error code. */
export function accessErrorMessage(locale: Locale, code: AccessErrorCode, params: { platform?: string } = {}): string {
  switch (code) {
    case "not_found":
      return t(locale, "final.notFound.title");
    case "closed":
      return t(locale, "error.closed");
    case "not_allowed":
      return t(locale, "error.notAllowed");
    case "rate_limited":
      return t(locale, "error.rateLimited");
    case "denied":
      return t(locale, "grant.denied");
    case "sign_in_expired":
      return t(locale, "grant.signInExpired");
    case "sign_in_used":
      return t(locale, "grant.signInUsed");
    case "sign_in_busy":
      return t(locale, "signIn.busy", { platform: params.platform ?? "" });
    case "sign_in_again":
      return t(locale, "signIn.again", { platform: params.platform ?? "" });
    case "sign_in_policy":
      return t(locale, "signIn.policy", { platform: params.platform ?? "" });
    case "sign_in_browser":
      return t(locale, "signIn.browser", { platform: params.platform ?? "" });
    case "sign_in_setup":
      return t(locale, "signIn.setup", { platform: params.platform ?? "" });
    case "sign_in_refused":
      return t(locale, "signIn.refused", { platform: params.platform ?? "" });
    case "platform_busy":
      return t(locale, "grant.rateLimited", { platform: params.platform ?? "" });
    case "unavailable":
      return t(locale, "grant.unavailable", { platform: params.platform ?? "" });
    case "no_assets":
      return t(locale, "assets.chooseAtLeastOne");
    case "invalid_input":
      return t(locale, "intake.fixErrors");
    case "too_large":
      return t(locale, "form.tooLarge");
    case "link_unavailable":
      return t(locale, "staticLink.unavailable");
    case "form_expired":
      return t(locale, "staticLink.formExpired");
    case "too_fast":
      return t(locale, "staticLink.tooFast");
    case "try_again":
      return t(locale, "error.tryAgain");
    case "site_address":
      return siteApprovalText(locale, "error.address");
    case "site_not_https":
      return siteApprovalText(locale, "error.notHttps");
    case "site_unreachable":
      return siteApprovalText(locale, "error.unreachable");
    case "site_no_rest_api":
      return siteApprovalText(locale, "error.noRestApi");
    case "site_app_passwords_off":
      return siteApprovalText(locale, "error.appPasswordsOff");
    case "site_rejected":
      return siteApprovalText(locale, "error.rejected");
    case "generic":
      return t(locale, "grant.genericError");
  }
}

/** The client page's code for a sign-in answer (`oauth-answers.ts`). */
export function signInErrorCode(answer: SignInAnswer): AccessErrorCode {
  switch (answer) {
    case "denied":
      return "denied";
    case "expired":
      return "sign_in_expired";
    case "again":
      return "sign_in_again";
    case "busy":
      return "sign_in_busy";
    case "policy":
      return "sign_in_policy";
    case "browser":
      return "sign_in_browser";
    case "setup":
      return "sign_in_setup";
    case "refused":
      return "sign_in_refused";
  }
}
