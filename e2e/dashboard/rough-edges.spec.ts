// The rough edges a new agency found where it looked: the client page arrives whole in one
// request and fits a phone; printing prints the content only; a new service asks for its
// least-privileged role; a cancelled request offers no link to send; the sidebar reaches
// "Usage & plan" on a short screen, and its background runs the whole of a long page; the
// thank-you page redirects by script, not with a meta refresh; the email-verification notice
// says where the email is without SMTP; an unknown removal link answers in the browser's
// language.
import { expect, test, type Page } from "@playwright/test";
import { api } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";
import { seedDemoAgency, type DemoAgency } from "../fixtures/demo-agency";
import { dictionaries } from "../../lib/infra/i18n/dictionary";

test.describe.configure({ timeout: 90_000 });

let demo: DemoAgency;
let clientIds: Record<string, string>;

test.beforeAll(async ({ baseURL }) => {
  demo = await seedDemoAgency();
  clientIds = {};
  for (const [state, id] of Object.entries(demo.requests)) {
    clientIds[state] = (
      await api<{ data: { clientId: string } }>(baseURL!, demo.apiKey, "GET", `/requests/${id}`)
    ).body.data.clientId;
  }
});

async function signedIn(page: Page, width = 1280, height = 900) {
  await page.setViewportSize({ width, height });
  await signInToDashboard(page, demo.email, demo.password);
}

