// What next-auth's route may see (app/api/auth/[...nextauth]/route.ts): its `callbackUrl`,
// from the query, the form body or the cookie next-auth keeps it in, must be a path on this
// site (or this site's own absolute URL, which next-auth's client sends); anything else
// (another origin, `javascript:`, control characters such as a CR/LF) answers 400 naming the
// field before next-auth reads it, instead of a 500 and a line in the log written by the
// caller. (next-auth sets its callback cookie only from a value that passed here, and its
// redirect callback checks the value again.)
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

function refused(): Response {
  const message = "callbackUrl must be a path on this site, such as /dashboard.";
  return jsonResponse(400, {
    error: {
      code: "VALIDATION_FAILED",
      message: `callbackUrl: ${message}`,
      details: [{ field: "callbackUrl", message }],
    },
  });
}

/** The 400 to answer instead of handing the request to next-auth, or null to hand it on. */
export async function screenAuthRequest(req: Request): Promise<Response | null> {
  const url = new URL(req.url);
  for (const v of url.searchParams.getAll("callbackUrl")) if (!isSafeCallbackUrl(v)) return refused();
  // the form posts (sign-in, sign-out) carry callbackUrl in the body: read a copy, next-auth reads the original
  if (req.method === "POST" && (req.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) {
    for (const v of new URLSearchParams(await req.clone().text()).getAll("callbackUrl"))
      if (!isSafeCallbackUrl(v)) return refused();
  }
  return null;
}
