// A client grants Snapchat Ads and a HubSpot account end to end in Chromium through the real
// connectors (the second app: SANDBOX_PLATFORMS=0, PLATFORM_HOST_OVERRIDES to the contract
// fakes of e2e/fixtures/platform-fakes.ts): invite link → "Grant access" → the platform's
// consent page (the fake's Allow) → the picker → grant, with axe on the client's pages. The
// fake must have received the documented calls, and the API must report the service granted.
// HubSpot's journey goes on: a second request finds the agency's user already in the portal
// and creates nothing, then the agency emails a removal link and the client removes the user.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { adminIn, api } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";
import { fakeOrigin } from "../fixtures/platform-fakes";
import { SNAPCHAT_FAKE } from "../../test/support/fakes/snapchat-fake";
import { HUBSPOT_FAKE } from "../../test/support/fakes/hubspot-fake";

const realBase = process.env.E2E_REAL_BASE_URL!;
const realDataDir = process.env.E2E_REAL_DATA_DIR ?? process.env.DATA_DIR ?? ".data";

test.describe.configure({ timeout: 120_000 });
test.use({ baseURL: realBase });

type Call = { method: string; path: string; query: Record<string, string>; body: unknown };
type RequestView = {
  id: string;
  inviteUrl: string;
  status: string;
  services: {
    service: string;
    status: string;
    grantedAssets: { id: string; name: string | null; accessLevel: string }[];
  }[];
};

async function seedRequest(
  platform: string,
  email: string,
  service: string,
  accessLevel: string,
): Promise<{ apiKey: string; request: RequestView; agencyId: string; clientId: string; accountId: string }> {
  const tag = `${Date.now().toString(36)}${platform.slice(0, 2)}`;
  const agency = await adminIn<{ id: string }>(
    realDataDir,
    "agency",
    "create",
    "--name",
    `E2E ${platform} Agency ${tag}`,
  );
  const { key } = await adminIn<{ key: string }>(
    realDataDir,
    "key",
    "create",
    "--agency",
    agency.id,
    "--scopes",
    "all",
  );
  const account = await adminIn<{ internalAccountId: string }>(
    realDataDir,
    "account",
    "connect",
    "--agency",
    agency.id,
    "--platform",
    platform,
    "--email",
    email,
  );
  const client = await api<{ data: { id: string } }>(realBase, key, "POST", "/clients", {
    name: "Ana Client",
    email: `ana-${tag}@client.test`,
    language: "English",
  });
  const created = await api<{ data: RequestView }>(realBase, key, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      [service]: { accessLevel, requestedAccountLinks: [{ internalAccountId: account.internalAccountId }] },
    },
  });
  expect(created.status).toBe(201);
  return {
    apiKey: key,
    request: created.body.data,
    agencyId: agency.id,
    clientId: client.body.data.id,
    accountId: account.internalAccountId,
  };
}

