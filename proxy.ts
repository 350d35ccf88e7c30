// Next.js runs this before every page and route (Next 16's successor to middleware):
// - on the public APIs, methods their route handlers cannot serve (OPTIONS, TRACE, QUERY,
//   PROPFIND...) are answered here in the API's own format with the path's real Allow
//   (lib/surfaces/http/method-screen.ts);
// - a POST to a page from another site answers 403 here, before Next.js would refuse it
//   with a 500: a server action with its Next-Action header, and one posted as a plain
//   form (multipart or urlencoded, the action's id in the fields), in whatever form;
// - a server action's body over Next.js's limit answers 413 and one that is not JSON 400,
//   where Next.js would answer 500 (lib/surfaces/http/action-body-screen.ts);
// - the route handlers that answer data only (the public APIs, the dashboard's JSON, health,
//   metrics) get fixed security headers and the request goes on unchanged (no nonce:
//   nothing in them runs);
// - a fresh nonce per request for the strict Content-Security-Policy, passed on the
//   request's own policy header so Next.js puts it on its scripts (pages are therefore
//   rendered per request; see lib/surfaces/http/security-headers.ts), and HSTS when
//   APP_URL is https;
// - the root layout gets the path of a client page (lib/surfaces/client-pages/client-page-path.ts),
//   so `<html lang>` is the page's language; the dashboard's layout gets the path and query of
//   a dashboard page, so a page without a live session redirects to sign-in and back
//   (lib/surfaces/dashboard/sign-in-redirect.ts).
import { NextResponse, type NextRequest } from "next/server";
import { env } from "@/lib/infra/env";
import { CLIENT_PAGE_HEADER, isClientPagePath } from "@/lib/surfaces/client-pages/client-page-path";
import { isSameOrigin } from "@/lib/surfaces/dashboard/same-origin";
import { DASHBOARD_PATH_HEADER, isDashboardPagePath } from "@/lib/surfaces/dashboard/dashboard-path-header";
import { screenMethod } from "@/lib/surfaces/http/method-screen";
import { isServerActionPost, screenServerActionBody } from "@/lib/surfaces/http/action-body-screen";
import { apiSecurityHeaders, newNonce, securityHeaders } from "@/lib/surfaces/http/security-headers";

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

function isPublicApi(pathname: string): boolean {
  return under(pathname, "/api/v1") || under(pathname, "/api/v2");
}

/** Route handlers that answer JSON or plain text only (never a page that could run a script). */
function isDataApi(pathname: string): boolean {
  return (
    isPublicApi(pathname) ||
    ["/api/dashboard", "/api/health", "/api/metrics", "/api/bench"].some((p) => under(pathname, p))
  );
}

/**
 * Pages take POSTs only as server actions from our own pages: an Origin that is not ours,
 * the literal "null" of a sandboxed or privacy-redirected form, or a browser's own
 * Sec-Fetch-Site: cross-site, whatever the content type or headers.
 */
function isCrossSitePost(request: NextRequest): boolean {
  // the route handlers under /api answer their own posts (form posts of the client pages,
  // next-auth's own CSRF check); a Next-Action header is screened wherever it goes
  if (under(request.nextUrl.pathname, "/api") && !request.headers.has("next-action")) return false;
  const origin = request.headers.get("origin");
  if (origin !== null && !isSameOrigin(request)) return true;
  return request.headers.get("sec-fetch-site") === "cross-site";
}

export async function proxy(request: NextRequest): Promise<Response> {
  const pathname = request.nextUrl.pathname;
  if (isPublicApi(pathname)) {
    const screened = screenMethod(request.method, pathname);
    if (screened) return screened;
  }
  if (isDataApi(pathname)) {
    const response = NextResponse.next();
    for (const [k, v] of Object.entries(apiSecurityHeaders(env().appUrl))) response.headers.set(k, v);
    return response;
  }
  if (request.method === "POST" && isCrossSitePost(request)) {
    return new NextResponse("Forbidden: this action must come from a page of this site.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  if (isServerActionPost(request)) {
    const refused = await screenServerActionBody(request);
    if (refused) return refused;
  }
  return pageResponse(request);
}

/** A page (or a server action) goes on with its nonce and security headers. */
function pageResponse(request: NextRequest): NextResponse {
  const pathname = request.nextUrl.pathname;
  const nonce = newNonce();
  const headers = securityHeaders({ nonce, pathname, appUrl: env().appUrl, dev: env().NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  // never the browser's own value
  requestHeaders.delete(CLIENT_PAGE_HEADER);
  if (isClientPagePath(pathname)) requestHeaders.set(CLIENT_PAGE_HEADER, `${pathname}${request.nextUrl.search}`);
  requestHeaders.delete(DASHBOARD_PATH_HEADER);
  if (isDashboardPagePath(pathname)) requestHeaders.set(DASHBOARD_PATH_HEADER, `${pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [k, v] of Object.entries(headers)) response.headers.set(k, v);
  return response;
}

export const config = {
  // every page and route except the build's static files
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
