// The HTTP side of the client pages' actions: one wrapper for their route handlers.
// Plain HTML forms post here and get a 303 back to the page (Post/Redirect/Get) with a
// notice or an error code in the URL, so every action works without JavaScript; the
// small enhanced forms ask for JSON instead and get the location or the error in the
// client's language. Every action is rate-limited per token.

import { consumeRateLimit } from "@/lib/infra/rate-limit/rate-limit";
import { readBodyText } from "@/lib/surfaces/http/read-json-body";
import { findUnstorableText } from "@/lib/surfaces/http/untrusted-text";
import { ApiError } from "@/lib/core/common/api-error";
import { t, type Locale } from "@/lib/infra/i18n/dictionary";
import { AccessPageError, accessErrorMessage, toAccessPageError } from "@/lib/surfaces/client-pages/access-page-error";
import { encodeFieldErrors, fieldErrorMessages, isFieldName } from "@/lib/surfaces/client-pages/field-errors";
import { localeFromAcceptLanguage } from "@/lib/surfaces/client-pages/page-locale";
import { REFUSAL_IN_BODY_HEADER } from "@/lib/surfaces/client-pages/refusal-in-body";

export type Surface = "invite" | "embed";

// Enough for a client working through a long request; stops scripted hammering.
export const ACCESS_RATE_POINTS = 60;
export const ACCESS_RATE_SECONDS = 60;
// Forms here are a handful of fields; long-text answers are the largest part.
const MAX_FORM_BYTES = 512 * 1024;

export function surfaceOf(value: string | null | undefined): Surface {
  return value === "embed" ? "embed" : "invite";
}

/** `/i/{token}` or `/embed/{token}` with the given query parameters. */
export function pagePath(surface: Surface, token: string, params: Record<string, string | undefined> = {}): string {
  const base = `/${surface === "embed" ? "embed" : "i"}/${encodeURIComponent(token)}`;
  return withParams(base, params);
}

export function withParams(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") query.set(k, v);
  const qs = query.toString();
  if (!qs) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${qs}`;
}

export function wantsJson(req: Request): boolean {
  return (req.headers.get("accept") ?? "").includes("application/json");
}

/**
 * The status of a JSON refusal: 200 for an expected refusal when the page's own script asks
 * for it in the body (see refusal-in-body.ts); a rate limit or a failure keeps its status.
 */
function refusalStatus(req: Request, status: number): number {
  const expected = status >= 400 && status < 500 && status !== 429;
  return expected && req.headers.get(REFUSAL_IN_BODY_HEADER) === "1" ? 200 : status;
}

/** A 303 to a path on this site; relative, so it holds behind any host name. */
export function seeOther(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store", ...headers } });
}

export async function limitAccess(key: string): Promise<void> {
  const outcome = await consumeRateLimit("access", key, ACCESS_RATE_POINTS, ACCESS_RATE_SECONDS);
  if (!outcome.allowed) throw new AccessPageError("rate_limited", { retryAfterSeconds: outcome.resetSeconds });
}

/**
 * The posted form fields (application/x-www-form-urlencoded, as HTML forms send). A field
 * whose text cannot be stored (a NUL, an unpaired surrogate) is refused here, at the one
 * boundary, as that field's error: nothing of the form reaches the database.
 */
export async function readForm(req: Request): Promise<URLSearchParams> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  let text: string;
  try {
    text = await readBodyText(req, MAX_FORM_BYTES);
  } catch (err) {
    if (err instanceof ApiError && err.code === "PAYLOAD_TOO_LARGE") throw new AccessPageError("too_large");
    throw err;
  }
  if (text !== "" && type !== "application/x-www-form-urlencoded") throw new AccessPageError("invalid_input");
  const form = new URLSearchParams(text);
  const field = findUnstorableText(form);
  if (field !== null)
    throw new AccessPageError("invalid_input", { fields: isFieldName(field) ? { [field]: "invalidCharacters" } : {} });
  return form;
}

export interface FormRouteInput<P> {
  req: Request;
  params: P;
  form: URLSearchParams;
  surface: Surface;
}

export interface FormRouteOptions<P> {
  /** the rate-limit key: the token the action is for */
  rateKey: (params: P) => string;
  /** the page to go back to when the action is refused */
  back: (params: P, surface: Surface, form: URLSearchParams, error: AccessPageError) => string;
  /** the language of messages when the error does not know the client's */
  locale?: (form: URLSearchParams, req: Request) => Locale;
  /**
   * A plain form's refusal answered with the page itself instead of a redirect (so what the
   * client typed is kept); null to redirect as usual. `location` is where the redirect would go.
   */
  refusedPage?: (input: {
    req: Request;
    params: P;
    form: URLSearchParams;
    surface: Surface;
    error: AccessPageError;
    location: string;
  }) => Promise<Response | null>;
}

/**
 * Wraps a client action: params, rate limit, form, then `run`, which returns where to
 * send the client. Refusals go back to the page with `error`, `service` and `fields`.
 */
export function accessFormRoute<P extends Record<string, string>>(
  opts: FormRouteOptions<P>,
  run: (input: FormRouteInput<P>) => Promise<string>,
) {
  return async (req: Request, ctx: { params: Promise<P> }): Promise<Response> => {
    const params = await ctx.params;
    let form = new URLSearchParams();
    let surface: Surface = "invite";
    try {
      await limitAccess(opts.rateKey(params));
      form = await readForm(req);
      surface = surfaceOf(form.get("surface"));
      const location = await run({ req, params, form, surface });
      return wantsJson(req)
        ? Response.json({ ok: true, location }, { headers: { "Cache-Control": "no-store" } })
        : seeOther(location);
    } catch (err) {
      const e = toAccessPageError(err);
      const locale =
        e.extra.locale ?? opts.locale?.(form, req) ?? localeFromAcceptLanguage(req.headers.get("accept-language"));
      const headers: Record<string, string> = e.extra.retryAfterSeconds
        ? { "Retry-After": String(e.extra.retryAfterSeconds) }
        : {};
      const fields = e.extra.fields ?? {};
      const location = withParams(opts.back(params, surface, form, e), {
        error: e.code,
        service: e.extra.serviceId,
        fields: encodeFieldErrors(fields),
      });
      if (wantsJson(req)) {
        const message = accessErrorMessage(locale, e.code, { platform: e.extra.platform });
        return Response.json(
          {
            ok: false,
            status: e.status,
            error: { code: e.code, message, fields: fieldErrorMessages(locale, fields) },
            ...(e.code === "not_found" ? {} : { location }),
          },
          { status: refusalStatus(req, e.status), headers: { ...headers, "Cache-Control": "no-store" } },
        );
      }
      const page = await opts.refusedPage?.({ req, params, form, surface, error: e, location });
      if (page) return page;
      // An unknown token goes back to the page too, which answers 404.
      return seeOther(location, headers);
    }
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A bare page for the few errors with no access page to go back to (a forged sign-in state). */
export function plainErrorPage(locale: Locale, status: number): Response {
  const title = escapeHtml(t(locale, "sandbox.invalid"));
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1 style="font-size:1.25rem">${title}</h1></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    },
  });
}
