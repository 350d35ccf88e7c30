// The demo agency's sample data: the banner says it is demo data on every dashboard page,
// the Owner removes it with one confirmed click, and the banner and the sample clients are
// gone while the agency stays. Checked for accessibility at desktop and phone widths.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { admin, seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";

async function expectNoSeriousA11yIssues(page: Page) {
  const result = await axeFor(page).analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

for (const width of [1280, 375]) {
  test(`demo data: marked by a banner and removed by the owner (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const agency = await seedAgency({ platforms: ["meta", "google"] });
    await admin(
      "intake",
      "set",
      "--agency",
      agency.agencyId,
      "--enabled",
      "true",
      "--question",
      "What is your company's website?",
      "--question",
      "Who handles billing?",
    );
    await admin("demo", "seed", "--agency", agency.agencyId);

    await signInToDashboard(page, agency.email, agency.password);
    await page.goto("/dashboard/requests");
    const banner = page.getByTestId("demo-data-banner");
    await expect(banner).toContainText("Demo data.");
    await expect(page.getByText("Maple Bakery").first()).toBeVisible();
    // the five sample requests use none of the month's client links
    await page.goto("/dashboard/usage");
    await expect(page.getByTestId("usage-clients-used")).toHaveText("0");
    await expect(page.getByText(/the demo's sample requests and previews as the client never count/)).toBeVisible();
    await page.goto("/dashboard");
    await expect(banner).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    await banner.getByRole("button", { name: "Remove demo data" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Your agency, team, connected accounts, intake form and API keys stay.");
    await expectNoSeriousA11yIssues(page);
    await dialog.getByRole("button", { name: "Remove demo data" }).click();
    await expect(page.getByText("Demo data removed.")).toBeVisible();
    await expect(banner).toHaveCount(0);

    await page.goto("/dashboard/requests");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Maple Bakery")).toHaveCount(0);
    await expect(banner).toHaveCount(0);
    await expectNoSeriousA11yIssues(page);
  });
}
