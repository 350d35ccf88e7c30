import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

// Two tiers, decided by the file's name (docs/decisions/0001-test-tiers.md):
// - unit: `*.test.ts` — pure code, run once, with no database (test/support/setup-unit.ts
//   makes any database connection fail);
// - integration: `*.integration.test.ts` — each file gets a fresh database (a copy of the
//   run's migrated template), and CI runs them on the embedded database and on PostgreSQL.
// `npx vitest run` runs both; `--project unit` or `--project integration` one of them.
// The process tests need a build: scripts/test.sh runs them after it (vitest.process.config.ts).
const INCLUDE = ["lib", "app", "scripts", "test", "sdk", "examples"].map((dir) => `${dir}/**/*.test.ts`);
const INTEGRATION = ["lib", "app", "scripts", "test", "sdk", "examples"].map(
  (dir) => `${dir}/**/*.integration.test.ts`,
);
const EXCLUDE = ["**/node_modules/**", "test/process/**"];

export default defineConfig({
  resolve: {
    alias: {
      "@access-requests/sdk": path.resolve(import.meta.dirname, "sdk/src/index.ts"),
      "server-only": path.resolve(import.meta.dirname, "lib/infra/server-only.ts"),
      "@": path.resolve(import.meta.dirname),
    },
  },
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on a 2-core runner. Two files run
    // side by side instead (each has its own database, fakes on their own ports and random ids):
    // on PostgreSQL the database works in its own processes while a file waits on it, and on the
    // embedded database each file's database runs in its own worker process, on its own core.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: INCLUDE,
          exclude: [...EXCLUDE, "**/*.integration.test.ts"],
          setupFiles: ["test/support/setup-unit.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: INTEGRATION,
          exclude: EXCLUDE,
          globalSetup: ["test/support/global-setup-db.ts"],
          setupFiles: ["test/support/setup-db.ts"],
        },
      },
    ],
  },
});
