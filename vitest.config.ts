import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      "@access-requests/sdk": path.resolve(import.meta.dirname, "sdk/src/index.ts"),
      "server-only": path.resolve(import.meta.dirname, "lib/infra/server-only.ts"),
      "@": path.resolve(import.meta.dirname),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "app/**/*.test.ts",
      "scripts/**/*.test.ts",
      "test/**/*.test.ts",
      "sdk/**/*.test.ts",
      "examples/**/*.test.ts",
    ],
    // the process tests need a build: scripts/test.sh runs them after it (vitest.process.config.ts)
    exclude: ["**/node_modules/**", "test/process/**"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    setupFiles: ["test/support/setup-db.ts"],
  },
});
