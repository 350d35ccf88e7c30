// Next.js runs this before every page and route (Next 16's successor to middleware):
// - a fresh nonce per request for the strict Content-Security-Policy, passed on the
//   request's own policy header so Next.js puts it on its scripts (pages are therefore
//   rendered per request; see lib/surfaces/http/security-headers.ts);
// - HSTS when APP_URL is https;
// - a server action posted from another origin answers 403 here, before Next.js would
//   refuse it with a 500.
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/infra/env";
import { isSameOrigin } from "@/lib/surfaces/dashboard/same-origin";
import { newNonce, securityHeaders } from "@/lib/surfaces/http/security-headers";

export function proxy(request: NextRequest) {
  const appUrl = env().appUrl;
  if (request.method === "POST" && request.headers.has("next-action") && request.headers.has("origin") && !isSameOrigin(request)) {
    return new NextResponse("Forbidden: this action must come from a page of this site.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const nonce = newNonce();
  const headers = securityHeaders({ nonce, pathname: request.nextUrl.pathname, appUrl, dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  return response;
}

export const config = {
  // every page and route except the build's static files
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
