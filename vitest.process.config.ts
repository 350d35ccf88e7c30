// Tests that run the built app as real processes (the standalone server the container
// image runs): `npx vitest run --config vitest.process.config.ts` after `next build`.
// scripts/test.sh runs them between the build and Playwright. Files named
// `*.postgres.process.test.ts` run only with DATABASE_URL: they need several processes on
// one database (the embedded database belongs to one process), or what they test does not
// depend on the database and once is enough (the integrator kit: npm installs and newman).
import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      "server-only": path.resolve(import.meta.dirname, "lib/infra/server-only.ts"),
      "@": path.resolve(import.meta.dirname),
    },
  },
  test: {
    include: ["test/process/**/*.process.test.ts"],
    exclude: process.env.DATABASE_URL ? [] : ["test/process/**/*.postgres.process.test.ts"],
    environment: "node",
    testTimeout: 90_000,
    hookTimeout: 150_000,
    pool: "forks",
    fileParallelism: false,
    globalSetup: ["test/support/global-setup-db.ts"],
    setupFiles: ["test/support/setup-db.ts"],
  },
});
