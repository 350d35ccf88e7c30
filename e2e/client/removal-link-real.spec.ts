// Offboarding with the client's consent, end to end in Chromium through the real Meta
// connector (the second app: SANDBOX_PLATFORMS=0, PLATFORM_HOST_OVERRIDES to the Meta
// contract fake). The client grants an ad account; the agency's "Remove our access" leaves
// Meta to the client and the agency emails a removal link (read in the dev mailbox); the
// client opens it, signs in with Meta, confirms, and the fake receives the documented
// DELETE. The dashboard shows the link completed and the asset removed by the client.
// Axe on the client page, the removal page and its result.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { adminIn, api } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";
import { fakeOrigin } from "../fixtures/platform-fakes";

const realBase = process.env.E2E_REAL_BASE_URL!;
const realDataDir = process.env.E2E_REAL_DATA_DIR ?? process.env.DATA_DIR ?? ".data";
const graph = fakeOrigin("graph.facebook.com");
const AGENCY_BM = "770000000001";

test.describe.configure({ timeout: 180_000 });
test.use({ baseURL: realBase });

type Call = { method: string; path: string; query: Record<string, string>; status: number };

async function expectNoSeriousA11yIssues(page: Page) {
  const { violations } = await axeFor(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("the client removes the agency's Meta access through the removal link", async ({ page, browser }) => {
  await fetch(`${graph}/__reset`, { method: "POST" });
  const tag = `${Date.now().toString(36)}r`;
  const agency = await adminIn<{ id: string }>(realDataDir, "agency", "create", "--name", `E2E Removal Agency ${tag}`);
  const email = `owner-${tag}@example.com`;
  const password = `pw-${tag}-Secret1`;
  await adminIn(realDataDir, "user", "create", "--agency", agency.id, "--email", email, "--password", password);
  const key = (await adminIn<{ key: string }>(realDataDir, "key", "create", "--agency", agency.id, "--scopes", "all"))
    .key;
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
  const client = await api<{ data: { id: string } }>(realBase, key, "POST", "/clients", {
    name: "Ana Client",
    email: `ana-${tag}@client.test`,
    language: "English",
  });
  const created = await api<{ data: { id: string; inviteUrl: string } }>(realBase, key, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: meta.internalAccountId }] },
    },
  });
  expect(created.status).toBe(201);

  // the client grants one ad account through the real connector
  const clientContext = await browser.newContext({ baseURL: realBase });
  const clientPage = await clientContext.newPage();
  await clientPage.goto(created.body.data.inviteUrl);
  await clientPage.locator('[data-service="meta_ads"]').getByRole("link", { name: "Grant access" }).click();
  await clientPage.getByRole("checkbox", { name: /Acme Main Ads/ }).check();
  await clientPage.getByRole("button", { name: "Grant access" }).click();
  await expect(clientPage.getByRole("heading", { level: 1 })).toHaveText(/now has the access it needs/);

  // the agency: Meta needs the client's sign-in, so it sends a removal link
  await signInToDashboard(page, email, password);
  await page.goto(`/dashboard/clients/${client.body.data.id}`);
  const access = page.locator("section", { has: page.getByRole("heading", { name: "Access after the grant" }) });
  await access.getByRole("button", { name: "Remove our access" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove our access" }).click();
  await expect(access.getByText("Or email the client a removal link")).toBeVisible();
  const removal = page.locator("section", {
    has: page.getByRole("heading", { name: "Removal with the client's consent" }),
  });
  await removal.getByRole("button", { name: "Email a removal link for Meta" }).click();
  await expect(removal.locator("td").getByText("Sent", { exact: true })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  // the email, kept in the dev mailbox
  await page.goto("/dashboard/mailbox");
  await page
    .getByRole("button", { name: /asks you to remove its access/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Text", exact: true }).click();
  const text = await page.getByTestId("email-text").innerText();
  const link = /https?:\/\/\S+\/r\/[A-Za-z0-9_-]{43}/.exec(text)![0];

  // the client opens it: the page lists the ad account and changes nothing
  await clientPage.goto(new URL(link).pathname);
  await expect(clientPage.getByRole("heading", { level: 1 })).toHaveText(/Remove .*'s access/);
  await expect(clientPage.getByText("Acme Main Ads (act_1001)")).toBeVisible();
  await expectNoSeriousA11yIssues(clientPage);
  let calls = (await (await fetch(`${graph}/__calls`)).json()) as Call[];
  expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(0);

  await clientPage.getByRole("link", { name: "Sign in with Meta" }).click();
  await clientPage.getByRole("button", { name: "Confirm and remove access" }).click();
  await expect(clientPage.getByRole("heading", { name: "Done. Here is what happened:" })).toBeVisible();
  await expect(clientPage.getByText("Acme Main Ads", { exact: false })).toBeVisible();
  await expectNoSeriousA11yIssues(clientPage);
  await clientContext.close();

  calls = (await (await fetch(`${graph}/__calls`)).json()) as Call[];
  const deletes = calls.filter((c) => c.method === "DELETE");
  expect(deletes.map((c) => [c.path, c.query.business, c.status])).toEqual([
    ["/v25.0/act_1001/agencies", AGENCY_BM, 200],
  ]);

  await page.goto(`/dashboard/clients/${client.body.data.id}`);
  await expect(access.getByText("Removed", { exact: true })).toHaveCount(1);
  await expect(access.getByText(`by client:ana-${tag}@client.test`)).toBeVisible();
  await expect(removal.locator("td").getByText("Completed", { exact: true })).toBeVisible();
});
