// A client in their own language, made where the agency works: the New client dialog sets
// a Spanish client, the intake editor holds a question's Spanish wording, and the Spanish
// client's page asks it in Spanish while a Dutch client, with no Dutch wording written,
// reads the English. Then a service the client grants by hand: the Spanish page offers
// "I've done this", says the client is done and the agency will confirm, the team confirms
// on the request's page, and the finished page says the same link asks for more.
import { expect, test } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";
import { confirmInviteInDashboard, signInToDashboard } from "../fixtures/agency-actions";
import { dictionaries } from "../../lib/infra/i18n/dictionary";

test.describe.configure({ timeout: 120_000 });

const es = dictionaries.es;

test("a Spanish client made in the dashboard reads the intake question written in Spanish", async ({
  page,
  baseURL,
}) => {
  const agency = await seedAgency({ platforms: ["google"] });
  await signInToDashboard(page, agency.email, agency.password);

  // the intake editor: the English question with its Spanish wording, no Dutch one
  await page.goto("/dashboard/intake");
  await page.getByLabel(/Ask clients these questions/).check();
  const add = page.locator("form").filter({ has: page.getByRole("button", { name: "Add question" }) });
  await add.getByLabel("Question", { exact: true }).fill("What is your website?");
  await add.getByText("In Spanish and Dutch (optional)").click();
  await add.getByLabel(/Wording in Spanish/).fill("¿Cuál es tu sitio web?");
  await add.getByRole("button", { name: "Add question" }).click();
  await expect(page.locator('li[data-question="What is your website?"]')).toContainText("also in Spanish");

  // New client: Spanish, from the dashboard
  await page.goto("/dashboard/clients");
  await page.getByRole("button", { name: "New client" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Contact name").fill("Lucía Gómez");
  await dialog.getByLabel("Email", { exact: true }).fill("lucia@panaderia.test");
  await dialog.getByLabel(/Website/).fill("https://panaderia.test");
  await dialog.getByLabel("Language of pages and emails").selectOption("Spanish");
  await dialog.getByRole("button", { name: "Create client" }).click();
  await expect(page.locator('[data-toast="success"]')).toBeVisible();

  const clients = await api<{ data: { id: string; email: string; language: string; website: string | null }[] }>(
    baseURL!,
    agency.apiKey,
    "GET",
    "/clients?limit=50",
  );
  const lucia = clients.body.data.find((c) => c.email === "lucia@panaderia.test")!;
  expect(lucia).toMatchObject({ language: "Spanish", website: "https://panaderia.test" });
  const dutch = await api<{ data: { id: string } }>(baseURL!, agency.apiKey, "POST", "/clients", {
    name: "Daan de Vries",
    email: "daan@bakkerij.test",
    language: "Dutch",
  });

  const ask = async (clientId: string) => {
    const created = await api<{ data: { inviteUrl: string } }>(baseURL!, agency.apiKey, "POST", "/requests", {
      clientId,
      requestedServices: {
        google_ads: { accessLevel: "standard", requestedAccountLinks: [{ internalAccountId: agency.accounts.google }] },
      },
      intakeForm: { requested: true },
    });
    expect(created.status).toBe(201);
    return created.body.data.inviteUrl;
  };

  await page.goto(await ask(lucia.id));
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByText("¿Cuál es tu sitio web?")).toBeVisible();
  await expect(page.getByText("What is your website?")).toHaveCount(0);

  // no Dutch wording written: the Dutch client reads the English
  await page.goto(await ask(dutch.body.data.id));
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByText("What is your website?")).toBeVisible();
});

for (const width of [1280, 375]) {
  test(`a manual service: I've done this, the agency confirms, the same link asks for more (${width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const agency = await seedAgency({ platforms: ["meta"] });
    const client = await api<{ data: { id: string } }>(baseURL!, agency.apiKey, "POST", "/clients", {
      name: "Lucía Gómez",
      email: "lucia@panaderia.test",
      language: "Spanish",
    });
    const created = await api<{ data: { id: string; inviteUrl: string } }>(
      baseURL!,
      agency.apiKey,
      "POST",
      "/requests",
      {
        clientId: client.body.data.id,
        requestedServices: {
          meta_instagram: {
            accessLevel: "analyst",
            // the client's steps enter the agency's Business ID
            requestedAccountLinks: [{ internalAccountId: agency.accounts.meta, businessManagerId: "900800700600" }],
          },
        },
      },
    );
    expect(created.status).toBe(201);

    await page.goto(created.body.data.inviteUrl);
    const card = page.locator('[data-service="meta_instagram"]');
    await expect(page.getByTestId("waiting-for-agency")).toHaveCount(0);
    await card.getByRole("button", { name: es["action.doneThis"] }).click();
    // the service waits for the agency, and the client reads that nothing more is needed from them
    await expect(card.getByTestId("awaiting-agency")).toBeVisible();
    await expect(card.getByRole("button", { name: es["action.doneThis"] })).toHaveCount(0);
    await expect(page.getByTestId("waiting-for-agency")).toBeVisible();
    await expect(page.getByTestId("waiting-for-agency")).toContainText("Ya has terminado");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // the team sees it waiting and confirms it
    const team = await browser.newPage();
    await signInToDashboard(team, agency.email, agency.password);
    await team.goto(`/dashboard/requests/${created.body.data.id}`);
    await expect(team.locator('[data-testid="service-row"][data-service="meta_instagram"]')).toContainText(
      "Waiting for you to confirm",
    );
    await team.close();
    await confirmInviteInDashboard(browser, {
      email: agency.email,
      password: agency.password,
      requestId: created.body.data.id,
      serviceId: "meta_instagram",
    });

    // finished: the same link, not a new one, would ask for more
    await page.reload();
    const final = page.locator("[data-final-state=completed]");
    await expect(final).toContainText(es["final.completed.body"]);
    await expect(final).toContainText("este mismo enlace");
    await expect(final).not.toContainText("enlace nuevo");
  });
}
