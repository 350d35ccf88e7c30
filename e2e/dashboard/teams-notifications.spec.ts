// Microsoft Teams on the Notifications page, in real Chromium against the contract fake of a
// Workflows webhook (test/support/fakes/teams-workflow-fake.ts, on loopback, which the app may
// reach under WEBHOOK_ALLOW_LOOPBACK=1): a bad URL is refused beside the field, a retired
// connector's URL by name; "Send a test message" says what Teams answered, accepted or refused;
// the saved URL then carries a client's grant to the channel as a card whose button opens the
// request (the app's in-process worker sends it). At 1280 and 375 px, with axe.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";
import { startTeamsWorkflowFake, type TeamsWorkflowFake } from "../../test/support/fakes/teams-workflow-fake";

test.describe.configure({ timeout: 150_000 });

let teams: TeamsWorkflowFake;
test.beforeAll(async () => {
  teams = await startTeamsWorkflowFake();
});
test.afterAll(async () => teams?.close());

async function expectNoSeriousA11yIssues(page: Page) {
  const { violations } = await axeFor(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const teamsCard = (page: Page) => page.locator("form", { has: page.getByRole("button", { name: "Save Teams URL" }) });

for (const width of [1280, 375]) {
  test(`Teams: the URL is checked, the test message answers, a grant reaches the channel (${width} px)`, async ({
    page,
    baseURL,
    browser,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const agency = await seedAgency({ platforms: ["meta"] });
    await signInToDashboard(page, agency.email, agency.password);
    await page.goto("/dashboard/notifications");
    await expect(page.getByRole("heading", { name: "Microsoft Teams" })).toBeVisible();
    const form = teamsCard(page);
    const field = form.getByLabel("Workflow webhook URL");
    await expect(form.getByRole("button", { name: "Send a test message" })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath(`notifications-${width}.png`), fullPage: true });

    // https only, said beside the field
    await field.fill("http://93.184.216.34/workflows/x");
    await form.getByRole("button", { name: "Save Teams URL" }).click();
    await expect(form.getByRole("alert")).toHaveText("Must use https.");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    // the retired connectors' URL, by name
    await field.fill("https://acme.webhook.office.com/webhookb2/abc/IncomingWebhook/def");
    await form.getByRole("button", { name: "Save Teams URL" }).click();
    await expect(form.getByRole("alert")).toContainText("retired");
    await expect(form.getByRole("alert")).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath(`teams-bad-url-${width}.png`), fullPage: true });

    // Teams refuses a URL without its signature: its status and its words
    await field.fill(teams.unsignedUrl);
    await form.getByRole("button", { name: "Send a test message" }).click();
    await expect(form.getByRole("alert")).toContainText(
      "Teams refused the message (HTTP 401): DirectApiAuthorizationRequired",
    );
    await page.screenshot({ path: testInfo.outputPath(`teams-refused-${width}.png`), fullPage: true });

    // the test message to the workflow's URL, then saving it
    const before = teams.cards.length;
    await field.fill(teams.url);
    await form.getByRole("button", { name: "Send a test message" }).click();
    await expect(form.getByRole("status")).toContainText("Teams accepted the test message (HTTP 202)");
    expect(teams.cards.length).toBe(before + 1);
    await form.getByRole("button", { name: "Save Teams URL" }).click();
    await expect(form.getByRole("status")).toHaveText("Saved. New events will be posted to Teams.");
    await page.screenshot({ path: testInfo.outputPath(`teams-saved-${width}.png`), fullPage: true });
    await expectNoSeriousA11yIssues(page);
    await page.reload();
    await expect(teamsCard(page).getByLabel("Workflow webhook URL")).toHaveValue(teams.url);

    // a client's grant reaches the channel as a card whose button opens the request
    const tag = `${Date.now().toString(36)}${width}`;
    const client = await api<{ data: { id: string } }>(baseURL!, agency.apiKey, "POST", "/clients", {
      name: `Teams ${tag}`,
      email: `teams-${tag}@example.com`,
    });
    expect(client.status).toBe(201);
    const request = await api<{ data: { id: string; inviteUrl: string } }>(
      baseURL!,
      agency.apiKey,
      "POST",
      "/requests",
      {
        clientId: client.body.data.id,
        requestedServices: {
          meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta }] },
        },
      },
    );
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

    const requestUrl = new URL(`/dashboard/requests/${request.body.data.id}`, baseURL).href;
    await expect
      .poll(
        () =>
          teams.cards.find(
            (c) => JSON.stringify(c.body).includes(`Teams ${tag} granted`) && c.actions?.[0]?.url === requestUrl,
          ) ?? null,
        { timeout: 30_000 },
      )
      .toMatchObject({ type: "AdaptiveCard", actions: [{ type: "Action.OpenUrl", title: "Open the request" }] });
  });
}
