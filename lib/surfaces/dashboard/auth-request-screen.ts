// What next-auth's route may see (app/api/auth/[...nextauth]/route.ts): its `callbackUrl`,
// from the query, the form body or the cookie next-auth keeps it in, must be a path on this
// site (or this site's own absolute URL, which next-auth's client sends); anything else
// (another origin, `javascript:`, control characters such as a CR/LF) answers 400 naming the
// field before next-auth reads it, instead of a 500 and a line in the log written by the
// caller. (next-auth sets its callback cookie only from a value that passed here, and its
// redirect callback checks the value again.) A POST whose JSON body does not parse, or is
// not an object, answers 400 with a JSON error (next-auth itself would throw: a 500), and
// next-auth's bare 400 for a missing or wrong csrf token gets a message that says so. The
// first step of a two-factor sign-in (the password was right, the code is still to come) is
// not a refusal: it answers 200, so the browser logs no failed request for it.
import { env } from "@/lib/infra/env";
import { jsonResponse } from "@/lib/surfaces/http/envelope";

const CONTROL = /[\u0000-\u001f\u007f\\]/;

/** True for a path on this site ("/dashboard?x=1") or this site's own absolute URL. */
export function isSafeCallbackUrl(value: string, appUrl: string = env().appUrl): boolean {
  if (value.length > 2000 || CONTROL.test(value)) return false;
  const origin = new URL(appUrl).origin;
  if (value.startsWith("/")) {
    if (value.startsWith("//")) return false;
    try {
      return new URL(value, origin).origin === origin;
    } catch {
      return false;
    }
  }
  try {
    const u = new URL(value);
    return u.origin === origin && (u.protocol === "http:" || u.protocol === "https:");
  } catch {
    return false;
  }
}

function refusal(message: string, field?: string): Response {
  return jsonResponse(400, {
    error: {
      code: "VALIDATION_FAILED",
      message: field ? `${field}: ${message}` : message,
      details: [{ ...(field ? { field } : {}), message }],
    },
  });
}

function refused(): Response {
  return refusal("callbackUrl must be a path on this site, such as /dashboard.", "callbackUrl");
}

export const CSRF_MESSAGE =
  "The csrfToken is missing or does not match this browser's: fetch GET /api/auth/csrf (keeping its cookie) and send its csrfToken with the post.";

/**
 * next-auth answers a POST whose csrf token is missing or wrong with a bare 400 whose body
 * is an object it never serialised ("[object Object]"): the same status, with a message.
 */
export async function explainAuthRefusal(res: Response): Promise<Response> {
  if (res.status !== 400 || (res.headers.get("content-type") ?? "").includes("json")) return res;
  const text = await res.clone().text();
  if (text !== "[object Object]" && text !== "") return res;
  return refusal(CSRF_MESSAGE, "csrfToken");
}

/** The error next-auth's JSON answer to a credentials post names, or null. */
async function credentialsError(res: Response): Promise<string | null> {
  if (!(res.headers.get("content-type") ?? "").includes("json")) return null;
  try {
    const { url } = (await res.clone().json()) as { url?: unknown };
    return typeof url === "string" ? new URL(url, "http://localhost").searchParams.get("error") : null;
  } catch {
    return null;
  }
}

/**
 * next-auth answers every credentials refusal with a 401, the two-factor "now the code" step
 * included, which the browser logs as a failed request on a sign-in that is going fine. That
 * step answers 200 with the same body (next-auth's client still reads the error from it, and
 * no session cookie is set); a wrong password or code stays a 401.
 */
export async function secondFactorStepAsNext(res: Response, secondStep: string): Promise<Response> {
  if (res.status !== 401 || (await credentialsError(res)) !== secondStep) return res;
  return new Response(res.body, { status: 200, headers: res.headers });
}

/** The 400 to answer instead of handing the request to next-auth, or null to hand it on. */
export async function screenAuthRequest(req: Request): Promise<Response | null> {
  const url = new URL(req.url);
  for (const v of url.searchParams.getAll("callbackUrl")) if (!isSafeCallbackUrl(v)) return refused();
  if (req.method !== "POST") return null;
  const type = req.headers.get("content-type") ?? "";
  // the form posts (sign-in, sign-out) carry callbackUrl in the body: read a copy, next-auth reads the original
  if (type.includes("application/x-www-form-urlencoded")) {
    for (const v of new URLSearchParams(await req.clone().text()).getAll("callbackUrl"))
      if (!isSafeCallbackUrl(v)) return refused();
  } else if (type.includes("application/json")) {
    // next-auth parses a JSON body itself and throws on a malformed one
    let body: unknown;
    try {
      body = JSON.parse(await req.clone().text());
    } catch {
      return refusal("The body is not valid JSON.");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body))
      return refusal("The body must be a JSON object.");
    const callbackUrl = (body as { callbackUrl?: unknown }).callbackUrl;
    if (callbackUrl !== undefined && (typeof callbackUrl !== "string" || !isSafeCallbackUrl(callbackUrl)))
      return refused();
  }
  return null;
}
