// Editing a request, reminders and two-factor sign-in in real Chromium, with axe on each
// new page: the request editor keeps granted services and adds one; "Send reminder now"
// shows the last sent time; reminder days are saved; two-factor enrolment with the QR
// code's key, recovery codes, and the code asked at the next sign-in.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { api, seedAgency } from "../fixtures/admin";

test.describe.configure({ timeout: 120_000 });

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

test("edit a request, send a reminder now, and set the reminder days", async ({ page, baseURL }) => {
  const agency = await seedAgency({ platforms: ["google"] });
  const client = await api<{ data: { id: string } }>(baseURL!, agency.apiKey, "POST", "/clients", {
    name: "Eva Edit",
    email: "eva@edit.example",
    language: "Spanish",
  });
  const created = await api<{ data: { id: string } }>(baseURL!, agency.apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      google_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: agency.accounts.google }] },
    },
  });
  const id = created.body.data.id;
  await signIn(page, agency.email, agency.password, `/dashboard/requests/${id}`);

  await page.getByRole("link", { name: "Edit request" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/requests/${id}/edit$`));
  await expect(page.getByLabel("Google Ads", { exact: true })).toBeChecked();
  await expectNoSeriousA11yIssues(page);
  // the Google section is already open: the request asks a Google service
  await page.getByLabel("Google Tag Manager", { exact: true }).check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/requests/${id}$`));
  await expect(page.getByTestId("service-row")).toHaveCount(2);
  await expect(page.locator('[data-event-type="request.updated"]')).toHaveCount(1);

  await expect(page.getByText("None sent yet")).toBeVisible();
  await page.getByRole("button", { name: "Send reminder now" }).click();
  await expect(page.getByText(/Reminder queued/)).toBeVisible();
  await expect(page.getByText("None sent yet")).toHaveCount(0);

  await page.goto("/dashboard/reminders");
  await page.getByLabel("Reminder 1").fill("3");
  await page.getByLabel("Reminder 2").fill("3");
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.locator("#reminder-days-error")).toHaveText("Must not repeat a day.");
  await page.getByLabel("Reminder 2").fill("10");
  await page.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText("Reminder settings saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Reminder 2")).toHaveValue("10");
  await expectNoSeriousA11yIssues(page);
});

test("password change: mistakes named on their fields, other sessions end, this tab stays, the new password signs in", async ({
  page,
  browser,
}) => {
  const agency = await seedAgency({ platforms: [] });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, agency.email, agency.password, "/dashboard/security");
  await signIn(page, agency.email, agency.password, "/dashboard/security");
  const newPassword = "violet tractor ocean lantern 17";
  const form = page.getByTestId("change-password-form");

  await form.getByLabel("Current password").fill("not-the-password");
  await form.getByLabel("New password", { exact: true }).fill(newPassword);
  await form.getByLabel("New password again").fill(`${newPassword}!`);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("The two new passwords do not match.")).toBeVisible();
  await form.getByLabel("New password again").fill(newPassword);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("That is not your current password.")).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await form.getByLabel("Current password").fill(agency.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. You were signed out everywhere else.")).toBeVisible();
  // this tab goes on; the other browser's session has ended
  await page.reload();
  await expect(page.getByTestId("change-password-form")).toBeVisible();
  await otherPage.goto("/dashboard/security");
  await otherPage.waitForURL((url) => url.pathname === "/login");
  await other.close();

  await page.context().clearCookies();
  await signIn(page, agency.email, newPassword, "/dashboard/security");
});

test("two-factor sign-in: enrol with the key, keep recovery codes, and give a code at sign-in", async ({ page }) => {
  const agency = await seedAgency({ platforms: [] });
  await signIn(page, agency.email, agency.password, "/dashboard/security");
  await expectNoSeriousA11yIssues(page);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from your app").fill(await generate({ secret }));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await expectNoSeriousA11yIssues(page);

  await page.context().clearCookies();
  await page.goto("/login?callbackUrl=%2Fdashboard");
  await page.getByLabel("Email").fill(agency.email);
  await page.getByLabel("Password").fill(agency.password);
  // the first step is not a refusal: the browser logs no failed request for it
  const consoleErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") consoleErrors.push(m.text());
  });
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  expect(consoleErrors).toEqual([]);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText(/That code is not valid/)).toBeVisible();
  // the next time step: the enrolment code's step is used up
  await page
    .getByLabel("Authentication code")
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
});