async function noSeriousAxeViolations(page: Page) {
  const axe = await axeFor(page).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Invite link → Grant access → the fake's consent page → Allow → pick `asset` → Grant access → done. */
async function grantInBrowser(
  page: Page,
  opts: {
    inviteUrl: string;
    service: string;
    consentOrigin: string;
    consentTitle: RegExp;
    asset: RegExp;
    assetCount: number;
  },
) {
  await page.goto(opts.inviteUrl);
  const grant = page.locator(`[data-service="${opts.service}"]`).getByRole("link", { name: "Grant access" });
  await expect(grant).toBeVisible();
  await noSeriousAxeViolations(page);
  await grant.click();
  await expect(page).toHaveURL((url) => url.origin === opts.consentOrigin);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(opts.consentTitle);
  await page.getByRole("link", { name: "Allow" }).click();
  await expect(page.getByRole("checkbox")).toHaveCount(opts.assetCount);
  await noSeriousAxeViolations(page);
  await page.getByRole("checkbox", { name: opts.asset }).check();
  await page.getByRole("button", { name: "Grant access" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/now has the access it needs/);
  await noSeriousAxeViolations(page);
}

async function callsOf(origin: string): Promise<Call[]> {
  return (await (await fetch(`${origin}/__calls`)).json()) as Call[];
}

test("Snapchat: the client's organization invites the agency's email, gives it the member role, then the ad account role", async ({
  page,
}) => {
  const consent = fakeOrigin("accounts.snapchat.com");
  const apiOrigin = fakeOrigin("adsapi.snapchat.com");
  await fetch(`${apiOrigin}/__reset`, { method: "POST" });
  const org = SNAPCHAT_FAKE.organizations[0];
  const [accId, accName] = org.adAccounts[0]!;
  const { apiKey, request } = await seedRequest(
    "snapchat",
    SNAPCHAT_FAKE.agency.email,
    "snapchat_ads",
    "account_manager",
  );

  await grantInBrowser(page, {
    inviteUrl: request.inviteUrl,
    service: "snapchat_ads",
    consentOrigin: consent,
    consentTitle: /Snapchat/,
    asset: new RegExp(accName),
    assetCount: 3,
  });

  const posts = (await callsOf(apiOrigin)).filter((c) => c.method === "POST" && c.path.startsWith("/v1/"));
  expect(posts.map((c) => c.path)).toEqual([
    `/v1/organizations/${org.id}/members`,
    `/v1/organizations/${org.id}/roles`,
    `/v1/organizations/${org.id}/roles`,
  ]);
  expect(posts[0]!.body).toEqual({
    members: [{ email: SNAPCHAT_FAKE.agency.email, organization_id: org.id, display_name: SNAPCHAT_FAKE.agency.email }],
  });
  expect(posts[1]!.body).toMatchObject({ roles: [{ organization_id: org.id, type: "member" }] });
  expect(posts[2]!.body).toMatchObject({ roles: [{ ad_account_id: accId, type: "admin" }] });
  const view = await api<{ data: RequestView }>(realBase, apiKey, "GET", `/requests/${request.id}`);
  expect(view.body.data.services[0]).toMatchObject({
    status: "granted",
    grantedAssets: [{ id: accId, name: accName, accessLevel: "account_manager" }],
  });
});

test("HubSpot: live, the client adds the agency's user in one click, finds it there next time, and removes it by link", async ({
  page,
  browser,
}) => {
  const consent = fakeOrigin("app.hubspot.com");
  const apiOrigin = fakeOrigin("api.hubapi.com");
  await fetch(`${apiOrigin}/__reset`, { method: "POST" });
  const { apiKey, request, agencyId, clientId, accountId } = await seedRequest(
    "hubspot",
    HUBSPOT_FAKE.agencyEmail,
    "hubspot_portal",
    "standard",
  );

  await grantInBrowser(page, {
    inviteUrl: request.inviteUrl,
    service: "hubspot_portal",
    consentOrigin: consent,
    consentTitle: /HubSpot/,
    asset: new RegExp(HUBSPOT_FAKE.portal.hubDomain),
    assetCount: 1,
  });

  const creates = (await callsOf(apiOrigin)).filter((c) => c.method === "POST" && c.path === "/settings/v3/users/");
  expect(creates.map((c) => c.body)).toEqual([
    { email: HUBSPOT_FAKE.agencyEmail, roleId: "101", sendWelcomeEmail: true },
  ]);
  const view = await api<{ data: RequestView }>(realBase, apiKey, "GET", `/requests/${request.id}`);
  expect(view.body.data.services[0]).toMatchObject({
    status: "granted",
    grantedAssets: [{ id: HUBSPOT_FAKE.portal.hubId, name: HUBSPOT_FAKE.portal.hubDomain, accessLevel: "standard" }],
  });

  // a second request for the same portal: the agency's user is already there, nothing is created
  const again = await api<{ data: RequestView }>(realBase, apiKey, "POST", "/requests", {
    clientId,
    requestedServices: {
      hubspot_portal: { accessLevel: "view_only", requestedAccountLinks: [{ internalAccountId: accountId }] },
    },
  });
  expect(again.status).toBe(201);
  const secondContext = await browser.newContext({ baseURL: realBase });
  await grantInBrowser(await secondContext.newPage(), {
    inviteUrl: again.body.data.inviteUrl,
    service: "hubspot_portal",
    consentOrigin: consent,
    consentTitle: /HubSpot/,
    asset: new RegExp(HUBSPOT_FAKE.portal.hubDomain),
    assetCount: 1,
  });
  await secondContext.close();
  expect(
    (await callsOf(apiOrigin)).filter((c) => c.method === "POST" && c.path === "/settings/v3/users/"),
  ).toHaveLength(1);
  const secondView = await api<{ data: RequestView }>(realBase, apiKey, "GET", `/requests/${again.body.data.id}`);
  expect(secondView.body.data.services[0]).toMatchObject({ status: "granted" });

  // the agency asks the client to remove it: HubSpot needs the client's sign-in, so a removal link
  const tag = Date.now().toString(36);
  const email = `owner-${tag}@example.com`;
  const password = `pw-${tag}-Secret1`;
  await adminIn(realDataDir, "user", "create", "--agency", agencyId, "--email", email, "--password", password);
  await signInToDashboard(page, email, password);
  await page.goto(`/dashboard/clients/${clientId}`);
  const access = page.locator("section", { has: page.getByRole("heading", { name: "Access after the grant" }) });
  await access.getByRole("button", { name: "Remove our access" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove our access" }).click();
  const removal = page.locator("section", {
    has: page.getByRole("heading", { name: "Removal with the client's consent" }),
  });
  await removal.getByRole("button", { name: "Email a removal link for HubSpot" }).click();
  await expect(removal.locator("td").getByText("Sent", { exact: true })).toBeVisible();
  await page.goto("/dashboard/mailbox");
  await page
    .getByRole("button", { name: /asks you to remove its access/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Text", exact: true }).click();
  const link = /https?:\/\/\S+\/r\/[A-Za-z0-9_-]{43}/.exec(await page.getByTestId("email-text").innerText())![0];

  const clientContext = await browser.newContext({ baseURL: realBase });
  const clientPage = await clientContext.newPage();
  await clientPage.goto(new URL(link).pathname);
  await expect(clientPage.getByText(new RegExp(HUBSPOT_FAKE.portal.hubDomain)).first()).toBeVisible();
  await noSeriousAxeViolations(clientPage);
  await clientPage.getByRole("link", { name: "Sign in with HubSpot" }).click();
  await expect(clientPage).toHaveURL((url) => url.origin === consent);
  await clientPage.getByRole("link", { name: "Allow" }).click();
  await clientPage.getByRole("button", { name: "Confirm and remove access" }).click();
  await expect(clientPage.getByRole("heading", { name: "Done. Here is what happened:" })).toBeVisible();
  await expect(clientPage.getByText(new RegExp(HUBSPOT_FAKE.portal.hubDomain)).first()).toBeVisible();
  await noSeriousAxeViolations(clientPage);
  await clientContext.close();

  const deletes = (await callsOf(apiOrigin)).filter((c) => c.method === "DELETE");
  expect(deletes.length).toBeGreaterThanOrEqual(1);
  for (const d of deletes) {
    expect(d.path).toBe(`/settings/v3/users/${encodeURIComponent(HUBSPOT_FAKE.agencyEmail)}`);
    expect(d.query).toEqual({ idProperty: "EMAIL" });
  }
  await page.goto(`/dashboard/clients/${clientId}`);
  await expect(removal.locator("td").getByText("Completed", { exact: true })).toBeVisible();
  await expect(access.getByText("Removed", { exact: true }).first()).toBeVisible();
});
