import type { NextConfig } from "next";

// Security headers (the nonce-based Content-Security-Policy, framing, HSTS) are set per
// request in proxy.ts; the static ones below also cover files the proxy skips.
const nextConfig: NextConfig = {
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/adapter-pg",
    "pg",
    "@node-rs/argon2",
    "ioredis",
    "nodemailer",
    "pino",
    "prom-client",
    "@react-email/render",
  ],
  // One self-contained server (.next/standalone) for the container image; `next start` still works.
  output: "standalone",
  poweredByHeader: false,
  // CI builds once from a fresh clone after its own `tsc --noEmit` (.ci/run): the build's second
  // type check and its cache for a next build are time spent for nothing there.
  typescript: { ignoreBuildErrors: process.env.CI === "true" },
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  typedRoutes: false,
  // Team invites used to live under /invite/; links already sent keep working.
  async redirects() {
    return [{ source: "/invite/:token", destination: "/join/:token", permanent: true }];
  },
  async headers() {
    return [
      {
        source: "/((?!embed/).*)",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      {
        source: "/embed/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "no-referrer" },
        ],
      },
    ];
  },
};

export default nextConfig;
