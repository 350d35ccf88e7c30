// The client's access page and "Ask again" at phone width (375 px): a Spanish client grants
// two Meta assets, the agency's check finds one gone, the client's own access page shows it
// "no longer there" beside the active one checked moments ago, and the agency asks again for
// exactly what was lost in one click. Axe on both pages.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 90_000 });

async function expectNoSeriousA11yIssues(page: Page) {
  const { violations } = await axeFor(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a Spanish client sees what the agency can access; the agency asks again for what was lost", async ({
  page,
  browser,
  baseURL,
}) => {
  // accounts connected by the admin CLI in the sandbox hold a token: the check reads the grants back
  const agency = await seedAgency({ platforms: ["meta"] });
  const tag = Date.now().toString(36);
  const client = await api<{ data: { id: string } }>(baseURL!, agency.apiKey, "POST", "/clients", {
    name: `Lucía ${tag}`,
    email: `lucia-${tag}@example.com`,
    language: "Spanish",
  });
  const clientId = client.body.data.id;
  const request = await api<{ data: { id: string; inviteUrl: string } }>(baseURL!, agency.apiKey, "POST", "/requests", {
    clientId,
    requestedServices: {
      meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta! }] },
    },
  });
  expect(request.status).toBe(201);
  const invitePath = new URL(request.body.data.inviteUrl).pathname;

  // the client grants two assets (the sandbox later reads the second as gone)
  const clientContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const clientPage = await clientContext.newPage();
  await clientPage.goto(invitePath);
  await clientPage
    .locator('[data-service="meta_ads"]')
    .getByRole("link", { name: /Dar acceso/ })
    .click();
  await clientPage.getByRole("button", { name: "Permitir" }).click();
  const boxes = clientPage.getByRole("checkbox");
  await expect(boxes).toHaveCount(3);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await clientPage.getByRole("button", { name: "Dar acceso" }).click();
  await expect(clientPage.getByText(/^¡Gracias!/).first()).toBeVisible();

  // the agency's check finds the second asset gone: a lost-access alert
  await signInToDashboard(page, agency.email, agency.password);
  await page.goto(`/dashboard/clients/${clientId}`);
  const access = page.locator("section", { has: page.getByRole("heading", { name: "Access after the grant" }) });
  await access.getByRole("button", { name: "Check now" }).click();
  await expect(access.getByText("1 granted asset has lost access.")).toBeVisible();

  // the client's own access page, in Spanish at 375 px
  await clientPage.goto(`${invitePath}/access`);
  await expect(clientPage.getByRole("heading", { level: 1 })).toHaveText(/^A qué tiene acceso /);
  const lines = clientPage.locator("li[data-line]");
  await expect(lines).toHaveCount(2);
  await expect(clientPage.locator('li[data-state="lost"]')).toContainText("Ya no existe");
  await expect(clientPage.locator('li[data-state="active"]')).toContainText(
    /Activo\s*comprobado (ahora|hace \d+ (segundos?|minutos?))/,
  );
  const width = await clientPage.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yIssues(clientPage);
  await clientContext.close();

  // Ask again: one click, a request for exactly the lost service, role and account
  await page.reload();
  const lost = page.locator("section", { has: page.getByRole("heading", { name: "Lost access" }) });
  const alert = lost.getByTestId("lost-access-alert");
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText("Meta Ad Account");
  await expectNoSeriousA11yIssues(page);
  await alert.getByRole("button", { name: "Ask again" }).click();
  await page.waitForURL((url) => /^\/dashboard\/requests\/[0-9a-f-]{36}$/.test(url.pathname));
  await expect(page.getByTestId("asked-again-for")).toContainText("Meta Ad Account");
  const newId = new URL(page.url()).pathname.split("/").pop()!;
  expect(newId).not.toBe(request.body.data.id);
  const asked = await api<{
    data: {
      clientId: string;
      services: { service: string; accessLevel: string; accounts: { internalAccountId: string }[] }[];
    };
  }>(baseURL!, agency.apiKey, "GET", `/requests/${newId}`);
  expect(asked.body.data.clientId).toBe(clientId);
  expect(
    asked.body.data.services.map((s) => [s.service, s.accessLevel, s.accounts.map((a) => a.internalAccountId)]),
  ).toEqual([["meta_ads", "advertiser", [agency.accounts.meta]]]);

  // back on the client's page the alert waits for the client
  await page.goto(`/dashboard/clients/${clientId}`);
  await expect(alert.getByRole("link", { name: "Asked again: waiting for the client" })).toBeVisible();
  await expect(alert.getByRole("button", { name: "Ask again" })).toHaveCount(0);
});
