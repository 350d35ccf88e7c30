// The security headers of every page, set per request by proxy.ts: a strict
// Content-Security-Policy whose scripts run only with this response's nonce (Next.js reads
// the nonce from the request's policy header and puts it on its own scripts; scripts they
// load are trusted through 'strict-dynamic'), framing refused everywhere except the embed
// pages (`frame-ancestors *`), and HSTS when the app is served over https (APP_URL).
// Styles keep 'unsafe-inline': React style attributes and the API reference's injected
// styles need it, and styles cannot run code.

export interface SecurityHeaderInput {
  nonce: string;
  pathname: string;
  /** the public URL of the app (APP_URL) */
  appUrl: string;
  /** development mode: React's dev tools need eval */
  dev?: boolean;
}

export const HSTS = "max-age=63072000; includeSubDomains";

export function isEmbedPath(pathname: string): boolean {
  return pathname === "/embed" || pathname.startsWith("/embed/");
}

export function contentSecurityPolicy(input: SecurityHeaderInput): string {
  const https = input.appUrl.startsWith("https:");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${input.nonce}' 'strict-dynamic'${input.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `frame-ancestors ${isEmbedPath(input.pathname) ? "*" : "'none'"}`,
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The response headers of one page request. */
export function securityHeaders(input: SecurityHeaderInput): Record<string, string> {
  const embed = isEmbedPath(input.pathname);
  return {
    "Content-Security-Policy": contentSecurityPolicy(input),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": embed ? "no-referrer" : "strict-origin-when-cross-origin",
    ...(embed ? {} : { "X-Frame-Options": "DENY" }),
    ...(input.appUrl.startsWith("https:") ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/**
 * The security headers of the public APIs' JSON responses: nothing in them may run or be
 * framed, so they need no nonce, and the request itself is passed on unchanged (a
 * rewritten request costs Next.js a copy of every header on every API call).
 */
export function apiSecurityHeaders(appUrl: string): Record<string, string> {
  return {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    ...(appUrl.startsWith("https:") ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64");
}
