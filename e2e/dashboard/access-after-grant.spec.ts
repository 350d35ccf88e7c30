// Access after the grant in real Chromium: a Meta account connected through the sandbox,
// a client who grants two assets, "Check now" finding one verified and one lost, "Remove
// our access", and the owner's audit log with its filter and CSV export. Axe on the new
// panel and page.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";

test.describe.configure({ timeout: 120_000 });

async function expectNoSeriousA11yIssues(page: Page) {
  const { violations } = await axeFor(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("check granted access, remove it, and read the audit log", async ({ page, baseURL }) => {
  const agency = await seedAgency({ platforms: ["google"] });
  await page.goto(`/login?callbackUrl=${encodeURIComponent("/dashboard/accounts")}`);
  await page.getByLabel("Email").fill(agency.email);
  await page.getByLabel("Password").fill(agency.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard/accounts");

  // connected through the sandbox's sign-in, the account holds a token to read its access with
  await page.getByLabel("Platform", { exact: true }).selectOption("meta");
  await page.getByLabel("Account name").fill("Agency BM");
  await page.getByRole("button", { name: "Connect account" }).click();
  await expect(page.locator("tr", { hasText: "Agency BM" })).toContainText("Connected");
  const accounts = await api<{ data: { internalAccountId: string; displayName: string }[] }>(
    baseURL!,
    agency.apiKey,
    "GET",
    "/accounts",
  );
  const meta = accounts.body.data.find((a) => a.displayName === "Agency BM")!;

  const tag = Date.now().toString(36);
  const client = await api<{ data: { id: string } }>(baseURL!, agency.apiKey, "POST", "/clients", {
    name: `Checks ${tag}`,
    email: `checks-${tag}@example.com`,
  });
  const request = await api<{ data: { id: string; inviteUrl: string } }>(baseURL!, agency.apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: meta.internalAccountId }] },
    },
  });
  expect(request.status).toBe(201);

  // the client grants assets 1 and 2 in another browser context
  const clientContext = await page.context().browser()!.newContext();
  const clientPage = await clientContext.newPage();
  await clientPage.goto(new URL(request.body.data.inviteUrl).pathname);
  await clientPage.locator('[data-service="meta_ads"]').getByRole("link", { name: "Grant access" }).click();
  await clientPage.getByRole("button", { name: "Allow" }).click();
  const boxes = clientPage.getByRole("checkbox");
  await expect(boxes).toHaveCount(3);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await clientPage.getByRole("button", { name: "Grant access" }).click();
  // the only service is granted: the request completes and the client sees the thank-you page
  await expect(clientPage.getByRole("heading", { level: 1 })).toContainText("Thank you!");
  await clientContext.close();

  await page.goto(`/dashboard/clients/${client.body.data.id}`);
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Access after the grant" }) });
  await expect(panel.getByText("Not checked yet")).toHaveCount(2);
  await panel.getByRole("button", { name: "Check now" }).click();
  await expect(panel.getByText("1 granted asset has lost access.")).toBeVisible();
  await expect(panel.getByText("Verified", { exact: true })).toBeVisible();
  await expect(panel.getByText("Access lost", { exact: true })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // the request's page shows the loss too
  await page.goto(`/dashboard/requests/${request.body.data.id}`);
  await expect(page.getByText("Access lost", { exact: true })).toBeVisible();

  await page.goto(`/dashboard/clients/${client.body.data.id}`);
  await panel.getByRole("button", { name: "Remove our access" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove our access" }).click();
  await expect(panel.getByText("Removed", { exact: true })).toHaveCount(2);
  await expect(panel.getByText(`by ${agency.email}`).first()).toBeVisible();

  await page.goto("/dashboard/audit");
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  // one sentence per action, naming who did it; the raw action is folded away in its details
  const sentences = page.getByTestId("audit-sentence");
  for (const words of [
    "connected an agency account",
    "checked the clients' access",
    "removed a client's access",
    "signed in",
  ]) {
    await expect(sentences.filter({ hasText: words }).first()).toBeVisible();
  }
  await expectNoSeriousA11yIssues(page);
  await page.getByLabel("Kind of action").fill("access.");
  await page.getByRole("button", { name: "Filter" }).click();
  await page.waitForURL(/action=access/);
  await expect(sentences.filter({ hasText: "removed a client's access" }).first()).toBeVisible();
  await expect(sentences.filter({ hasText: /signed in$/ })).toHaveCount(0);
  const csv = await page.request.get("/api/dashboard/audit/export?action=access.");
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text.split("\r\n")[0]).toBe("time,actor,actor email,address,what happened,action,target,changes");
  expect(text).toContain("access.removed");
  expect(text).not.toContain("user.signed_in");
});
