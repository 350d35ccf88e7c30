// Requests and clients in the dashboard: create a client and a request, the client grants
// from a second browser context, the detail page updates without a reload; then the team's
// actions (confirm a client-sent invite, mark granted, ask for more access, unmark,
// cancel), "preview as client", screenshots and accessibility checks of the main pages.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";

const SCREENS = "test-results/screens";

/** A full-page screenshot from the top (the sticky sidebar stays where it belongs). */
async function shot(p: Page, name: string) {
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.screenshot({ path: `${SCREENS}/${name}`, fullPage: true });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

async function expectNoSeriousA11yIssues(page: Page) {
  const result = await axeFor(page).analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(" ")).join(", ")})`)).toEqual(
    [],
  );
}

test("create a client and a request, watch the client's progress live, act on it", async ({
  page,
  browser,
  baseURL,
}) => {
  // the longest journey: two browsers, every kind of service, the team's confirmations
  test.setTimeout(120_000);
  const seeded = await seedAgency({ platforms: ["google", "shopify", "hubspot"] });
  await signIn(page, seeded.email, seeded.password);
  await page.goto("/dashboard/requests");
  await expect(page.getByText("No requests yet")).toBeVisible();
  await shot(page, "requests-empty.png");

  // a client, from the Clients page
  await page.getByRole("link", { name: "Clients" }).click();
  await page.getByRole("button", { name: "New client" }).click();
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page.locator("#new-client-name-error")).toBeVisible();
  await page.getByLabel("Contact name").fill("Dana Dashboard");
  await page.getByLabel("Email", { exact: true }).fill("dana@dash.example");
  await page.getByLabel("Company").fill("Dash Co");
  await page.getByLabel("Your client ID").fill("CRM-DASH-1");
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page).toHaveURL(/\/dashboard\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Dana Dashboard" })).toBeVisible();

  // edit it: the externalClientId is locked once set
  await page.getByRole("button", { name: "Edit client" }).click();
  await expect(page.getByLabel("Your client ID")).toBeDisabled();
  await page.getByLabel("Company").fill("Dash Company");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Client saved.")).toBeVisible();
  await expect(page.getByText("Dash Company").first()).toBeVisible();
  await shot(page, "client-detail.png");

  await page.getByRole("link", { name: "Clients", exact: true }).first().click();
  await page.getByLabel("Search").fill("crm-dash");
  await expect(page.getByTestId("client-row")).toHaveCount(1);
  await page.getByLabel("Search").fill("no such client");
  await expect(page.getByText("No clients match this search")).toBeVisible();
  await page.getByLabel("Search").fill("");
  await page.getByRole("button", { name: "Prospects" }).click();
  await expect(page.getByText("No prospects yet")).toBeVisible();
  await page.getByRole("button", { name: "Clients", exact: true }).click();
  await expect(page.getByTestId("client-row")).toHaveCount(1);
  await shot(page, "clients.png");
  await expectNoSeriousA11yIssues(page);

  // a request with three services
  await page.goto("/dashboard/requests/new");
  await page.getByLabel("Find a client").fill("Dana");
  await page.getByRole("button", { name: /Dana Dashboard/ }).click();
  await expect(page.getByTestId("selected-client")).toContainText("dana@dash.example");
  // nothing chosen: the server's error shows next to the services
  await page.getByRole("button", { name: "Create request" }).click();
  await expect(
    page
      .locator("#requestedServices-error, p[role=alert]", {
        hasText: "Request at least one service or the intake form.",
      })
      .first(),
  ).toBeVisible();
  // and again beside the button, where the person is looking
  await expect(page.getByTestId("error-summary")).toContainText("Request at least one service or the intake form.");
  await expect(page.getByLabel("Ask the intake form")).toBeDisabled();

  await page.locator("summary", { hasText: "Google" }).click();
  await page.getByLabel("Google Ads", { exact: true }).check();
  await page.locator("#svc-google_ads-role").selectOption("standard");
  await page.locator("summary", { hasText: "Shopify" }).click();
  await page.getByLabel("Shopify Store").check();
  await page.locator("summary", { hasText: "HubSpot" }).click();
  await page.getByLabel("HubSpot Account").check();
  await page.getByLabel("Redirect when done").fill("not a url");
  await page.getByRole("button", { name: "Create request" }).click();
  await expect(page.locator("#redirectUrl-error")).toContainText("Enter a full web address, starting with https://.");
  await page.getByLabel("Redirect when done").fill("https://dash.example/done");
  await page.getByLabel("Thank-you message").fill("Thanks, Dana!");
  await shot(page, "request-new.png");
  await page.getByRole("button", { name: "Create request" }).click();
  await expect(page).toHaveURL(/\/dashboard\/requests\/[0-9a-f-]{36}$/);
  const requestId = page.url().split("/").pop()!;
  await expect(page.getByTestId("request-status")).toHaveText("Pending");
  await expect(page.getByTestId("service-row")).toHaveCount(3);
  await expect(page.getByTestId("state-version")).toHaveText("1");
  const inviteUrl = (await page.getByTestId("invite-url").textContent())!.trim();
  expect(inviteUrl).toMatch(/\/i\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  await page.getByRole("button", { name: "Embed" }).click();
  await expect(page.getByTestId("iframe-snippet")).toContainText('<iframe id="access-request" src=');

  // the API sees it with source "dashboard"
  const viaApi = await api<{
    data: { clientId: string; source: string; services: { service: string; accessLevel: string }[] };
  }>(baseURL!, seeded.apiKey, "GET", `/requests/${requestId}`);
  expect(viaApi.body.data.source).toBe("dashboard");
  expect(viaApi.body.data.services.find((s) => s.service === "google_ads")?.accessLevel).toBe("standard");

  // the client opens the link in their own browser context and grants Google Ads through the sandbox
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(inviteUrl);
  await expect(client.getByRole("heading", { level: 1 })).toContainText("Grant access to");
  await shot(client, "client-invite-page.png");
  await client.locator('[data-service="google_ads"]').getByRole("link", { name: "Grant access" }).click();
  await client.getByRole("button", { name: "Allow" }).click();
  await client.getByRole("checkbox").first().check();
  await client.getByRole("button", { name: "Grant access" }).click();
  await client.waitForURL(/\/i\/[^/]+\?/);

  // the open dashboard page updates by itself
  const google = page.locator('[data-testid="service-row"][data-service="google_ads"]');
  await expect(google.getByText("Granted", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(google.getByTestId("granted-assets")).toBeVisible();
  await expect(page.getByTestId("request-status")).toHaveText("In progress");
  await expect(page.locator('[data-event-type="service.granted"]')).toHaveCount(1);

  // HubSpot: the client says they sent the invite; like every manual step, the team confirms it
  await client.locator('[data-service="hubspot_portal"]').getByRole("button", { name: "I've sent the invite" }).click();
  const hubspot = page.locator('[data-testid="service-row"][data-service="hubspot_portal"]');
  await expect(hubspot.getByText("Waiting for you to confirm")).toBeVisible({ timeout: 15_000 });
  await hubspot.getByRole("button", { name: "Confirm access received" }).click();
  await expect(hubspot.getByText("Granted", { exact: true })).toBeVisible({ timeout: 15_000 });
  await client.waitForLoadState();

  // Shopify: the client says they sent the invite; the team confirms it arrived, which completes the request
  await client.locator('[data-service="shopify_store"]').getByRole("button", { name: "I've sent the invite" }).click();
  const shopify = page.locator('[data-testid="service-row"][data-service="shopify_store"]');
  await expect(shopify.getByText("Waiting for you to confirm")).toBeVisible({ timeout: 15_000 });
  await shopify.getByRole("button", { name: "Confirm access received" }).click();
  await expect(page.getByText("Confirmed; the service is granted.")).toBeVisible();
  await expect(shopify.getByText("Granted", { exact: true })).toBeVisible();
  await expect(page.getByTestId("request-status")).toHaveText("Completed");
  await expect(page.locator('[data-event-type="request.completed"]')).toHaveCount(1);
  await shot(page, "request-detail-completed.png");

  // ask for more access: the editor adds Google Analytics; back to in progress with one request.updated
  const updatesBefore = await page.locator('[data-event-type="request.updated"]').count();
  await page.getByRole("link", { name: "Ask for more access" }).click();
  await expect(page).toHaveURL(/\/edit$/);
  // the Google section is already open: the request asks a Google service
  await page.getByLabel("Google Analytics", { exact: true }).check();
  // the client hears of it: emailing them the link is offered, and on
  await expect(page.getByLabel("Email Dana Dashboard the link")).toBeChecked();
  await page.getByRole("button", { name: "Ask for more access" }).click();
  await expect(page.getByText("Dana Dashboard was emailed the link (dana@dash.example)")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/requests\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("request-status")).toHaveText("In progress");
  await expect(page.locator('[data-event-type="request.updated"]')).toHaveCount(updatesBefore + 1);
  const analytics = page.locator('[data-testid="service-row"][data-service="google_analytics"]');
  await analytics.getByRole("button", { name: "Mark granted" }).click();
  await expect(page.getByTestId("request-status")).toHaveText("Completed");
  // its message goes after 4 s: the next "Marked as granted." below must be the next grant's
  await expect(page.getByText("Marked as granted.")).toHaveCount(0);

  // unmark a grant, then mark it granted again: the request completes a second time
  await google.getByRole("button", { name: "Unmark grant" }).click();
  await expect(page.getByText("Grant unmarked.")).toBeVisible();
  await expect(google.getByText("Pending", { exact: true })).toBeVisible();
  await google.getByRole("button", { name: "Mark granted" }).click();
  await expect(page.getByText("Marked as granted.")).toBeVisible();
  await expect(page.getByTestId("request-status")).toHaveText("Completed");
  await expect(page.locator('[data-event-type="request.completed"]')).toHaveCount(3);
  const finalView = await api<{ data: { status: string; stateVersion: number } }>(
    baseURL!,
    seeded.apiKey,
    "GET",
    `/requests/${requestId}`,
  );
  expect(finalView.body.data.status).toBe("completed");
  await expect(page.getByTestId("state-version")).toHaveText(String(finalView.body.data.stateVersion));

  // preview as client: a demo request opens in a new tab
  const [preview] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("button", { name: "Preview as client" }).click(),
  ]);
  await expect.poll(() => preview.url(), { timeout: 15_000 }).toMatch(/\/i\/[A-Za-z0-9_-]+$/);
  const demoToken = preview.url().split("/").pop()!;
  expect(inviteUrl.endsWith(demoToken)).toBe(false);
  await preview.close();
  await expectNoSeriousA11yIssues(page);

  // the list shows the request with its progress; search and status filters run on the server
  await page.goto("/dashboard/requests");
  const row = page.locator(`[data-request-id="${requestId}"]`);
  await expect(row).toContainText("Dana Dashboard");
  await expect(row.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "4");
  await expect(page.getByTestId("request-row")).toHaveCount(1);
  await page.getByLabel("Search").fill("CRM-DASH");
  await expect(page.getByTestId("request-row")).toHaveCount(1);
  await page.getByRole("button", { name: "In progress" }).click();
  await expect(page.getByText("No requests match")).toBeVisible();
  await page.getByRole("button", { name: "Completed" }).click();
  await expect(page.getByTestId("request-row")).toHaveCount(1);
  await page.getByLabel("Search").fill("");
  await page.getByRole("button", { name: "All" }).click();
  await shot(page, "requests.png");
  await expectNoSeriousA11yIssues(page);

  // the list follows the client's actions too, without a reload
  const second = await api<{ data: { id: string; inviteUrl: string } }>(baseURL!, seeded.apiKey, "POST", "/requests", {
    clientId: viaApi.body.data.clientId,
    requestedServices: {
      hubspot_portal: {
        accessLevel: "standard",
        requestedAccountLinks: [{ internalAccountId: seeded.accounts.hubspot }],
      },
      shopify_store: { requestedAccountLinks: [{ internalAccountId: seeded.accounts.shopify }] },
    },
  });
  expect(second.status).toBe(201);
  const secondRow = page.locator(`[data-request-id="${second.body.data.id}"]`);
  await expect(secondRow).toContainText("Pending", { timeout: 15_000 });
  await client.goto(second.body.data.inviteUrl);
  await client.locator('[data-service="hubspot_portal"]').getByRole("button", { name: "I've sent the invite" }).click();
  await expect(secondRow).toContainText("In progress", { timeout: 15_000 });
  // the client's "sent" waits for the team's confirmation: nothing is counted done yet
  await expect(secondRow.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");

  // the demo request never shows in the lists
  const listed = await api<{ data: { id: string }[] }>(baseURL!, seeded.apiKey, "GET", "/requests?limit=100");
  expect(listed.body.data.map((r) => r.id).sort()).toEqual([requestId, second.body.data.id].sort());
  await expect(page.getByTestId("request-row")).toHaveCount(2);

  // cancel the open one
  await secondRow.getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/requests/${second.body.data.id}$`));
  await page.getByRole("button", { name: "Cancel request" }).click();
  await expect(page.getByRole("dialog")).toContainText("Cancel this request?");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel request" }).click();
  await expect(page.getByTestId("request-status")).toHaveText("Cancelled");
  await expect(page.locator('[data-event-type="request.cancelled"]')).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Mark granted" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel request" })).toHaveCount(0);
  await shot(page, "request-detail-cancelled.png");

  // the client's page of the cancelled request
  await client.reload();
  await shot(client, "client-page-cancelled.png");
  await clientContext.close();
});
