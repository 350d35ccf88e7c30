// Dashboard sign-up, sign-in (and a wrong password), the return to sign-in when there is no
// session, and the team: an owner invites a Viewer by link, the Viewer joins in a second
// browser and sees no mutation buttons, and a server action attempted after losing the
// right is refused with a 403 message instead of breaking the page.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";

const SCREENS = "test-results/screens";

/** A full-page screenshot from the top (the sticky sidebar stays where it belongs). */
async function shot(p: Page, name: string) {
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.screenshot({ path: `${SCREENS}/${name}`, fullPage: true });
}
let n = 0;
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${++n}`;

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs up, which answers "check your inbox" whether or not the email was taken, then signs in. */
async function signUp(page: Page, agencyName: string, email: string, password: string) {
  await page.goto("/signup");
  await page.getByLabel("Agency name").fill(agencyName);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create agency" }).click();
  await expect(page.getByTestId("signup-done")).toContainText(email, { timeout: 20_000 });
  // one way on: the answer's own "Sign in", not a second one below it
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(1);
  await page.goto("/login");
  await signIn(page, email, password);
  // a new agency lands on Home, where the first-run checklist is
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
}

/** The paths of the verification links sent to `email`, newest first, from the agency's mailbox (the development stand-in for the inbox). */
async function verificationLinks(page: Page, email: string): Promise<string[]> {
  const list = await page.request.get("/api/dashboard/emails");
  expect(list.ok()).toBe(true);
  const items = ((await list.json()) as { data: { id: string; kind: string; to: string }[] }).data;
  const mails = items.filter((m) => m.kind === "verify_email" && m.to === email);
  expect(mails.length).toBeGreaterThan(0);
  const paths: string[] = [];
  for (const mail of mails) {
    const detail = (await (await page.request.get(`/api/dashboard/emails/${mail.id}`)).json()) as {
      data?: { text: string };
      text?: string;
    };
    const url = /https?:\/\/\S+\/verify-email\/\S+/.exec(detail.data?.text ?? detail.text ?? "")?.[0];
    expect(url).toBeDefined();
    paths.push(new URL(url!).pathname);
  }
  return paths;
}

/** Follows the newest verification link. */
async function verifyEmail(page: Page, email: string) {
  await page.goto((await verificationLinks(page, email))[0]!);
  await expect(page.getByTestId("verify-result")).toContainText("Your address is verified");
}

test("sign-up, sign-out, wrong password, sign-in", async ({ page }) => {
  const email = `${unique("owner")}@example.com`;
  const password = "correct-horse-battery";
  const agency = unique("Agency");

  await page.goto("/signup");
  // the server validates with the shared schema and shows errors next to the fields
  await page.getByRole("button", { name: "Create agency" }).click();
  await expect(page.locator("#agencyName-error")).toBeVisible();
  await expect(page.locator("#password-error")).toBeVisible();
  await shot(page, "signup.png");

  await signUp(page, agency, email, password);
  await expect(page.getByTestId("agency-name")).toHaveText(agency);
  await expect(page.getByTestId("user-email")).toHaveText(email);
  // a new agency lands on Home, its checklist
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();

  // Sign out works once the page has hydrated: a click that lands before then is clicked again
  await expect(async () => {
    await page.getByRole("button", { name: "Sign out" }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/login$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });

  await signIn(page, email, "wrong-password-123");
  await expect(page.locator("form [role=alert]")).toContainText("The email or password is incorrect");
  // an unknown account gets exactly the same message
  await signIn(page, `${unique("nobody")}@example.com`, "wrong-password-123");
  await expect(page.locator("form [role=alert]")).toContainText("The email or password is incorrect");
  await shot(page, "login-error.png");

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("agency-name")).toHaveText(agency);
});

test("without a session the dashboard sends you to sign in and back", async ({ page }) => {
  const email = `${unique("back")}@example.com`;
  const password = "correct-horse-battery";
  await signUp(page, unique("Back Agency"), email, password);
  // let the sign-up's own redirect finish first, or the next navigation aborts it
  await page.waitForURL(/\/dashboard$/);
  await page.waitForLoadState("load");
  // leave the dashboard first: its live queries would answer the cleared session with their
  // own redirect to sign-in, racing the navigation below
  await page.goto("about:blank");
  await page.context().clearCookies();

  await page.goto("/dashboard/clients?from=test");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fclients%3Ffrom%3Dtest$/);
  await expect(page.getByText("Sign in to continue where you left off.")).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard\/clients\?from=test$/);
  await expect(page.getByRole("heading", { name: "Clients" })).toBeVisible();

  // a JSON read without a session is a 401, not a page (the dashboard left first, as above:
  // its live queries answering the cleared session held the context open past the test)
  await page.goto("about:blank");
  await page.context().clearCookies();
  const res = await page.request.get("/api/dashboard/requests");
  expect(res.status()).toBe(401);
});

test("team invite by link, the Viewer's restricted view, and a forced action refused with 403", async ({
  page,
  browser,
}) => {
  const ownerEmail = `${unique("teamowner")}@example.com`;
  const password = "correct-horse-battery";
  await signUp(page, unique("Team Agency"), ownerEmail, password);

  // inviting waits for a verified address
  await page.goto("/dashboard/team");
  await page.getByLabel("Email").fill(`${unique("early")}@example.com`);
  await page.getByRole("button", { name: "Create invite link" }).click();
  await expect(page.locator('[data-toast="error"]')).toContainText("Verify your email address first");
  // a new verification email from the dashboard's notice replaces the first link
  const notice = page.getByTestId("verify-email-notice");
  await notice.getByRole("button", { name: "Send a new verification email" }).click();
  await expect(page.getByTestId("verify-email-notice-result")).toContainText(`We sent a new link to ${ownerEmail}`);
  const [, firstLink] = await verificationLinks(page, ownerEmail);
  await page.goto(firstLink!);
  await expect(page.getByTestId("verify-result")).toContainText("expired, was replaced by a newer one");
  // signed out, the sign-in page answers the same for this address and for an unknown one
  const signedOut = await browser.newPage();
  for (const address of [ownerEmail, `${unique("nobody")}@example.com`]) {
    await signedOut.goto("/login");
    await signedOut.getByRole("button", { name: "Didn't get the verification email?" }).click();
    await signedOut.getByLabel("Your account's email").fill(address);
    await signedOut.getByRole("button", { name: "Send a new verification email" }).click();
    await expect(signedOut.getByTestId("resend-verification-result")).toContainText(
      "If that address has an account that is not verified yet",
    );
  }
  await signedOut.close();
  await verifyEmail(page, ownerEmail);
  await page.goto("/dashboard/requests");
  await expect(page.getByTestId("verify-email-notice")).toHaveCount(0);
  await page.goto("/dashboard/requests");

  await page.getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { name: "Team", exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Permissions by role" })).toBeVisible();
  const viewerEmail = `${unique("viewer")}@example.com`;
  await page.getByLabel("Email").fill(viewerEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Create invite link" }).click();
  const link = page.getByTestId("invite-link");
  await expect(link).toContainText("/join/");
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  const inviteUrl = (await link.textContent())!.trim();
  const invites = page.getByRole("table", { name: "Open invites" });
  await expect(invites).toContainText(viewerEmail);
  // the role by its label, never its stored value
  await expect(invites.getByRole("cell", { name: "Viewer", exact: true })).toBeVisible();
  await expect(invites.getByRole("cell", { name: "viewer", exact: true })).toHaveCount(0);
  await shot(page, "team.png");

  // the Viewer accepts in a separate browser context (their own cookies)
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(inviteUrl);
  await expect(viewer.getByRole("heading", { name: /^Join / })).toBeVisible();
  await expect(viewer.getByText("Viewer", { exact: true })).toBeVisible();
  // the expiry through the one date component, not a GMT string with seconds
  const until = viewer.getByText(/The link works until/);
  await expect(until.locator("time")).toHaveCount(1);
  await expect(until).not.toContainText("GMT");
  await expect(until).not.toContainText(/\d:\d\d:\d\d/);
  await viewer.getByLabel("Your name").fill("Vera Viewer");
  await viewer.getByLabel("Password").fill("viewer-password-1");
  await viewer.getByRole("button", { name: "Join the team" }).click();
  // a new teammate lands on Home too
  await expect(viewer).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(viewer.getByTestId("user-email")).toHaveText(viewerEmail);

  // read-only: no mutation buttons anywhere
  await expect(viewer.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  await viewer.goto(new URL("/dashboard/requests", viewer.url()).href);
  await expect(viewer.getByRole("heading", { name: "Access requests" })).toBeVisible();
  await expect(viewer.getByRole("link", { name: "New request" })).toHaveCount(0);
  await viewer.goto("/dashboard/clients");
  await expect(viewer.getByRole("heading", { name: "Clients" })).toBeVisible();
  await expect(viewer.getByRole("button", { name: "New client" })).toHaveCount(0);
  await viewer.goto("/dashboard/team");
  await expect(viewer.getByRole("button", { name: "Create invite link" })).toHaveCount(0);
  await expect(viewer.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await viewer.goto("/dashboard/requests/new");
  await expect(viewer.getByText("Your role cannot create requests")).toBeVisible();
  await shot(viewer, "viewer-requests-new.png");

  // the used link no longer works
  const again = await browser.newContext();
  const againPage = await again.newPage();
  await againPage.goto(inviteUrl);
  await expect(againPage.getByText("This invite link was already used.")).toBeVisible();
  await again.close();

  // owner makes them a Member: the create button appears for them
  await page.reload();
  const roleSelect = page.getByLabel(`Role of ${viewerEmail}`);
  await roleSelect.selectOption("member");
  await expect(page.getByText(`${viewerEmail} is now member.`)).toBeVisible();
  await viewer.goto("/dashboard/clients");
  await viewer.getByRole("button", { name: "New client" }).click();
  await viewer.getByLabel("Contact name").fill("Forced Client");
  await viewer.getByLabel("Email", { exact: true }).fill("forced@example.com");

  // ...and back to Viewer while their form is open: the server refuses the action
  await roleSelect.selectOption("viewer");
  await expect(page.getByText(`${viewerEmail} is now viewer.`)).toBeVisible();
  await viewer.getByRole("button", { name: "Create client" }).click();
  await expect(viewer.locator('[data-toast="error"]')).toContainText("Not allowed: Your role (viewer) cannot do this.");
  // the page stays usable
  await expect(viewer.getByRole("dialog")).toBeVisible();
  await shot(viewer, "viewer-forbidden-toast.png");

  // the last owner can be neither demoted nor removed
  const ownerRole = page.getByLabel(`Role of ${ownerEmail}`);
  await ownerRole.selectOption("manager");
  await expect(page.locator('[data-toast="error"]')).toContainText("An agency needs at least one owner.");
  await expect(ownerRole).toHaveValue("owner");

  // the refused change refreshes the page; check it once the refresh has settled
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveTitle(/\S/);
  const axe = await axeFor(page).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await viewerContext.close();
});
