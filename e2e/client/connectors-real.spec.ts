// A client grants TikTok, LinkedIn, Pinterest and Microsoft Advertising services end to end
// in Chromium through the real connectors (the second app: SANDBOX_PLATFORMS=0,
// PLATFORM_HOST_OVERRIDES to the contract fakes of e2e/fixtures/platform-fakes.ts): invite
// link → "Grant access" → the platform's consent page (the fake's Allow) → the picker →
// grant. The fake must have received the documented grant call for the picked asset and
// role, and the API must report the service granted with that asset.
import { expect, test, type Page } from "@playwright/test";
import { adminIn, api } from "../fixtures/admin";
import { fakeOrigin } from "../fixtures/platform-fakes";
import { TIKTOK_FAKE } from "../../test/support/fakes/tiktok-fake";
import { LINKEDIN_FAKE } from "../../test/support/fakes/linkedin-fake";
import { PINTEREST_FAKE } from "../../test/support/fakes/pinterest-fake";
import { MICROSOFT_FAKE } from "../../test/support/fakes/microsoft-fake";

const realBase = process.env.E2E_REAL_BASE_URL!;
const realDataDir = process.env.E2E_REAL_DATA_DIR ?? process.env.DATA_DIR ?? ".data";

test.describe.configure({ timeout: 120_000 });
test.use({ baseURL: realBase });

type Call = {
  host: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
};
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

/** A new agency with one account on `platform` (admin CLI flags), and a request for one service. */
async function seedRequest(
  platform: string,
  accountFlags: string[],
  service: string,
  accessLevel: string,
): Promise<{ apiKey: string; request: RequestView }> {
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
    ...accountFlags,
  );
  const client = await api<{ data: { id: string } }>(realBase, key, "POST", "/clients", {
    name: "Ana Client",
    email: `ana-${tag}@client.test`,
    language: "English",
  });
  expect(client.status).toBe(201);
  const created = await api<{ data: RequestView }>(realBase, key, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      [service]: { accessLevel, requestedAccountLinks: [{ internalAccountId: account.internalAccountId }] },
    },
  });
  expect(created.status).toBe(201);
  return { apiKey: key, request: created.body.data };
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
    /** an asset the client may not share: shown disabled with the reason (and screenshotted) */
    notShareable?: { name: RegExp; reason: string; screenshot: string };
  },
) {
  await page.goto(opts.inviteUrl);
  await page.locator(`[data-service="${opts.service}"]`).getByRole("link", { name: "Grant access" }).click();
  await expect(page).toHaveURL((url) => url.origin === opts.consentOrigin);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(opts.consentTitle);
  await page.getByRole("link", { name: "Allow" }).click();
  await expect(page.getByRole("checkbox")).toHaveCount(opts.assetCount);
  if (opts.notShareable) {
    const box = page.getByRole("checkbox", { name: opts.notShareable.name });
    await expect(box).toBeDisabled();
    await expect(box).toHaveAccessibleDescription(opts.notShareable.reason);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page
        .getByTestId("asset-picker")
        .screenshot({ path: test.info().outputPath(`${opts.notShareable.screenshot}-${width}.png`) });
    }
  }
  await page.getByRole("checkbox", { name: opts.asset }).check();
  await page.getByRole("button", { name: "Grant access" }).click();
  // the request's only service is granted: the client sees the thank-you page
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/now has the access it needs/);
}

async function callsOf(origin: string): Promise<Call[]> {
  return (await (await fetch(`${origin}/__calls`)).json()) as Call[];
}

async function expectGranted(
  apiKey: string,
  requestId: string,
  service: string,
  asset: { id: string; name: string; accessLevel: string },
) {
  const view = await api<{ data: RequestView }>(realBase, apiKey, "GET", `/requests/${requestId}`);
  expect(view.body.data.status).toBe("completed");
  expect(view.body.data.services.find((s) => s.service === service)).toMatchObject({
    status: "granted",
    grantedAssets: [asset],
  });
}

test("TikTok: the client shares an ad account with the agency's Business Center as operator", async ({ page }) => {
  const origin = fakeOrigin("business-api.tiktok.com");
  await fetch(`${origin}/__reset`, { method: "POST" });
  const [adId, adName] = TIKTOK_FAKE.businessCenters[0]!.advertisers[1]!;
  const flags = [
    "--email",
    TIKTOK_FAKE.agencyEmail,
    "--business-id",
    TIKTOK_FAKE.agencyBcId,
    "--business-name",
    "Agency BC",
  ];
  const { apiKey, request } = await seedRequest("tiktok", flags, "tiktok_ads", "operator");

  await grantInBrowser(page, {
    inviteUrl: request.inviteUrl,
    service: "tiktok_ads",
    consentOrigin: origin,
    consentTitle: /TikTok/,
    asset: new RegExp(adName),
    // the Reseller Center's ad account: the client is only a standard member there
    assetCount: 5,
    notShareable: {
      name: /Reseller Ads/,
      reason:
        "You need admin rights on this Business Center to share it. Ask a colleague who is an admin to open this link.",
      screenshot: "tiktok-picker",
    },
  });

  const grants = (await callsOf(origin)).filter(
    (c) => c.method === "POST" && c.path === "/open_api/v1.3/bc/partner/add/",
  );
  expect(grants.map((c) => c.body)).toEqual([
    {
      bc_id: TIKTOK_FAKE.businessCenters[0]!.bcId,
      partner_id: TIKTOK_FAKE.agencyBcId,
      asset_type: "ADVERTISER",
      asset_ids: [adId],
      advertiser_role: "OPERATOR",
    },
  ]);
  await expectGranted(apiKey, request.id, "tiktok_ads", { id: adId, name: adName, accessLevel: "operator" });
});

