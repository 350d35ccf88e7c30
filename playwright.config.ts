import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { platformCredentials, platformHostOverrides } from "./e2e/fixtures/platform-fakes";
import { E2E_DNS_PORT } from "./e2e/fixtures/fake-dns";

// End-to-end tests drive Debian's Chromium against the built app (`npm start`), which
// scripts/test.sh prepares: a fresh embedded data folder, or a fresh PostgreSQL database.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// A second app on the next port runs the real connectors against the platform fakes
// (SANDBOX_PLATFORMS=0). On the embedded database it needs its own data folder, made once
// per run and shared with the workers through the environment; on PostgreSQL both apps
// share DATABASE_URL.
const realPort = port + 1;
export const realBaseURL = `http://localhost:${realPort}`;
process.env.E2E_REAL_BASE_URL = realBaseURL;
if (!process.env.DATABASE_URL) process.env.E2E_REAL_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-real-"));
// Set in this process's environment, not only the servers': on PostgreSQL the fixtures run
// the admin CLI directly against the database, and what it seals (link tokens) must open
// with the apps' key.
process.env.APP_SECRET ??= "e2e-app-secret-0123456789abcdef0123456789";
process.env.ENCRYPTION_KEY ??= "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const secrets = { APP_SECRET: process.env.APP_SECRET, ENCRYPTION_KEY: process.env.ENCRYPTION_KEY };

const INSTANCE_WIDE = /(going-live|staff-sign-in)\.spec\.ts$/;
// Journeys against the platform fakes, which listen on fixed ports and keep state for the whole
// run (e2e/fixtures/platform-fakes.ts): one at a time, beside the other journeys.
const PLATFORM_FAKES = /(-real|one-platform-sign-in)\.spec\.ts$/;
/** The page tour and the form tour (e2e/dashboard/{page,form}-tour.spec.ts): their long tests, queued first. */
const PAGE_TOUR = /(page|form)-tour\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Files run side by side on two workers (each journey seeds its own agency); the tests in a
  // file run in order. E2E_WORKERS=1 runs one file at a time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Playwright queues the projects' tests in this order, so the longest start first: the journeys
  // against the fakes (one at a time, on one worker) and the page tour's four tests beside them,
  // then the other journeys fill the gaps. A worker left idle at the end is time lost on 2 cores.
  projects: [
    { name: "platform-fakes", testMatch: PLATFORM_FAKES, workers: 1 },
    { name: "page-tour", testMatch: PAGE_TOUR },
    { name: "journeys", testIgnore: [INSTANCE_WIDE, PLATFORM_FAKES, PAGE_TOUR] },
    // Files that change what the whole installation shares (platform credentials and staff
    // sign-in providers saved on the Platforms page) run alone, after every other journey.
    {
      name: "instance-wide",
      testMatch: INSTANCE_WIDE,
      workers: 1,
      dependencies: ["platform-fakes", "page-tour", "journeys"],
    },
  ],
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
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  globalSetup: "./e2e/fixtures/global-setup.ts",
  webServer: [
    {
      command: `node scripts/start.mjs -p ${port}`,
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
        // a single sign-on domain's TXT record is read from the loopback DNS server a spec starts
        DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
        // the server runs in production mode, where PostgreSQL needs explicit secrets
        ...secrets,
      },
    },
    {
      command: `node scripts/start.mjs -p ${realPort}`,
      url: `${realBaseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        ...(process.env as Record<string, string>),
        ...(process.env.E2E_REAL_DATA_DIR ? { DATA_DIR: process.env.E2E_REAL_DATA_DIR } : {}),
        PORT: String(realPort),
        APP_URL: realBaseURL,
        NEXTAUTH_URL: realBaseURL,
        SEED_DEMO: "0",
        WEBHOOK_ALLOW_LOOPBACK: "1",
        WORKER_IN_PROCESS: "1",
        SANDBOX_PLATFORMS: "0",
        PLATFORM_HOST_OVERRIDES: platformHostOverrides(),
        ...platformCredentials(),
        ...secrets,
      },
    },
  ],
});
