// A Spanish client hands one service to a colleague at phone width: the form, then the
// colleague's own link (read from the agency's mailbox, as the email carries it), their
// grant through the sandbox, and the client's page crediting them. Axe on both pages.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";

test.describe.configure({ timeout: 150_000 });

async function expectAccessible(page: Page) {
  const axe = await axeFor(page).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test("a client hands a service to a colleague who grants it", async ({ page, browser, baseURL }) => {
  const seeded = await seedAgency({ platforms: ["meta", "google"] });
  const client = await api<{ data: { id: string } }>(baseURL!, seeded.apiKey, "POST", "/clients", {
    name: "Lucía Cliente",
    email: "lucia@cliente.test",
    language: "Spanish",
  });
  const created = await api<{ data: { id: string; inviteUrl: string } }>(baseURL!, seeded.apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: seeded.accounts.meta }] },
      google_analytics: {
        accessLevel: "viewer",
        requestedAccountLinks: [{ internalAccountId: seeded.accounts.google }],
      },
    },
  });
  expect(created.status).toBe(201);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(created.body.data.inviteUrl);
  const meta = page.locator('[data-service="meta_ads"]');
  await meta.getByText("¿Lo gestiona otra persona?").click();
  await expectAccessible(page);
  await meta.getByLabel("Nombre de tu compañero").fill("Marta López");
  await meta.getByLabel("Correo de tu compañero").fill("marta@cliente.test");
  await meta.getByLabel("Nota (opcional)").fill("Tú eres administradora de Meta.");
  await meta.getByRole("button", { name: "Enviar a mi compañero" }).click();
  await expect(page.getByRole("status").first()).toContainText("Enviado.");
  await expect(meta.getByText("Enviado a Marta López (marta@cliente.test)")).toBeVisible();
  await expectAccessible(page);

  // The colleague's link, as their email carries it (the agency's mailbox shows what was sent).
  const agency = await browser.newContext();
  const dash = await agency.newPage();
  await signInToDashboard(dash, seeded.email, seeded.password);
  // The request page and its timeline say who it went to.
  for (const width of [1280, 375]) {
    await dash.setViewportSize({ width, height: 900 });
    await dash.goto(`/dashboard/requests/${created.body.data.id}`);
    await expect(dash.getByTestId("forwarded-to")).toContainText(
      "Lucía Cliente forwarded this to Marta López (marta@cliente.test)",
    );
    await expect(
      dash.getByText("Lucía Cliente forwarded Meta Ad Account to Marta López (marta@cliente.test)"),
    ).toBeVisible();
    await dash.screenshot({ path: `test-results/client/forward-request-page-${width}.png`, fullPage: true });
  }
  const list = await dash.request.get("/api/dashboard/emails");
  const mails = ((await list.json()) as { data: { id: string; kind: string; to: string }[] }).data;
  const mail = mails.find((m) => m.kind === "forward" && m.to === "marta@cliente.test")!;
  const body = (
    (await (await dash.request.get(`/api/dashboard/emails/${mail.id}`)).json()) as { data: { text: string } }
  ).data.text;
  await agency.close();
  const link = /https?:\/\/\S+\/i\/[A-Za-z0-9_-]+/.exec(body)![0];

  const colleagueContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const colleague = await colleagueContext.newPage();
  await colleague.goto(link);
  await expect(colleague.getByText("Lucía Cliente te pide que des a")).toBeVisible();
  await expect(colleague.locator("[data-service]")).toHaveCount(1);
  await expectAccessible(colleague);
  await colleague.screenshot({ path: "test-results/client/forward-colleague-375.png", fullPage: true });
  await colleague.locator('[data-service="meta_ads"]').getByRole("link", { name: "Dar acceso" }).click();
  await colleague.getByRole("button", { name: "Permitir" }).click();
  await colleague.getByRole("checkbox").first().check();
  await colleague.getByRole("button", { name: "Dar acceso" }).click();
  await expect(colleague.getByRole("status").first()).toContainText("Acceso concedido");
  await colleagueContext.close();

  await page.reload();
  await expect(meta.getByText("Concedido por Marta López")).toBeVisible();
  const view = await api<{
    data: { services: { service: string; status: string; forwardedTo: { email: string } | null }[] };
  }>(baseURL!, seeded.apiKey, "GET", `/requests/${created.body.data.id}`);
  expect(view.body.data.services.find((s) => s.service === "meta_ads")).toMatchObject({
    status: "granted",
    forwardedTo: { email: "marta@cliente.test" },
  });
});
