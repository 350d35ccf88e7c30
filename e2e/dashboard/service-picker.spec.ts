// The new request form's service picker with the larger catalog on a phone
// (375 px) and on a desktop: every platform is a group with its mark, a search narrows the
// list and opens what matches, a chosen service stays chosen while the search changes, and
// nothing is wider than the screen.
import { expect, test, type Page } from "@playwright/test";
import { seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";

const SCREENS = "test-results/screens";

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

test("the service picker groups the catalog by platform and searches it, at 375 and 1280 px", async ({ page }) => {
  const agency = await seedAgency({ platforms: ["google", "mailchimp"] });
  await page.setViewportSize({ width: 375, height: 800 });
  await signInToDashboard(page, agency.email, agency.password);
  await page.goto("/dashboard/requests/new");

  const groups = page.locator("details[data-platform]");
  expect(await groups.count()).toBeGreaterThanOrEqual(28);
  // the platforms the agency has an account on come first, in catalog order
  await expect(groups.nth(0)).toHaveAttribute("data-platform", "google");
  await expect(groups.nth(1)).toHaveAttribute("data-platform", "mailchimp");
  await expect(page.locator('details[data-platform="wix"] summary')).toContainText("Wix");
  await expect(page.locator('details[data-platform="wix"] summary [data-platform-logo="wix"]')).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SCREENS}/service-picker-375.png`, fullPage: true });

  const search = page.getByLabel("Search services");
  await search.fill("mail");
  await expect(groups).toHaveCount(1);
  await expect(page.getByTestId("service-picker-status")).toHaveText("1 matching on 1 platform.");
  await page.locator("#svc-mailchimp_account").check();
  await page.locator("#svc-mailchimp_account-role").selectOption("viewer");
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SCREENS}/service-picker-search-375.png`, fullPage: true });

  await search.fill("nothing like this");
  await expect(groups).toHaveCount(0);
  await expect(page.getByTestId("service-picker-status")).toContainText(
    'No service matches "nothing like this". 1 selected in all.',
  );

  // cleared: every platform again, the chosen one open and counted
  await search.fill("");
  expect(await groups.count()).toBeGreaterThanOrEqual(28);
  await expect(page.locator('details[data-platform="mailchimp"]')).toHaveAttribute("open", "");
  await expect(page.locator('details[data-platform="mailchimp"] summary')).toContainText("1 selected");
  await expect(page.locator("#svc-mailchimp_account-role")).toHaveValue("viewer");

  await page.setViewportSize({ width: 1280, height: 900 });
  await search.fill("google ads");
  await expect(page.locator('details[data-platform="google"] [data-service]')).toHaveCount(3);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SCREENS}/service-picker-1280.png`, fullPage: true });
});