test("the client page arrives whole in one request and fits 375 px", async ({ page }) => {
  await signedIn(page, 375);
  const reads: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/dashboard/")) reads.push(new URL(r.url()).pathname);
  });
  const res = await page.goto(`/dashboard/clients/${clientIds.in_progress}`);
  // the server's HTML already holds the details, the requests and the access and activity
  const html = (await res!.text()).replace(/<!-- -->/g, "");
  expect(html).toContain("Harbor Fitness");
  expect(html).toContain("Requests (1)");
  expect(html).not.toMatch(/Loading (client|requests|access and activity)/);
  await page.waitForLoadState("networkidle");
  // nothing read again on arrival (the request list's live refresh comes later)
  expect(reads.filter((p) => p.startsWith("/api/dashboard/clients"))).toEqual([]);
  await expect(page.getByRole("heading", { name: "Access after the grant" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("printing a page prints its content, not the sidebar or the demo banner", async ({ page }) => {
  await signedIn(page);
  await page.goto(`/dashboard/clients/${clientIds.completed}`);
  await expect(page.getByTestId("demo-data-banner")).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("demo-data-banner")).toBeHidden();
  await expect(page.locator("#dashboard-nav")).toBeHidden();
  await expect(page.getByTestId("agency-name")).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Cedar Dental" })).toBeVisible();
});

test("a service first asks for its least-privileged role, not admin", async ({ page }) => {
  await signedIn(page);
  await page.goto("/dashboard/requests/new");
  // a search opens the platforms it matches
  const search = page.getByLabel("Search services");
  await search.fill("Google Ads");
  await page.locator("#svc-google_ads").check();
  await expect(page.locator("#svc-google_ads-role")).toHaveValue("standard");
  await search.fill("Meta Ad Account");
  await page.locator("#svc-meta_ads").check();
  await expect(page.locator("#svc-meta_ads-role")).toHaveValue("analyst");
});

test("a cancelled request offers no link to copy, email or embed", async ({ page }) => {
  await signedIn(page);
  await page.goto(`/dashboard/requests/${demo.requests.cancelled}`);
  await expect(page.getByTestId("closed-link-note")).toHaveText(
    "The link no longer works: this request was cancelled.",
  );
  await expect(page.getByTestId("invite-link-bar")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Embed" })).toHaveCount(0);
  // a completed request still offers its link: it shows the client what they shared
  await page.goto(`/dashboard/requests/${demo.requests.completed}`);
  await expect(page.getByTestId("invite-link-bar")).toBeVisible();
});

test("the sidebar reaches Usage & plan on an 800 px high screen", async ({ page }) => {
  await signedIn(page, 1280, 800);
  await page.goto("/dashboard");
  const usage = page.locator("#dashboard-nav").getByRole("link", { name: "Usage & plan" });
  await usage.scrollIntoViewIfNeeded();
  const box = (await usage.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  await usage.click();
  await expect(page).toHaveURL(/\/dashboard\/usage$/);
});

test("the sidebar's background runs the whole height of a long page at 1280 px", async ({ page }) => {
  await signedIn(page, 1280, 800);
  await page.goto("/dashboard/clients");
  await expect(page.locator("#dashboard-nav")).toBeVisible();
  // a page many screens long, whatever the demo data holds
  await page.evaluate(() => {
    const tall = document.createElement("div");
    tall.style.height = "4000px";
    document.querySelector("#main")!.append(tall);
  });
  // the lowest point the sidebar's white reaches, on the page as a whole (a full-page capture
  // shows it as it is laid out, not as the sticky sidebar looks in one screen)
  const reach = await page.evaluate(() => {
    let el: Element | null = document.querySelector("#dashboard-nav");
    let bottom = 0;
    for (; el && el !== document.body; el = el.parentElement)
      if (getComputedStyle(el).backgroundColor === "rgb(255, 255, 255)")
        bottom = Math.max(bottom, el.getBoundingClientRect().bottom + window.scrollY);
    return { bottom, height: document.documentElement.scrollHeight };
  });
  expect(reach.height).toBeGreaterThan(3 * 800);
  expect(reach.bottom).toBeGreaterThanOrEqual(reach.height - 1);
});

test("the thank-you page sends the client on by script and link, with no meta refresh", async ({ page, baseURL }) => {
  const client = await api<{ data: { id: string } }>(baseURL!, demo.apiKey, "POST", "/clients", {
    name: "Redirect Client",
    email: "redirect@client.test",
  });
  const accounts = await api<{ data: { internalAccountId: string; platform: string }[] }>(
    baseURL!,
    demo.apiKey,
    "GET",
    "/accounts",
  );
  const google = accounts.body.data.find((a) => a.platform === "google")!.internalAccountId;
  const redirectUrl = `${baseURL}/api/health`;
  const created = await api<{ data: { id: string; inviteUrl: string } }>(baseURL!, demo.apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      google_ads: { accessLevel: "standard", requestedAccountLinks: [{ internalAccountId: google }] },
    },
    redirectUrl,
  });
  expect(created.status).toBe(201);
  const token = new URL(created.body.data.inviteUrl).pathname.split("/").at(-1)!;
  // the team marks the one service granted, so the client's link is complete
  await signedIn(page);
  await page.goto(`/dashboard/requests/${created.body.data.id}`);
  const row = page.locator('[data-testid="service-row"][data-service="google_ads"]');
  await row.getByRole("button", { name: "Mark granted" }).click();
  await expect(row.getByText("Granted", { exact: true })).toBeVisible();

  await page.goto(`/i/${token}`);
  await expect(page.locator("[data-final-state=completed]")).toBeVisible();
  await expect(page.locator('meta[http-equiv="refresh" i]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Continue" })).toHaveAttribute("href", redirectUrl);
  await page.waitForURL(redirectUrl, { timeout: 15_000 });
});

test("without SMTP the verification notice says the email is in the Mailbox", async ({ page }) => {
  const email = `unverified-${Date.now().toString(36)}@example.com`;
  const password = "correct-horse-battery";
  await page.goto("/signup");
  await page.getByLabel("Agency name").fill("Unverified Agency");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create agency" }).click();
  await expect(page.getByTestId("signup-done")).toContainText(email, { timeout: 20_000 });
  await signInToDashboard(page, email, password);
  const notice = page.getByTestId("verify-email-notice");
  await expect(notice.getByTestId("verify-email-mailbox")).toHaveText(
    "No email server is set up, so the email was not delivered: it is in the Mailbox.",
  );
  await notice.getByRole("link", { name: "Mailbox" }).click();
  await expect(page.getByRole("heading", { name: "Mailbox" })).toBeVisible();
});

test("an unknown removal link answers in the browser's language, like the other client links", async ({ browser }) => {
  const context = await browser.newContext({ locale: "es-ES" });
  const page = await context.newPage();
  await page.goto(`/r/${"A".repeat(43)}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(dictionaries.es["final.notFound.title"]);
  await context.close();
});
