// A manager's settings pages in real Chromium: the intake form, branding with a logo,
// the static link, connected accounts, and the mailbox showing an invite email. Each test
// seeds its own agency; screenshots go to test-results/screens/.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";

const SCREENS = "test-results/screens";
// seeding an agency runs the admin CLI several times, which is slow on PostgreSQL under load
test.describe.configure({ timeout: 120_000 });
// a 1x1 PNG
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function signIn(page: Page, email: string, password: string, to: string) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === to);
}

async function expectNoSeriousA11yIssues(page: Page) {
  const { violations } = await axeFor(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function questionLabels(page: Page): Promise<string[]> {
  return page
    .getByRole("list", { name: "Questions" })
    .locator("li[data-question]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-question") ?? ""));
}

test("the intake form: turn on, add, edit, reorder and remove questions", async ({ page }) => {
  const agency = await seedAgency();
  await signIn(page, agency.email, agency.password, "/dashboard/intake");

  await page.getByLabel(/Ask clients these questions/).check();
  await expect(page.getByText("On", { exact: true })).toBeVisible();

  const add = page.locator("form").filter({ has: page.getByRole("button", { name: "Add question" }) });
  // a choice question needs two options: the error shows next to the field
  await add.getByLabel("Question").fill("Monthly budget");
  await add.getByLabel("Answer type").selectOption("single_choice");
  await add.getByLabel("Options, one per line").fill("Under 1k");
  await add.getByRole("button", { name: "Add question" }).click();
  await expect(add.getByText("A choice question needs at least two options.")).toBeVisible();
  await add.getByLabel("Options, one per line").fill("Under 1k\n1k to 10k\nOver 10k");
  await add.getByLabel("Required").check();
  await add.getByRole("button", { name: "Add question" }).click();
  await expect.poll(() => questionLabels(page)).toEqual(["Monthly budget"]);

  await add.getByLabel("Question").fill("What is your website?");
  await add.getByLabel("Answer type").selectOption("text");
  await add.getByRole("button", { name: "Add question" }).click();
  await expect.poll(() => questionLabels(page)).toEqual(["Monthly budget", "What is your website?"]);
  await add.getByLabel("Question").fill("Anything else we should know?");
  await add.getByLabel("Answer type").selectOption("long_text");
  await add.getByRole("button", { name: "Add question" }).click();
  await expect
    .poll(() => questionLabels(page))
    .toEqual(["Monthly budget", "What is your website?", "Anything else we should know?"]);

  await page.getByRole("button", { name: 'Move "What is your website?" up' }).click();
  await expect
    .poll(() => questionLabels(page))
    .toEqual(["What is your website?", "Monthly budget", "Anything else we should know?"]);

  const budget = page.locator('li[data-question="Monthly budget"]');
  await budget.getByRole("button", { name: "Edit" }).click();
  const edit = page.locator("li form");
  await edit.getByLabel("Question").fill("Monthly ad budget");
  await edit.getByLabel("Answer type").selectOption("multiple_choice");
  await edit.getByRole("button", { name: "Save question" }).click();
  await expect(page.locator('li[data-question="Monthly ad budget"]')).toContainText("Several choices · required");

  await page
    .locator('li[data-question="Anything else we should know?"]')
    .getByRole("button", { name: "Remove" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect.poll(() => questionLabels(page)).toEqual(["What is your website?", "Monthly ad budget"]);

  // the state is on the server, not only in the page
  await page.reload();
  await expect.poll(() => questionLabels(page)).toEqual(["What is your website?", "Monthly ad budget"]);
  await expect(page.getByLabel(/Ask clients these questions/)).toBeChecked();
  await page.screenshot({ path: `${SCREENS}/intake.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page);
});

test("branding: name, colour and logo with a live preview; SVG refused", async ({ page, request }) => {
  const agency = await seedAgency();
  await signIn(page, agency.email, agency.password, "/dashboard/branding");
  const preview = page.getByTestId("branding-preview");

  await page.getByLabel("Agency name").fill("Northwind Growth");
  await expect(preview).toContainText("Northwind Growth");
  await page.locator("#brand-accent-text").fill("#0f766e");
  await expect(preview.getByText("Grant access")).toHaveCSS("background-color", "rgb(15, 118, 110)");

  await page.getByLabel("Logo").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: SVG });
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(page.locator("#brand-logo-error")).toContainText("PNG, JPEG or WebP");

  await page.getByLabel("Logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await expect(preview.getByRole("img", { name: "Northwind Growth logo" })).toBeVisible();
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByText("Branding saved.")).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Agency name")).toHaveValue("Northwind Growth");
  await expect(page.locator("#brand-accent-text")).toHaveValue("#0f766e");
  const logoSrc = await preview.getByRole("img").getAttribute("src");
  expect(logoSrc).toMatch(new RegExp(`^/api/agencies/${agency.agencyId}/logo`));
  const logo = await request.get(logoSrc!);
  expect(logo.status()).toBe(200);
  expect(logo.headers()["content-type"]).toContain("image/png");
  expect(Buffer.from(await logo.body()).equals(PNG)).toBe(true);
  await expect(page.getByTestId("agency-name")).toHaveText("Northwind Growth");
  await page.screenshot({ path: `${SCREENS}/branding.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page);
});

test("the static link: default services, intake toggle, on/off and a new token", async ({ page, request }) => {
  const agency = await seedAgency();
  await signIn(page, agency.email, agency.password, "/dashboard/static-link");
  const url = page.getByTestId("static-link-url");
  const firstUrl = (await url.textContent())!.trim();
  expect(firstUrl).toMatch(/\/l\/[A-Za-z0-9_-]{20,}$/);

  // the intake toggle needs a ready intake form
  await page.getByLabel("Ask the intake form").check();
  await page.getByRole("button", { name: "Save static link" }).click();
  await expect(page.getByText(/Turn the intake form on and add a question first/).last()).toBeVisible();
  await page.getByLabel("Ask the intake form").uncheck();

  const metaAds = page.locator('[data-service="meta_ads"]');
  await metaAds.getByLabel("Meta Ad Account", { exact: true }).check();
  await metaAds.getByLabel("Meta Ad Account role").selectOption("analyst");
  await expect(metaAds.locator(`#svc-meta_ads-acc-${agency.accounts.meta}`)).toBeChecked();
  await page.locator('[data-service="shopify_store"]').getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Save static link" }).click();
  await expect(page.getByText("Static link saved.")).toBeVisible();

  await page.reload();
  await expect(metaAds.getByLabel("Meta Ad Account", { exact: true })).toBeChecked();
  await expect(metaAds.getByLabel("Meta Ad Account role")).toHaveValue("analyst");
  await page.screenshot({ path: `${SCREENS}/static-link.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page);

  await page.getByRole("button", { name: "New link" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Make a new link" }).click();
  await expect(url).not.toHaveText(firstUrl);
  const secondUrl = (await url.textContent())!.trim();
  // the old link no longer leads anywhere; the new one does
  expect((await request.get(new URL(firstUrl).pathname)).status()).toBe(404);
  expect((await request.get(new URL(secondUrl).pathname)).status()).toBe(200);

  await page.getByLabel("Link is on").uncheck();
  await page.getByRole("button", { name: "Save static link" }).click();
  await expect(page.getByText("Static link saved.")).toBeVisible();
  await expect(page.getByText("Off", { exact: true })).toBeVisible();
});

test("connected accounts: connect and disconnect, as the API sees them", async ({ page, baseURL }) => {
  const agency = await seedAgency({ platforms: ["google"] });
  await signIn(page, agency.email, agency.password, "/dashboard/accounts");
  await expect(page.locator(`tr[data-account="${agency.accounts.google}"]`)).toContainText("Google Ads");

  // sign-in platforms need their connector: without the sandbox (production mode) they are offered as unavailable
  const platform = page.getByLabel("Platform", { exact: true });
  await expect(platform.locator('option[value="meta"]')).toHaveText(/Meta( \(not available\))?/);
  // HubSpot has no sign-in: its account is recorded as entered
  await platform.selectOption("hubspot");
  await page.getByLabel("Account name").fill("Northwind Business Manager");
  await page.getByLabel("Email clients invite").fill("ads@northwind.example");
  await page.getByRole("button", { name: "Connect account" }).click();
  const row = page.locator("tr", { hasText: "Northwind Business Manager" });
  await expect(row).toContainText("Connected");
  await expect(row).toContainText("HubSpot");

  type Account = {
    internalAccountId: string;
    platform: string;
    displayName: string;
    status: string;
    services: string[];
    email: string | null;
  };
  const listed = await api<{ data: Account[] }>(baseURL!, agency.apiKey, "GET", "/accounts");
  const created = listed.body.data.find((a) => a.displayName === "Northwind Business Manager")!;
  expect(created).toMatchObject({
    platform: "hubspot",
    status: "connected",
    email: "ads@northwind.example",
    services: ["hubspot_portal"],
  });
  await page.screenshot({ path: `${SCREENS}/accounts.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page);

  await row.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(row).toContainText("Disconnected");
  await expect(row.getByRole("button", { name: "Disconnect" })).toHaveCount(0);
  const after = await api<{ data: Account[] }>(baseURL!, agency.apiKey, "GET", "/accounts");
  expect(after.body.data.find((a) => a.internalAccountId === created.internalAccountId)?.status).toBe("disconnected");
});

test("the mailbox shows the invite email of a request created with sendEmail", async ({ page, baseURL }) => {
  const agency = await seedAgency();
  const tag = Date.now().toString(36);
  const client = await api<{ data: { id: string } }>(baseURL!, agency.apiKey, "POST", "/clients", {
    name: `Mail ${tag}`,
    email: `mail-${tag}@example.com`,
  });
  const created = await api<{ data: { inviteUrl: string } }>(baseURL!, agency.apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: { shopify_store: { requestedAccountLinks: [{ internalAccountId: agency.accounts.shopify! }] } },
    sendEmail: true,
  });
  expect(created.status).toBe(201);

  await signIn(page, agency.email, agency.password, "/dashboard/mailbox");
  const row = page.locator(`tr[data-email-to="mail-${tag}@example.com"]`);
  await expect(row).toBeVisible();
  await row.getByRole("button").click();
  await expect(page.getByTestId("email-html")).toBeVisible();
  await page.getByRole("button", { name: "Text" }).click();
  await expect(page.getByTestId("email-text")).toContainText(created.body.data.inviteUrl);
  await expect(row).toContainText(/Kept here \(no mail server\)|Sent|Waiting to send/);
  await page.screenshot({ path: `${SCREENS}/mailbox.png`, fullPage: true });
  await expectNoSeriousA11yIssues(page);
});
