import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium against the built app (`npm start`), which
// scripts/test.sh prepares: a fresh embedded data folder, or a fresh PostgreSQL database.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // one retry on CI: a 2-core runner under load can stall a browser step
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  webServer: {
    command: `npx next start -p ${port}`,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      APP_URL: baseURL,
      NEXTAUTH_URL: baseURL,
      SEED_DEMO: "0",
      WEBHOOK_ALLOW_LOOPBACK: "1",
      WORKER_IN_PROCESS: "1",
      SANDBOX_PLATFORMS: "1",
      // the static link's form token may be posted at once (production waits 3 s)
      STATIC_LINK_FORM_MIN_SECONDS: "0",
      // next start runs in production mode, where PostgreSQL needs explicit secrets
      APP_SECRET: process.env.APP_SECRET ?? "e2e-app-secret-0123456789abcdef0123456789",
      ENCRYPTION_KEY: process.env.ENCRYPTION_KEY ?? "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    },
  },
});
