// An owner sets up an integration from the dashboard: an API key (works at once, refused
// at once after revocation), a webhook to a loopback receiver (test, rotate, the delivery
// log), the usage page after a new request, and the API reference. Each test seeds its
// own agency; screenshots go to test-results/screens/.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";

const SCREENS = "test-results/screens";
// seeding an agency runs the admin CLI several times, which is slow on PostgreSQL under load
test.describe.configure({ timeout: 120_000 });

async function signIn(page: Page, email: string, password: string, to: string) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === to);
}

async function expectNoSeriousA11yIssues(page: Page, exclude: string[] = []) {
  let builder = axeFor(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const sel of exclude) builder = builder.exclude(sel);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers 200 and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The spec's check: any v1 in Service-Signature is HMAC-SHA256(secret, `${t}.${body}`). */
function signedWith(r: Received, secret: string): boolean {
  const header = String(r.headers["service-signature"] ?? "");
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1];
  const v1s = [...header.matchAll(/v1=([0-9a-f]+)/g)].map((m) => m[1]);
  const expected = crypto.createHmac("sha256", secret).update(`${t}.${r.body}`).digest("hex");
  return t !== undefined && v1s.includes(expected);
}

async function createRequest(baseURL: string, apiKey: string, shopifyAccount: string, tag: string, sendEmail = false) {
  const client = await api<{ data: { id: string } }>(baseURL, apiKey, "POST", "/clients", {
    name: `Client ${tag}`,
    email: `client-${tag}@example.com`,
  });
  expect(client.status).toBe(201);
  const request = await api<{ data: { id: string } }>(baseURL, apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    // a manual service names the agency's account in its steps: it needs one linked
    requestedServices: { shopify_store: { requestedAccountLinks: [{ internalAccountId: shopifyAccount }] } },
    sendEmail,
  });
  expect(request.status).toBe(201);
  return { clientId: client.body.data.id, requestId: request.body.data.id };
}

test("an owner creates an API key, uses it, and revokes it", async ({ page, baseURL }) => {
  const agency = await seedAgency();
  await signIn(page, agency.email, agency.password, "/dashboard/api-keys");

  await page.getByLabel("Name").fill("CRM sync");
  await page.getByLabel("Select all").check();
  for (const box of await page.getByRole("checkbox", { name: /:/ }).all()) await expect(box).toBeChecked();
  await expect(page.getByText("Read this month's access-link usage.")).toBeVisible();
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("secret-value").textContent())!.trim();
  expect(key).toMatch(/^ark_/);
  await page.screenshot({ path: `${SCREENS}/api-keys-created.png`, fullPage: true });

  const me = await api<{ data: { agency: { id: string }; apiKey: { id: string; scopes: string[] } } }>(
    baseURL!,
    key,
    "GET",
    "/me",
  );
  expect(me.status).toBe(200);
  expect(me.body.data.agency.id).toBe(agency.agencyId);
  expect(me.body.data.apiKey.scopes).toContain("webhooks:write");

  // the key is shown once: after a reload only its prefix is on the page
  await page.reload();
  await expect(page.getByTestId("secret-value")).toHaveCount(0);
  const row = page.locator(`tr[data-key-prefix="${key.slice(0, 10)}"]`);
  await expect(row).toContainText("CRM sync");
  expect(await page.content()).not.toContain(key);

  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");
  expect((await api(baseURL!, key, "GET", "/me")).status).toBe(401);
  // the seeded key is untouched
  expect((await api(baseURL!, agency.apiKey, "GET", "/me")).status).toBe(200);

  await expectNoSeriousA11yIssues(page);
});

