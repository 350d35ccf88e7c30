// A new agency's first request, at 1280 and 375 px: the client made inline in New request
// (Enter creates it, nothing is submitted natively and nothing lands in the URL), "Email the
// link to the client" already on, and a refused create (a service whose agency account is
// missing) answered beside the button: an announced summary that takes the focus.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";

async function expectNoSeriousA11yIssues(page: Page) {
  const result = await axeFor(page).analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

for (const width of [1280, 375]) {
  test(`New request: inline client, email on, a refused create said beside the button (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const seeded = await seedAgency({ platforms: ["google"] });
    await signInToDashboard(page, seeded.email, seeded.password);
    const navigations: string[] = [];
    page.on("framenavigated", (f) => {
      if (f === page.mainFrame()) navigations.push(f.url());
    });
    await page.goto("/dashboard/requests/new");
    navigations.length = 0;

    // the client, made inline: Enter in a field creates it, without leaving the page
    await page.getByRole("button", { name: "New client" }).click();
    const inline = page.getByRole("group", { name: "New client" });
    await inline.getByLabel("Contact name").fill("Lucía Gómez");
    await inline.getByLabel("Email", { exact: true }).fill(`lucia-${width}@panaderia.test`);
    await inline.getByLabel("Language of pages and emails").selectOption("Spanish");
    await inline.getByLabel("Email", { exact: true }).press("Enter");
    await expect(page.getByTestId("selected-client")).toContainText(`lucia-${width}@panaderia.test`);
    expect(new URL(page.url()).search).toBe("");
    expect(navigations.filter((u) => u.includes("email=") || u.includes("name="))).toEqual([]);

    // emailing the link is on unless the owner turns it off
    await expect(page.getByLabel("Email the link to the client")).toBeChecked();

    // a service whose agency account is missing: refused, and said where the button is
    await page.locator("summary", { hasText: "HubSpot" }).click();
    await page.getByLabel("HubSpot Account").check();
    await page.getByRole("button", { name: "Create request" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeVisible();
    await expect(summary).toHaveAttribute("role", "alert");
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    await expectNoSeriousA11yIssues(page);

    // fixed, it is created
    await page.locator("#svc-hubspot_portal").uncheck();
    await page.locator("summary", { hasText: "Google" }).click();
    await page.getByLabel("Google Ads", { exact: true }).check();
    await page.getByRole("button", { name: "Create request" }).click();
    await expect(page).toHaveURL(/\/dashboard\/requests\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("request-status")).toHaveText("Pending");
  });
}
