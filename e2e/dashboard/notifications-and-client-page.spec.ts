// The notifications page and a client's page in real Chromium, with axe: a client grants
// through the sandbox, the owner finds it in their notifications, saves their choices,
// follows the notification to the client's page and reads the client, the granted access
// and the removal panel there.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";

test.describe.configure({ timeout: 120_000 });

async function expectNoSeriousA11yIssues(page: Page) {
  const { violations } = await axeFor(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("notifications lead to the client's page; both pages pass axe", async ({ page, baseURL, browser }) => {
  const agency = await seedAgency({ platforms: ["meta"] });
  const tag = Date.now().toString(36);
  const clientName = `Notified ${tag}`;
  const client = await api<{ data: { id: string } }>(baseURL!, agency.apiKey, "POST", "/clients", {
    name: clientName,
    email: `notified-${tag}@example.com`,
    company: "Notified Co",
  });
  expect(client.status).toBe(201);
  const request = await api<{ data: { id: string; inviteUrl: string } }>(baseURL!, agency.apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta }] },
    },
  });
  expect(request.status).toBe(201);

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await clientPage.goto(new URL(request.body.data.inviteUrl).pathname);
  await clientPage.locator('[data-service="meta_ads"]').getByRole("link", { name: "Grant access" }).click();
  await clientPage.getByRole("button", { name: "Allow" }).click();
  await clientPage.getByRole("checkbox").first().check();
  await clientPage.getByRole("button", { name: "Grant access" }).click();
  await expect(clientPage.getByRole("heading", { level: 1 })).toContainText("Thank you!");
  await clientContext.close();

  await signInToDashboard(page, agency.email, agency.password);
  await page.goto("/dashboard/notifications");
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const items = page.getByTestId("notification-items");
  await expect(items.getByRole("link").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: /Latest \([1-9]\d* unread\)/ })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // the member's choices are saved
  const form = page.locator("form", { has: page.getByText("Notify me when") });
  const first = form.getByRole("checkbox").first();
  const was = await first.isChecked();
  await first.setChecked(!was);
  await form.getByRole("button", { name: "Save choices" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.reload();
  await expect(
    page
      .locator("form", { has: page.getByText("Notify me when") })
      .getByRole("checkbox")
      .first(),
  ).toBeChecked({ checked: !was });

  // "Mark all read" empties the unread count
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByRole("heading", { name: "Latest (0 unread)" })).toBeVisible();

  // the notification names the client and opens their page
  await items.getByRole("link").first().click();
  await page.waitForURL((url) => url.pathname === `/dashboard/clients/${client.body.data.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(clientName);
  const access = page.locator("section", { has: page.getByRole("heading", { name: "Access after the grant" }) });
  await expect(access.getByText("Not checked yet")).toHaveCount(1);
  await expectNoSeriousA11yIssues(page);
});
