// CSRF protection for dashboard route handlers: a mutation must come from a page of this
// app. Browsers always send Origin on cross-site and on same-site POST/PATCH/DELETE fetches.
import { env } from "@/lib/infra/env";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/** True when the request's Origin is the app's own (APP_URL, or the Host it was sent to). */
export function isSameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin || origin === "null") return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  const allowed = new Set<string>([new URL(env().appUrl).origin]);
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (host) {
    const proto = req.headers.get("x-forwarded-proto") ?? new URL(req.url).protocol.replace(/:$/, "");
    allowed.add(`${proto}://${host}`);
  }
  return allowed.has(parsed.origin);
}
