// Runs before Next.js routes a request. Only the public APIs pass through it: methods their
// route handlers cannot serve (OPTIONS, TRACE, QUERY, PROPFIND...) are answered here in the
// API's own format with the path's real Allow (lib/surfaces/http/method-screen.ts).
import { NextResponse, type NextRequest } from "next/server";
import { screenMethod } from "@/lib/surfaces/http/method-screen";

export function proxy(request: NextRequest) {
  return screenMethod(request.method, request.nextUrl.pathname) ?? NextResponse.next();
}

export const config = { matcher: ["/api/v1", "/api/v1/:path*", "/api/v2", "/api/v2/:path*"] };
