// A client grants Meta services end to end in Chromium through the real Meta connector
// (the second app: SANDBOX_PLATFORMS=0, PLATFORM_HOST_OVERRIDES to the Meta contract fake).
// The fake's recorded calls must be exactly the documented grant calls for the picked
// assets and roles, and the API and the dashboard must report the same grants.
import { expect, test } from "@playwright/test";
import { adminIn, api, type SeededAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";
import { fakeOrigin } from "../fixtures/platform-fakes";

const realBase = process.env.E2E_REAL_BASE_URL!;
const realDataDir = process.env.E2E_REAL_DATA_DIR ?? process.env.DATA_DIR ?? ".data";
const graph = fakeOrigin("graph.facebook.com");
const AGENCY_BM = "770000000001";

test.describe.configure({ timeout: 150_000 });
test.use({ baseURL: realBase });

type Call = { host: string; method: string; path: string; form: Record<string, string>; status: number };

async function seed(): Promise<SeededAgency> {
  const tag = `${Date.now().toString(36)}m`;
  const agency = await adminIn<{ id: string }>(realDataDir, "agency", "create", "--name", `E2E Meta Agency ${tag}`);
  const email = `owner-${tag}@example.com`;
  const password = `pw-${tag}-Secret1`;
  await adminIn(realDataDir, "user", "create", "--agency", agency.id, "--email", email, "--password", password);
  const key = await adminIn<{ key: string }>(realDataDir, "key", "create", "--agency", agency.id, "--scopes", "all");
  const meta = await adminIn<{ internalAccountId: string }>(
    realDataDir,
    ...[
      "account",
      "connect",
      "--agency",
      agency.id,
      "--platform",
      "meta",
      "--business-id",
      AGENCY_BM,
      "--business-name",
      "Agency Main BM",
    ],
    ...["--email", "ops@agency.test", "--platform-account-id", "20002"],
  );
  return { agencyId: agency.id, email, password, apiKey: key.key, accounts: { meta: meta.internalAccountId } };
}

test("a client grants a Meta ad account and a Page through the real connector; fake, API and dashboard agree", async ({
  page,
  browser,
}) => {
  await fetch(`${graph}/__reset`, { method: "POST" });
  await fetch(`${graph}/__switch`, { method: "POST", body: JSON.stringify({ refuse: ["act_1002"] }) });
  const seeded = await seed();
  const link = [{ internalAccountId: seeded.accounts.meta }];
  const client = await api<{ data: { id: string } }>(realBase, seeded.apiKey, "POST", "/clients", {
    name: "Ana Client",
    email: "ana@client.test",
    language: "English",
  });
  expect(client.status).toBe(201);
  const created = await api<{ data: { id: string; inviteUrl: string } }>(realBase, seeded.apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      meta_ads: { accessLevel: "advertiser", requestedAccountLinks: link },
      meta_page: { accessLevel: "editor", requestedAccountLinks: link },
    },
  });
  expect(created.status).toBe(201);
  const { id: requestId, inviteUrl } = created.body.data;

  // One Meta sign-in covers both services; this time only ad accounts are picked (two, one
  // refuses partners), so the Page stays pending.
  await page.goto(inviteUrl);
  await page.getByRole("link", { name: "Continue with Meta" }).click();
  const adsPicker = page.locator('[data-picker-service="meta_ads"]');
  await expect(adsPicker.getByRole("checkbox")).toHaveCount(3);
  await expect(page.locator('[data-picker-service="meta_page"]').getByRole("checkbox")).toHaveCount(2);
  await adsPicker.getByRole("checkbox", { name: /Acme Main Ads/ }).check();
  await adsPicker.getByRole("checkbox", { name: /Acme Brand Ads/ }).check();
  await page.getByRole("button", { name: "Grant access" }).click();
  await expect(page.getByRole("status").first()).toContainText(
    "Access was granted to some of your assets, but not all of them:",
  );
  await expect(page.getByRole("status").first()).toContainText("Acme Brand Ads does not allow new partners");

  // The Page, as editor: the only Meta service left, with its own button.
  await page.locator('[data-service="meta_page"]').getByRole("link", { name: "Grant access" }).click();
  await page.getByRole("checkbox", { name: /Acme Shop Page/ }).check();
  await page.getByRole("button", { name: "Grant access" }).click();
  // Both services granted: the request is complete and the client sees the thank-you page.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/now has the access it needs/);

  const calls = (await (await fetch(`${graph}/__calls`)).json()) as Call[];
  const grants = calls
    .filter((c) => c.method === "POST")
    .map((c) => [c.path, c.form.business, JSON.parse(c.form.permitted_tasks ?? "null"), c.status]);
  expect(grants).toEqual([
    ["/v25.0/act_1001/agencies", AGENCY_BM, ["ADVERTISE", "ANALYZE"], 200],
    ["/v25.0/act_1002/agencies", AGENCY_BM, ["ADVERTISE", "ANALYZE"], 400],
    ["/v25.0/2002/agencies", AGENCY_BM, ["CREATE_CONTENT", "MODERATE", "ADVERTISE", "ANALYZE"], 200],
  ]);

  const view = await api<{
    data: { status: string; services: { service: string; status: string; grantedAssets: unknown[] }[] };
  }>(realBase, seeded.apiKey, "GET", `/requests/${requestId}`);
  const svc = (id: string) => view.body.data.services.find((s) => s.service === id)!;
  expect(svc("meta_ads")).toMatchObject({
    status: "granted",
    grantedAssets: [{ id: "act_1001", name: "Acme Main Ads", accessLevel: "advertiser" }],
  });
  expect(svc("meta_page")).toMatchObject({
    status: "granted",
    grantedAssets: [{ id: "2002", name: "Acme Shop Page", accessLevel: "editor" }],
  });
  expect(view.body.data.status).toBe("completed");

  const context = await browser.newContext({ baseURL: realBase });
  try {
    const dash = await context.newPage();
    await signInToDashboard(dash, seeded.email, seeded.password);
    await dash.goto(`/dashboard/requests/${requestId}`);
    const ads = dash.locator('[data-testid="service-row"][data-service="meta_ads"]');
    await expect(ads.getByTestId("granted-assets").getByRole("listitem")).toHaveCount(1);
    await expect(ads.getByTestId("granted-assets")).toContainText("act_1001");
    await expect(ads.getByTestId("asset-verified")).toHaveCount(1);
    const pageRow = dash.locator('[data-testid="service-row"][data-service="meta_page"]');
    await expect(pageRow.getByTestId("granted-assets")).toContainText("2002");
    await expect(pageRow.getByTestId("asset-verified")).toHaveCount(1);
    await dash.goto("/dashboard/accounts");
    await expect(dash.locator('[data-testid="platform-modes"] [data-platform="meta"]')).toHaveAttribute(
      "data-mode",
      "live",
    );
  } finally {
    await context.close();
  }
});
