// The per-request security headers proxy.ts sets.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import {
  apiSecurityHeaders,
  contentSecurityPolicy,
  HSTS,
  newNonce,
  securityHeaders,
} from "@/lib/surfaces/http/security-headers";
import { proxy } from "@/proxy";

const directives = (csp: string) =>
  Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));

describe("security headers", () => {
  it("allow scripts only with the request's nonce, and no plugins or base changes", () => {
    const d = directives(
      contentSecurityPolicy({ nonce: "abc123==", pathname: "/dashboard", appUrl: "http://localhost:3000" }),
    );
    expect(d["script-src"]).toBe("'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(d["script-src"]).not.toContain("unsafe-inline");
    expect(d["object-src"]).toBe("'none'");
    expect(d["base-uri"]).toBe("'none'");
    expect(d["default-src"]).toBe("'self'");
  });

  it("let any site frame the embed pages and no site frame the others", () => {
    const embed = securityHeaders({ nonce: "n", pathname: "/embed/tok", appUrl: "http://localhost" });
    expect(directives(embed["Content-Security-Policy"]!)["frame-ancestors"]).toBe("*");
    expect(embed["X-Frame-Options"]).toBeUndefined();
    for (const pathname of ["/", "/i/tok", "/l/tok", "/dashboard/developers", "/sandbox/consent", "/embedded"]) {
      const h = securityHeaders({ nonce: "n", pathname, appUrl: "http://localhost" });
      expect(directives(h["Content-Security-Policy"]!)["frame-ancestors"]).toBe("'none'");
      expect(h["X-Frame-Options"]).toBe("DENY");
    }
  });

  it("send HSTS only when APP_URL is https", () => {
    expect(
      securityHeaders({ nonce: "n", pathname: "/", appUrl: "https://access.example" })["Strict-Transport-Security"],
    ).toBe("max-age=63072000; includeSubDomains");
    expect(
      securityHeaders({ nonce: "n", pathname: "/", appUrl: "http://localhost:3000" })["Strict-Transport-Security"],
    ).toBeUndefined();
  });

  it("make a fresh 128-bit nonce each time", () => {
    const a = newNonce();
    expect(Buffer.from(a, "base64")).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it("give the data APIs fixed headers and pass their requests on unchanged; pages get a nonce and a rewritten request", async () => {
    expect(directives(apiSecurityHeaders("http://localhost")["Content-Security-Policy"]!)).toEqual({
      "default-src": "'none'",
      "frame-ancestors": "'none'",
    });
    expect(apiSecurityHeaders("https://access.example")["Strict-Transport-Security"]).toBe(HSTS);
    for (const path of ["/api/v2/requests", "/api/v1/links", "/api/dashboard/clients", "/api/health"]) {
      const api = await proxy(
        new NextRequest(`http://localhost:3000${path}`, { headers: { authorization: "Bearer x" } }),
      );
      expect(api.headers.get("x-content-type-options")).toBe("nosniff");
      expect(api.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers.get("x-middleware-override-headers")).toBeNull();
    }
    for (const path of ["/dashboard", "/api/access/callback"]) {
      const page = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(page.headers.get("content-security-policy")).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
      expect(page.headers.get("x-middleware-override-headers")).toContain("x-nonce");
    }
  });
});
