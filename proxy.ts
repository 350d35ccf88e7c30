// Runs before every page: hands the root layout the path of a client page (see
// lib/surfaces/access/client-page-path.ts), so `<html lang>` is the page's language.
import { NextResponse, type NextRequest } from "next/server";
import { CLIENT_PAGE_HEADER, isClientPagePath } from "@/lib/surfaces/access/client-page-path";

export function proxy(req: NextRequest) {
  const headers = new Headers(req.headers);
  // never the browser's own value
  headers.delete(CLIENT_PAGE_HEADER);
  if (isClientPagePath(req.nextUrl.pathname)) headers.set(CLIENT_PAGE_HEADER, `${req.nextUrl.pathname}${req.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  matcher: ["/((?!api/|_next/static|_next/image|favicon.ico).*)"],
};
