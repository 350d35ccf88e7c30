// The Accounts page's connection health in real Chromium: a healthy Google connection that renews
// itself (last renewed, access token and renewal dates) beside a Meta connection whose long-lived
// sign-in Meta stopped accepting ("Sign-in expired" with Meta's reason), at desktop and phone
// widths, with axe. The stored sign-ins are written to the database the app runs on (the browser
// pass runs on PostgreSQL), as "Connect account" and the token sweep would leave them.
import pg from "pg";
import { expect, test } from "@playwright/test";
import { seedAgency } from "../fixtures/admin";
import { axeFor } from "../fixtures/axe";
import { signInToDashboard } from "../fixtures/agency-actions";

const DAY = 24 * 3600_000;

async function storeSignIns(accounts: Record<string, string>) {
  if (!process.env.DATABASE_URL) throw new Error("account-health.spec.ts writes the stored sign-ins: set DATABASE_URL");
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const now = Date.now();
    // the tokens are opaque to the page: it shows only dates and states, never a token
    await db.query(
      `UPDATE "ConnectedAccount" SET "accessToken" = 'sealed-for-e2e', "refreshToken" = 'sealed-for-e2e',
         "tokenExpiresAt" = $2, "tokenRefreshedAt" = $3, "refreshTokenExpiresAt" = NULL
       WHERE "internalAccountId" = $1`,
      [accounts.google, new Date(now + 50 * 60_000), new Date(now - 10 * 60_000)],
    );
    await db.query(
      `UPDATE "ConnectedAccount" SET "accessToken" = 'sealed-for-e2e', "refreshToken" = NULL,
         "tokenExpiresAt" = $2, "tokenInvalidAt" = $3, "tokenInvalidReason" = $4
       WHERE "internalAccountId" = $1`,
      [accounts.meta, new Date(now - DAY), new Date(now), "Error validating access token: Session has expired."],
    );
  } finally {
    await db.end();
  }
}

for (const width of [1280, 375]) {
  test(`the Accounts page shows each connection's health and the one to reconnect (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const seeded = await seedAgency({ platforms: ["google", "meta"] });
    await storeSignIns(seeded.accounts);

    await signInToDashboard(page, seeded.email, seeded.password);
    await page.goto("/dashboard/accounts");
    const googleRow = page.getByRole("row").filter({ hasText: seeded.accounts.google });
    const metaRow = page.getByRole("row").filter({ hasText: seeded.accounts.meta });

    // the healthy connection: renews itself, when it last did, until when its access token works
    const health = googleRow.getByTestId("sign-in-health");
    await expect(health).toContainText("Renews itself");
    await expect(health).toContainText("Yes");
    await expect(health).toContainText("Last renewed");
    await expect(health).toContainText("Access token until");
    await expect(googleRow.getByTestId("needs-reconnect")).toHaveCount(0);

    // the one Meta stopped accepting: marked, with Meta's reason, and it does not renew itself
    const reconnect = metaRow.getByTestId("needs-reconnect");
    await expect(reconnect).toContainText("Sign-in expired");
    await expect(reconnect).toContainText("Session has expired");
    await expect(metaRow.getByTestId("sign-in-health")).toContainText("No: reconnect when it expires");

    const result = await axeFor(page).analyze();
    const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`accounts-${width}.png`), fullPage: true });
  });
}
