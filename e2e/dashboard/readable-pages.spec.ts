// The agency's pages as a paying agency reads them: the request page with account names
// and role labels instead of internal values, the invite link with Copy / Email / Embed at
// the top and a plain-language timeline; the static link that cannot read "On" while it
// asks for nothing; error toasts gone once the action succeeds. At desktop and phone
// widths, with the accessibility check.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";

async function expectAccessible(page: Page) {
  const result = await axeFor(page).analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

for (const width of [1280, 375]) {
  test(`the request page names accounts and roles and tells the story in words (${width} px)`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const seeded = await seedAgency({ platforms: ["google", "shopify"] });
    const client = await api<{ data: { id: string } }>(baseURL!, seeded.apiKey, "POST", "/clients", {
      name: "Maria Lopez",
      email: "maria@client.test",
    });
    const created = await api<{ data: { id: string; inviteUrl: string } }>(
      baseURL!,
      seeded.apiKey,
      "POST",
      "/requests",
      {
        clientId: client.body.data.id,
        requestedServices: {
          google_analytics: {
            accessLevel: "viewer",
            requestedAccountLinks: [{ internalAccountId: seeded.accounts.google }],
          },
          shopify_store: { requestedAccountLinks: [{ internalAccountId: seeded.accounts.shopify }] },
        },
      },
    );
    expect(created.status).toBe(201);

    await signInToDashboard(page, seeded.email, seeded.password);
    await page.goto(`/dashboard/requests/${created.body.data.id}`);
    await expect(page).toHaveTitle(/Request/);

    // the invite link and its three ways out, before anything else
    const bar = page.getByTestId("invite-link-bar").first();
    await expect(bar.getByTestId("invite-url")).toHaveText(created.body.data.inviteUrl);
    await expect(bar.getByRole("button", { name: "Copy link" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Email" })).toHaveAttribute(
      "href",
      /^mailto:maria%40client\.test\?subject=/,
    );
    await bar.getByRole("button", { name: "Embed" }).click();
    await expect(bar.getByTestId("iframe-snippet")).toContainText("access-request.resize");

    // services read as names and labels, never internal ids or raw role values
    const analytics = page.locator('[data-testid="service-row"][data-service="google_analytics"]');
    await expect(analytics).toContainText("Role: Viewer");
    await expect(analytics).not.toContainText("viewer");
    const shopify = page.locator('[data-testid="service-row"][data-service="shopify_store"]');
    for (const id of [seeded.accounts.google!, seeded.accounts.shopify!])
      await expect(page.locator("main")).not.toContainText(id);

    // the timeline in words; event names only under Details
    await expect(page.getByTestId("timeline")).toContainText("Access request created");
    await expect(page.getByTestId("timeline")).not.toContainText("request.created");
    await page.getByTestId("timeline-details").locator("summary").click();
    await expect(page.getByTestId("timeline-details")).toContainText("request.created");

    // the client says the Shopify invite is sent: the page waits for the team to confirm
    await page.goto(created.body.data.inviteUrl);
    await page.locator('[data-service="shopify_store"]').getByRole("button", { name: "I've sent the invite" }).click();
    await expect(page.locator('[data-service="shopify_store"] [data-status]')).toHaveText(/./);
    await page.goto(`/dashboard/requests/${created.body.data.id}`);
    await expect(shopify).toContainText("Waiting for you to confirm");
    await expect(shopify.getByRole("button", { name: "Confirm access received" })).toBeVisible();
    await expectAccessible(page);
  });

  test(`the static link stays off while it asks for nothing (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const seeded = await seedAgency({ platforms: ["google"] });
    await signInToDashboard(page, seeded.email, seeded.password);
    await page.goto("/dashboard/static-link");
    await expect(page.getByTestId("static-link-state")).not.toHaveText("On");
    const toggle = page.getByLabel("Link is on");
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeDisabled();
    await expect(
      page.getByText("Choose at least one service (or the intake form) before turning the link on.").first(),
    ).toBeVisible();
    await expectAccessible(page);
  });
}

test("an error toast is gone once the same form succeeds, and the error shows beside its field", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  const seeded = await seedAgency({ platforms: ["google"] });
  await signInToDashboard(page, seeded.email, seeded.password);
  await page.goto("/dashboard/clients");
  await page.getByRole("button", { name: "New client" }).click();
  await page.getByLabel("Contact name").fill("Toast Client");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  // one place per error: beside the field, no toast repeating it
  await expect(page.locator('[data-toast="error"]')).toHaveCount(0);
  await page.getByLabel("Email", { exact: true }).fill("toast@client.test");
  await page.getByRole("button", { name: "Create client" }).click();
  await expect(page.locator('[data-toast="success"]')).toBeVisible();
  await expect(page.getByText("Enter a valid email address.")).toHaveCount(0);
  await expect(page.locator('[data-toast="error"]')).toHaveCount(0);
});