test("an owner adds a webhook, tests it, rotates its secret and reads the delivery log", async ({ page, baseURL }) => {
  const agency = await seedAgency();
  const receiver = await startReceiver();
  try {
    await signIn(page, agency.email, agency.password, "/dashboard/webhooks");

    // a bad URL is refused next to the field
    await page.getByLabel("Endpoint URL").fill("ftp://example.com/hook");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.locator("#webhook-url-error")).toContainText(/https/);

    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await expect(page.getByLabel("All events")).toBeChecked();
    await page.getByRole("button", { name: "Add webhook" }).click();
    const secret = (await page.getByTestId("secret-value").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await page.screenshot({ path: `${SCREENS}/webhooks-created.png`, fullPage: true });
    await expectNoSeriousA11yIssues(page);

    await page.getByRole("link", { name: "Open the webhook" }).click();
    await page.waitForURL(/\/dashboard\/webhooks\/[0-9a-f-]{36}$/);

    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByTestId("test-result")).toContainText("Test delivered: HTTP 200");
    const firstTest = receiver.received.find((r) => r.headers["service-event-type"] === "webhook.test");
    expect(firstTest).toBeDefined();
    expect(signedWith(firstTest!, secret)).toBe(true);
    expect(JSON.parse(firstTest!.body)).toMatchObject({ type: "webhook.test", test: true });

    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Rotate secret" }).click();
    await expect(page.getByTestId("previous-secret-expiry")).toContainText("keeps signing deliveries until");
    const newSecret = (await page.getByTestId("secret-value").textContent())!.trim();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await expect(page.getByText(/^Signs until /)).toBeVisible();

    const before = receiver.received.length;
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length).toBeGreaterThan(before);
    const secondTest = receiver.received.at(-1)!;
    // during the overlap both secrets sign
    expect(signedWith(secondTest, newSecret)).toBe(true);
    expect(signedWith(secondTest, secret)).toBe(true);

    // a real event goes through the worker to the same endpoint and into the log
    await createRequest(baseURL!, agency.apiKey, agency.accounts.shopify!, `wh${Date.now()}`);
    await expect
      .poll(() => receiver.received.some((r) => r.headers["service-event-type"] === "request.created"), {
        timeout: 20_000,
      })
      .toBe(true);

    const log = page.getByRole("list", { name: "Deliveries" });
    await expect(log.locator('li[data-event-type="webhook.test"]')).toHaveCount(2);
    await expect(log.locator('li[data-event-type="request.created"]')).toHaveCount(1, { timeout: 15_000 });
    await expect(log.locator('li[data-event-type="request.created"] tr[data-attempt="1"]')).toContainText("HTTP 200");
    await expect(log.locator('li[data-event-type="webhook.test"]').first()).toContainText("1 attempt");

    // filters narrow the log on the server
    await page.getByLabel("Event type", { exact: true }).selectOption("request.created");
    await expect(log.locator("li[data-delivery]")).toHaveCount(1);
    await page.getByLabel("Outcome").selectOption("failed");
    await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
    await page.getByLabel("Outcome").selectOption("");
    await page.getByLabel("Event type", { exact: true }).selectOption("");

    // pause and resume
    await page.getByRole("button", { name: "Pause" }).click();
    await expect(page.getByText("Paused", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();

    await page.screenshot({ path: `${SCREENS}/webhook-detail.png`, fullPage: true });
    await expectNoSeriousA11yIssues(page);
  } finally {
    await receiver.close();
  }
});

test("the usage page counts a new request, and the API reference renders", async ({ page, baseURL }) => {
  const agency = await seedAgency();
  await signIn(page, agency.email, agency.password, "/dashboard/usage");

  const used = page.getByTestId("usage-clients-used");
  await expect(used).toHaveText("0");
  await expect(page.locator(".recharts-surface").first()).toBeVisible();
  await createRequest(baseURL!, agency.apiKey, agency.accounts.shopify!, `u${Date.now()}`);
  await page.reload();
  await expect(used).toHaveText("1");
  const apiUsage = await api<{ data: { clients: { used: number } } }>(baseURL!, agency.apiKey, "GET", "/usage");
  expect(apiUsage.body.data.clients.used).toBe(1);
  await page.screenshot({ path: `${SCREENS}/usage.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page);

  // a plan change moves the limits at once
  await page.getByRole("radio", { name: /Agency/ }).check();
  await page.getByRole("button", { name: "Change plan" }).click();
  await expect(page.getByTestId("usage-clients")).toContainText("/ no limit");
  const after = await api<{ data: { plan: string; clients: { limit: number | null } } }>(
    baseURL!,
    agency.apiKey,
    "GET",
    "/usage",
  );
  expect(after.body.data).toMatchObject({ plan: "agency", clients: { limit: null } });

  const elsewhere: string[] = [];
  page.on("request", (r) => {
    const url = r.url();
    if (!url.startsWith(baseURL!) && !url.startsWith("data:") && !url.startsWith("blob:")) elsewhere.push(url);
  });
  await page.goto("/dashboard/developers");
  await expect(page.getByTestId("api-base-url")).toHaveText(`${baseURL}/api/v2`);
  await expect(page.getByTestId("curl-example")).toContainText("Authorization: Bearer ark_YOUR_API_KEY");
  await expect(page.getByTestId("sdk-example")).toContainText('apiKey: "ark_YOUR_API_KEY"');
  const reference = page.getByTestId("api-reference");
  await expect(reference.getByText(/clients/i).first()).toBeVisible({ timeout: 30_000 });
  await expect(reference.getByText(/GET/).first()).toBeVisible();
  await expect(reference.getByRole("button", { name: /Ask AI/ })).toHaveCount(0);
  // the reference loads nothing from anywhere but this app (no web fonts, telemetry or assistant)
  expect(elsewhere).toEqual([]);
  await page.screenshot({ path: `${SCREENS}/developers.png` });
  // Scalar's own markup is a third-party renderer: our part of the page is what is checked
  await expectNoSeriousA11yIssues(page, ['[data-testid="api-reference"]']);
});