test("LinkedIn: the client adds the agency member to an ad account as campaign manager", async ({ page }) => {
  const consent = fakeOrigin("www.linkedin.com");
  const apiOrigin = fakeOrigin("api.linkedin.com");
  await fetch(`${apiOrigin}/__reset`, { method: "POST" });
  const [accId, accName] = LINKEDIN_FAKE.adAccounts[1]!;
  const { apiKey, request } = await seedRequest(
    "linkedin",
    ["--email", "linkedin@agency.test", "--platform-account-id", LINKEDIN_FAKE.agencyMember],
    "linkedin_ads",
    "campaign_manager",
  );

  await grantInBrowser(page, {
    inviteUrl: request.inviteUrl,
    service: "linkedin_ads",
    consentOrigin: consent,
    consentTitle: /LinkedIn/,
    asset: new RegExp(accName),
    // Acme Partner Ads: the client is only a VIEWER there
    assetCount: 4,
    notShareable: {
      name: /Acme Partner Ads/,
      reason: "You need admin rights on this account to share it. Ask a colleague who is an admin to open this link.",
      screenshot: "linkedin-picker",
    },
  });

  const grants = (await callsOf(apiOrigin)).filter(
    (c) => c.method === "PUT" && c.path.startsWith("/rest/adAccountUsers/"),
  );
  expect(grants.map((c) => c.body)).toEqual([
    { account: `urn:li:sponsoredAccount:${accId}`, user: LINKEDIN_FAKE.agencyMember, role: "CAMPAIGN_MANAGER" },
  ]);
  await expectGranted(apiKey, request.id, "linkedin_ads", {
    id: accId,
    name: accName,
    accessLevel: "campaign_manager",
  });
});

test("Pinterest: the client invites the agency's business as a partner with an ad account's analyst access", async ({
  page,
}) => {
  const consent = fakeOrigin("www.pinterest.com");
  const apiOrigin = fakeOrigin("api.pinterest.com");
  await fetch(`${apiOrigin}/__reset`, { method: "POST" });
  const [accId, accName] = PINTEREST_FAKE.adAccounts[0]!;
  const biz = PINTEREST_FAKE.clientBusiness[0];
  const { apiKey, request } = await seedRequest(
    "pinterest",
    [
      "--platform-account-id",
      PINTEREST_FAKE.agencyBusiness,
      "--business-id",
      PINTEREST_FAKE.agencyBusiness,
      "--business-name",
      "Agency Biz",
    ],
    "pinterest_ads",
    "analyst",
  );

  await grantInBrowser(page, {
    inviteUrl: request.inviteUrl,
    service: "pinterest_ads",
    consentOrigin: consent,
    consentTitle: /Pinterest/,
    asset: new RegExp(`^${accName}`),
    assetCount: 3,
  });

  const posts = (await callsOf(apiOrigin)).filter(
    (c) => c.method === "POST" && c.path.startsWith(`/v5/businesses/${biz}/invites`),
  );
  expect(posts.map((c) => c.path)).toEqual([
    `/v5/businesses/${biz}/invites`,
    `/v5/businesses/${biz}/invites/assets/access`,
  ]);
  expect(posts[0]!.body).toEqual({
    business_role: "PARTNER",
    invite_type: "PARTNER_INVITE",
    partners: [PINTEREST_FAKE.agencyBusiness],
  });
  expect(JSON.stringify(posts[1]!.body)).toContain(accId);
  await expectGranted(apiKey, request.id, "pinterest_ads", { id: accId, name: accName, accessLevel: "analyst" });
});

test("Microsoft Advertising: the client invites the agency's email to an account as standard user", async ({
  page,
}) => {
  const consent = fakeOrigin("login.microsoftonline.com");
  const apiOrigin = fakeOrigin("clientcenter.api.bingads.microsoft.com");
  await fetch(`${apiOrigin}/__reset`, { method: "POST" });
  const customer = MICROSOFT_FAKE.customers[0]!;
  const [accId, accName] = customer.accounts[1]!;
  const { apiKey, request } = await seedRequest(
    "microsoft",
    ["--email", MICROSOFT_FAKE.agencyEmail],
    "microsoft_ads",
    "standard",
  );

  await grantInBrowser(page, {
    inviteUrl: request.inviteUrl,
    service: "microsoft_ads",
    consentOrigin: consent,
    consentTitle: /Microsoft/,
    asset: new RegExp(accName),
    assetCount: 3,
  });

  const sends = (await callsOf(apiOrigin)).filter((c) => c.path === "/CustomerManagement/v13/UserInvitation/Send");
  expect(sends).toHaveLength(1);
  expect(sends[0]!.headers.customerid).toBe(customer.id);
  expect(sends[0]!.body).toMatchObject({
    UserInvitation: { Email: MICROSOFT_FAKE.agencyEmail, RoleId: 203, AccountIds: [accId], CustomerId: customer.id },
  });
  await expectGranted(apiKey, request.id, "microsoft_ads", { id: accId, name: accName, accessLevel: "standard" });
});
