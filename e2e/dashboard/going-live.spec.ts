// Going live from the dashboard. An installation with no platform credentials in its
// environment (a third app, started by this file only, with the platform fakes behind
// PLATFORM_HOST_OVERRIDES): the instance administrator enters Meta's app id and secret on
// the Platforms page, verifies them against the Meta fake and takes Meta live; a client
// then grants an ad account through the real Meta connector. The same for Google (a wrong
// secret refused first), with a client granting an Analytics property through the real
// Google connector: nothing in an environment file. And a new agency's home
// shows the first-run checklist, which ticks itself and can be dismissed.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { axeFor } from "../fixtures/axe";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { admin, adminIn, api, seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";
import { fakeOrigin, platformHostOverrides, PLATFORM_FAKES } from "../fixtures/platform-fakes";
import { GOOGLE_FAKE } from "../../test/support/fakes/google-fake";

const port = Number(process.env.E2E_PORT ?? 3100) + 2;
const base = `http://localhost:${port}`;
const shots = process.env.E2E_SHOTS_DIR;
let server: ChildProcess | undefined;
let dataDir = "";

async function axeClean(page: Page) {
  const result = await axeFor(page).analyze();
  expect(
    result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
}

async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
    await page.screenshot({ path: path.join(shots, `${name}-${width}-top.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("an installation set up from the dashboard", () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ baseURL: base });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-going-live-"));
    const env: Record<string, string> = { ...(process.env as Record<string, string>) };
    for (const f of PLATFORM_FAKES) for (const k of Object.keys(f.env)) delete env[k];
    delete env.SANDBOX_PLATFORMS;
    Object.assign(env, {
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL: base,
      NEXTAUTH_URL: base,
      SEED_DEMO: "0",
      WORKER_IN_PROCESS: "1",
      PLATFORM_HOST_OVERRIDES: platformHostOverrides(),
    });
    const log = fs.openSync(path.join(os.tmpdir(), `e2e-going-live-${port}.log`), "w");
    server = spawn("node", ["scripts/start.mjs", "-p", String(port)], {
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", log, log],
      detached: true,
    });
    const until = Date.now() + 120_000;
    for (;;) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > until) throw new Error("the third app did not start");
      await new Promise((r) => setTimeout(r, 500));
    }
  });

  test.afterAll(async () => {
    if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the operator sets Meta up and verifies it, then a client grants against the fake", async ({
    page,
    browser,
  }) => {
    const tag = Date.now().toString(36);
    const agency = await adminIn<{ id: string }>(dataDir, "agency", "create", "--name", `Operator Agency ${tag}`);
    const email = `operator-${tag}@example.com`;
    const password = `pw-${tag}-Secret1`;
    await adminIn(dataDir, "user", "create", "--agency", agency.id, "--email", email, "--password", password);
    // the first user of a fresh folder already is one; on a shared PostgreSQL database the CLI grants it
    await adminIn(dataDir, "user", "make-instance-admin", "--email", email);

    await signInToDashboard(page, email, password);
    await page.getByRole("link", { name: "Platforms", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Platforms", level: 1 })).toBeVisible();
    const card = page.locator('[data-platform-card="meta"]');
    await expect(card).toHaveAttribute("data-status", /not_set_up|sandbox/);
    await expect(card.getByText(`${base}/api/access/callback`)).toBeVisible();

    await card.getByLabel("App ID").fill("1234567890");
    await card.getByLabel("App secret").fill("meta-fake-app-secret-0123456789");
    await card.getByRole("button", { name: "Save", exact: true }).click();
    await expect(card.getByText("Saved here").first()).toBeVisible();
    await card.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByTestId("verify-result-meta")).toContainText(
      'Verified: Meta accepted the app "Fake Agency Access" (App ID 1234567890).',
    );
    const sandbox = card.getByRole("checkbox", { name: "Simulate Meta (sandbox)" });
    if (await sandbox.isChecked()) {
      await expect(card.getByRole("alert")).toContainText("production installation");
      // the switch follows the saved setting once the action is done
      await sandbox.click();
      await expect(sandbox).not.toBeChecked();
    }
    await expect(card).toHaveAttribute("data-status", "live");
    await axeClean(page);
    await shoot(page, "platforms");

    // a client grants Meta ads access through the real connector against the fake
    const key = await adminIn<{ key: string }>(dataDir, "key", "create", "--agency", agency.id, "--scopes", "all");
    const account = await adminIn<{ internalAccountId: string }>(
      dataDir,
      ...[
        "account",
        "connect",
        "--agency",
        agency.id,
        "--platform",
        "meta",
        "--business-id",
        "770000000001",
        "--business-name",
        "Agency Main BM",
      ],
    );
    await clientGrantsOne(browser, base, key.key, {
      client: { name: "Ana Client", email: "ana@client.test" },
      serviceId: "meta_ads",
      accessLevel: "advertiser",
      internalAccountId: account.internalAccountId,
      asset: /Acme Main Ads/,
    });
  });

  test("the operator sets Google up and verifies it, then a client grants Google Analytics against the fake", async ({
    page,
    browser,
  }) => {
    const googleFake = fakeOrigin("accounts.google.com");
    expect((await fetch(`${googleFake}/__reset`, { method: "POST", body: "{}" })).status).toBe(200);
    const tag = Date.now().toString(36);
    const agency = await adminIn<{ id: string }>(dataDir, "agency", "create", "--name", `Google Agency ${tag}`);
    const email = `google-operator-${tag}@example.com`;
    const password = `pw-${tag}-Secret1`;
    await adminIn(dataDir, "user", "create", "--agency", agency.id, "--email", email, "--password", password);
    await adminIn(dataDir, "user", "make-instance-admin", "--email", email);

    await signInToDashboard(page, email, password);
    await page.goto("/dashboard/instance/platforms");
    const card = page.locator('[data-platform-card="google"]');
    await expect(card).toHaveAttribute("data-status", /not_set_up|sandbox/);
    await expect(
      card.getByText("https://www.googleapis.com/auth/analytics.manage.users", { exact: true }),
    ).toBeVisible();

    // a wrong secret first: the platform's answer in plain words, and the platform stays off
    await card.getByLabel("OAuth client ID").fill(GOOGLE_FAKE.clientId);
    await card.getByLabel("OAuth client secret").fill("not-the-google-secret");
    await card.getByLabel("Google Ads developer token").fill(GOOGLE_FAKE.developerToken);
    await card.getByRole("button", { name: "Save", exact: true }).click();
    await expect(card.getByText("Saved here").first()).toBeVisible();
    await card.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByTestId("verify-result-google")).toContainText(
      "Verification failed: Google does not accept this client ID and secret",
    );
    const sandbox = card.getByRole("checkbox", { name: "Simulate Google (sandbox)" });
    if (await sandbox.isChecked()) {
      await sandbox.click();
      await expect(sandbox).not.toBeChecked();
    }
    await expect(card).toHaveAttribute("data-status", "failing");

    await card.getByLabel("OAuth client secret").fill(GOOGLE_FAKE.clientSecret);
    await card.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByTestId("verify-result-google")).toContainText("the credentials changed since");
    await card.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(page.getByTestId("verify-result-google")).toContainText(
      "Verified: Google accepted the client ID and secret (it refused only the test code, as expected).",
    );
    await expect(card).toHaveAttribute("data-status", "live");

    // the agency's Connected accounts page reads Google as live
    await page.goto("/dashboard/accounts");
    await expect(page.locator('[data-testid="platform-modes"] [data-platform="google"]')).toHaveAttribute(
      "data-mode",
      "live",
    );
    await expect(
      page.locator('[data-testid="platform-modes"]').getByRole("link", { name: "Connect your Google account" }),
    ).toHaveAttribute("href", "/api/dashboard/accounts/connect/google");
    await expect(page.getByRole("link", { name: "Set platforms up" })).toHaveAttribute(
      "href",
      "/dashboard/instance/platforms",
    );
    await axeClean(page);
    await shoot(page, "accounts-live");

    const key = await adminIn<{ key: string }>(dataDir, "key", "create", "--agency", agency.id, "--scopes", "all");
    const account = await adminIn<{ internalAccountId: string }>(
      dataDir,
      ...["account", "connect", "--agency", agency.id, "--platform", "google", "--email", GOOGLE_FAKE.agencyEmail],
    );
    const created = await clientGrantsOne(browser, base, key.key, {
      client: { name: "Gina Client", email: GOOGLE_FAKE.clientEmail },
      serviceId: "google_analytics",
      accessLevel: "analyst",
      internalAccountId: account.internalAccountId,
      asset: /Brand Web/,
    });
    // the grant reached the Google fake through the real connector with the saved credentials
    const calls = (await (await fetch(`${googleFake}/__calls`)).json()) as {
      method: string;
      host: string;
      path: string;
      body: unknown;
    }[];
    expect(
      calls.filter((c) => c.method === "POST" && c.path.endsWith("/accessBindings")).map((c) => [c.path, c.body]),
    ).toEqual([
      [
        "/v1alpha/properties/1001/accessBindings",
        { user: GOOGLE_FAKE.agencyEmail, roles: ["predefinedRoles/analyst"] },
      ],
    ]);
    const view = await api<{ data: { status: string } }>(base, key.key, "GET", `/requests/${created.id}`);
    expect(view.body.data.status).toBe("completed");
  });
});

test("a new agency's home shows the first-run checklist, which ticks itself and can be dismissed", async ({ page }) => {
  const seeded = await seedAgency({ platforms: [] });
  await signInToDashboard(page, seeded.email, seeded.password);
  await page.goto("/dashboard");
  const list = page.getByTestId("first-run-checklist");
  await expect(page.getByRole("heading", { name: "Get started" })).toBeVisible();
  await expect(list.locator('[data-done="true"]')).toHaveCount(0);
  await axeClean(page);
  await shoot(page, "home-checklist");

  const account = await admin<{ internalAccountId: string }>(
    ...["account", "connect", "--agency", seeded.agencyId, "--platform", "meta"],
  );
  await admin("intake", "set", "--agency", seeded.agencyId, "--enabled", "true", "--question", "Your website?");
  await page.reload();
  await expect(list.locator('[data-item="accounts"]')).toHaveAttribute("data-done", "true");
  await expect(list.locator('[data-item="intake"]')).toHaveAttribute("data-done", "true");
  await expect(page.getByText("2 of 5 done.")).toBeVisible();

  // each item links to where it is done
  await list.getByRole("link", { name: "Add your logo and colours" }).click();
  await expect(page).toHaveURL(/\/dashboard\/branding$/);
  await page.locator("#brand-accent-text").fill("#0f766e");
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByText("Branding saved.")).toBeVisible();
  const origin = new URL(page.url()).origin;
  const client = await api<{ data: { id: string } }>(origin, seeded.apiKey, "POST", "/clients", {
    name: "First Client",
    email: "first@client.test",
    language: "English",
  });
  const request = await api(origin, seeded.apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      meta_ads: {
        accessLevel: "advertiser",
        requestedAccountLinks: [{ internalAccountId: account.internalAccountId }],
      },
    },
  });
  expect(request.status).toBe(201);
  await page.goto("/dashboard");
  await expect(list.locator('[data-item="branding"]')).toHaveAttribute("data-done", "true");
  await expect(list.locator('[data-item="first_request"]')).toHaveAttribute("data-done", "true");
  await expect(list.locator('[data-item="team"]')).toHaveAttribute("data-done", "false");
  await expect(page.getByText("4 of 5 done.")).toBeVisible();
  // the first request waits on its client, its status a label
  await expect(page.getByTestId("home-waiting").getByText("Pending", { exact: true })).toBeVisible();
  await shoot(page, "home-checklist-4");

  // the last one done, the list goes away by itself
  await admin(
    ...["user", "create", "--agency", seeded.agencyId, "--email", `mate-${seeded.agencyId.slice(0, 8)}@example.com`],
    ...["--password", "teammate-Secret1"],
  );
  await page.reload();
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  await expect(page.getByTestId("first-run-checklist")).toHaveCount(0);

  // another new agency dismisses it unfinished
  const other = await seedAgency({ platforms: [] });
  await page.context().clearCookies();
  await signInToDashboard(page, other.email, other.password);
  // an agency Owner who does not run the installation has no instance pages
  await expect(page.getByRole("link", { name: "Platforms", exact: true })).toHaveCount(0);
  await page.goto("/dashboard/instance/platforms");
  // a 404 that tells who administers and how an operator adds one
  await expect(page.getByText("Only this installation's administrators set up platforms")).toBeVisible();
  await expect(page.getByTestId("make-admin-command")).toContainText("user make-instance-admin");
  await expect(page.getByText("Redirect URIs of this installation")).toHaveCount(0);
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByRole("heading", { name: "Get started" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  await expect(page.getByTestId("first-run-checklist")).toHaveCount(0);
});

/** An English client asks for one service through the API and grants it on the invite page. */
async function clientGrantsOne(
  browser: Browser,
  base: string,
  apiKey: string,
  ask: {
    client: { name: string; email: string };
    serviceId: string;
    accessLevel: string;
    internalAccountId: string;
    asset: RegExp;
  },
): Promise<{ id: string }> {
  const client = await api<{ data: { id: string } }>(base, apiKey, "POST", "/clients", {
    ...ask.client,
    language: "English",
  });
  expect(client.status).toBe(201);
  const created = await api<{ data: { id: string; inviteUrl: string } }>(base, apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      [ask.serviceId]: {
        accessLevel: ask.accessLevel,
        requestedAccountLinks: [{ internalAccountId: ask.internalAccountId }],
      },
    },
  });
  expect(created.status).toBe(201);
  const context = await browser.newContext();
  try {
    const clientPage = await context.newPage();
    await clientPage.goto(created.body.data.inviteUrl);
    await clientPage.getByRole("link", { name: "Grant access" }).click();
    await clientPage.getByRole("checkbox", { name: ask.asset }).check();
    await clientPage.getByRole("button", { name: "Grant access" }).click();
    await expect(clientPage.getByRole("heading", { level: 1 })).toHaveText(/now has the access it needs/);
  } finally {
    await context.close();
  }
  return { id: created.body.data.id };
}
