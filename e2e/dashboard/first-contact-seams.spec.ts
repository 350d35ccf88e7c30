// A new agency's seams, at 1280 and 375 px with axe, the client's side in Spanish: a
// colleague's grant credited to the colleague on the client page and its print view (no
// sideways scroll on a phone); the Platforms page explaining who administers the
// installation instead of a 404; a missing prerequisite (no intake questions) linking to
// where it is done; and "Ask for more access" emailing the client, whose page in Spanish
// then asks for what is new.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { admin, api, seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";

test.describe.configure({ timeout: 90_000 });

async function expectAccessible(page: Page, width: number) {
  const axe = await axeFor(page).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

for (const width of [1280, 375]) {
  test(`a colleague's grant credited, prerequisites linked, more access asked by email (${width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const seeded = await seedAgency({ platforms: ["meta", "google"] });
    const client = await api<{ data: { id: string } }>(baseURL!, seeded.apiKey, "POST", "/clients", {
      name: "Lucía Cliente",
      email: `lucia-${width}@cliente.test`,
      language: "Spanish",
    });
    const created = await api<{ data: { id: string; inviteUrl: string } }>(
      baseURL!,
      seeded.apiKey,
      "POST",
      "/requests",
      {
        clientId: client.body.data.id,
        requestedServices: {
          meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: seeded.accounts.meta }] },
        },
      },
    );
    expect(created.status).toBe(201);
    const token = created.body.data.inviteUrl.split("/").at(-1)!;
    // the client hands Meta to a colleague (the page's own form post; its UI has its own journey)
    const forwarded = await page.request.post(`/api/access/${token}/forward/forward`, {
      form: { surface: "invite", name: "Marta López", email: "marta@cliente.test", service: "meta_ads" },
      headers: { accept: "application/json" },
    });
    expect(forwarded.status()).toBe(200);

    await page.setViewportSize({ width, height: 900 });
    await signInToDashboard(page, seeded.email, seeded.password);
    const mails = (
      (await (await page.request.get("/api/dashboard/emails")).json()) as {
        data: { id: string; kind: string; to: string }[];
      }
    ).data;
    const mail = mails.find((m) => m.kind === "forward" && m.to === "marta@cliente.test")!;
    const text = (
      (await (await page.request.get(`/api/dashboard/emails/${mail.id}`)).json()) as { data: { text: string } }
    ).data.text;
    const colleagueLink = /https?:\/\/\S+\/i\/[A-Za-z0-9_-]+/.exec(text)![0];

    // the colleague grants, in Spanish
    const colleagueContext = await browser.newContext({ viewport: { width, height: 900 }, locale: "es-ES" });
    const colleague = await colleagueContext.newPage();
    await colleague.goto(colleagueLink);
    await colleague.locator('[data-service="meta_ads"]').getByRole("link", { name: "Dar acceso" }).click();
    await colleague.getByRole("button", { name: "Permitir" }).click();
    await colleague.getByRole("checkbox").first().check();
    await colleague.getByRole("button", { name: "Dar acceso" }).click();
    // the request's only service: the colleague is told it is all done
    await expect(colleague.getByRole("heading", { level: 1 })).toContainText("ya tiene el acceso que necesita");
    await expectAccessible(colleague, width);
    await colleagueContext.close();

    // the client page and its print view credit the colleague, every column on screen
    const credit = "Marta López, colleague of Lucía Cliente";
    await page.goto(`/dashboard/clients/${client.body.data.id}`);
    const access = page.locator('section[aria-labelledby="client-access"]');
    await expect(access.getByText(credit).filter({ visible: true })).toBeVisible();
    await expect(access.getByText("marta@cliente.test (team)")).toHaveCount(0);
    await expectAccessible(page, width);
    await page.screenshot({ path: `test-results/first-contact/client-page-${width}.png`, fullPage: true });
    await page.goto(`/dashboard/clients/${client.body.data.id}/print`);
    await expect(page.getByText(credit).filter({ visible: true })).toBeVisible();
    await expectAccessible(page, width);
    await page.screenshot({ path: `test-results/first-contact/print-${width}.png`, fullPage: true });

    // the Mailbox's preview of that email fits its frame (a long link wraps)
    await page.goto("/dashboard/mailbox");
    await expectAccessible(page, width);
    await page.locator(`[data-email-to="marta@cliente.test"]`).getByRole("button").click();
    const frame = page.getByTestId("email-html");
    await expect(frame).toBeVisible();
    const inside = page.frameLocator('[data-testid="email-html"]').locator("body");
    await expect(inside).toContainText("Marta");
    expect(
      await inside.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    // (axe stops at the sandboxed frame: the page was checked before it opened)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/first-contact/mailbox-${width}.png`, fullPage: true });

    // Platforms, for a second owner (never the installation's first user, who administers it):
    // who administers the installation and the command, not a bare 404
    const second = { email: `second-${width}-${Date.now()}@example.com`, password: `pw-${Date.now()}-Secret1` };
    await admin("user", "create", "--agency", seeded.agencyId, "--email", second.email, "--password", second.password);
    const secondContext = await browser.newContext({ viewport: { width, height: 900 } });
    const secondPage = await secondContext.newPage();
    await signInToDashboard(secondPage, second.email, second.password);
    await secondPage.goto("/dashboard/instance/platforms");
    await expect(secondPage.getByText("Only this installation's administrators set up platforms")).toBeVisible();
    await expect(secondPage.getByTestId("make-admin-command")).toBeVisible();
    await expectAccessible(secondPage, width);
    await secondContext.close();

    // a missing prerequisite says where it is done, with a link
    await page.goto("/dashboard/requests/new");
    await expect(page.getByLabel("Ask the intake form")).toBeDisabled();
    await page.locator("main").getByRole("link", { name: "Intake form", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/intake$/);

    // ask for more access: the client is emailed, and their page asks (in Spanish) for what is new
    await page.goto(`/dashboard/requests/${created.body.data.id}`);
    await expect(page.getByTestId("request-status")).toHaveText("Completed");
    await page.getByRole("link", { name: "Ask for more access" }).click();
    await page.locator("summary", { hasText: "Google" }).click();
    await page.getByLabel("Google Analytics", { exact: true }).check();
    await expect(page.getByLabel("Email Lucía Cliente the link")).toBeChecked();
    await page.getByRole("button", { name: "Ask for more access" }).click();
    await expect(page.getByText(`Lucía Cliente was emailed the link (lucia-${width}@cliente.test)`)).toBeVisible();
    await expect(page.getByTestId("request-status")).toHaveText("In progress");

    const clientContext = await browser.newContext({ viewport: { width, height: 900 } });
    const clientPage = await clientContext.newPage();
    await clientPage.goto(created.body.data.inviteUrl);
    await expect(clientPage.locator('div[lang="es"]')).toBeVisible();
    await expect(
      clientPage.locator('[data-service="google_analytics"]').getByRole("link", { name: "Dar acceso" }),
    ).toBeVisible();
    await expect(clientPage.locator('[data-service="meta_ads"]').getByText("Concedido por Marta López")).toBeVisible();
    await expectAccessible(clientPage, width);
    await clientContext.close();
  });
}
