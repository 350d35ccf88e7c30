// Runs before Next.js routes a request.
// - The public APIs: methods their route handlers cannot serve (OPTIONS, TRACE, QUERY,
//   PROPFIND...) are answered here in the API's own format with the path's real Allow
//   (lib/surfaces/http/method-screen.ts).
// - Pages: hands the root layout the path of a client page (see
//   lib/surfaces/access/client-page-path.ts), so `<html lang>` is the page's language.
import { NextResponse, type NextRequest } from "next/server";
import { CLIENT_PAGE_HEADER, isClientPagePath } from "@/lib/surfaces/access/client-page-path";
import { screenMethod } from "@/lib/surfaces/http/method-screen";

function isPublicApi(pathname: string): boolean {
  return pathname === "/api/v1" || pathname.startsWith("/api/v1/") || pathname === "/api/v2" || pathname.startsWith("/api/v2/");
}

export function proxy(req: NextRequest) {
  const pathname = req.nextUrl.pathname;
  if (isPublicApi(pathname)) return screenMethod(req.method, pathname) ?? NextResponse.next();
  const headers = new Headers(req.headers);
  // never the browser's own value
  headers.delete(CLIENT_PAGE_HEADER);
  if (isClientPagePath(pathname)) headers.set(CLIENT_PAGE_HEADER, `${pathname}${req.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/api/v1", "/api/v1/:path*", "/api/v2", "/api/v2/:path*", "/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};
