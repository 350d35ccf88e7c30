import { defineConfig } from "vitest/config";
import os from "node:os";
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
    // Vitest's default is one worker fewer than the cores: one on a 2-core runner. Two files run
    // side by side instead (each has its own database, fakes on their own ports and random ids):
    // on PostgreSQL the database works in its own processes while a file waits on it, and on the
    // embedded database each file's database runs in its own worker process, on its own core.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    globalSetup: ["test/support/global-setup-db.ts"],
    setupFiles: ["test/support/setup-db.ts"],
  },
});
