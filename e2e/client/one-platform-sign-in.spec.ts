// One platform sign-in covering two services, in Chromium against the real-connector app
// (SANDBOX_PLATFORMS=0, the Meta and Google contract fakes behind PLATFORM_HOST_OVERRIDES):
// a request for two Meta and two Google services is granted with exactly two visits to a
// platform's consent page, one "Continue with <platform>" each; the picker shows one group
// per service and one submit grants them all. Checked with axe at 1280 and 375 px, in
// English and in Spanish; the API and the webhook-facing state agree.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { adminIn, api } from "../fixtures/admin";
import { fakeOrigin } from "../fixtures/platform-fakes";
import { GOOGLE_FAKE } from "../../test/support/fakes/google-fake";

const realURL = process.env.E2E_REAL_BASE_URL!;
const realDataDir = process.env.E2E_REAL_DATA_DIR ?? process.env.DATA_DIR ?? ".data";
const metaDialog = fakeOrigin("www.facebook.com");
const googleConsent = fakeOrigin("accounts.google.com");

test.describe.configure({ timeout: 150_000 });
test.use({ baseURL: realURL });

type RequestView = {
  id: string;
  status: string;
  inviteUrl: string;
  services: { service: string; status: string; grantedAssets: { id: string }[] }[];
};

const WORDS = {
  English: {
    meta: "Continue with Meta",
    google: "Continue with Google",
    grant: "Grant access",
    granted: "Access granted",
    thanks: /now has the access it needs/,
  },
  Spanish: {
    meta: "Continuar con Meta",
    google: "Continuar con Google",
    grant: "Dar acceso",
    granted: "Acceso concedido",
    thanks: /ya tiene el acceso que necesita/,
  },
} as const;

async function seed(language: keyof typeof WORDS): Promise<{ apiKey: string; request: RequestView }> {
  const tag = `${Date.now().toString(36)}o`;
  const agency = await adminIn<{ id: string }>(realDataDir, "agency", "create", "--name", `E2E One Sign-in ${tag}`);
  const apiKey = (
    await adminIn<{ key: string }>(realDataDir, "key", "create", "--agency", agency.id, "--scopes", "all")
  ).key;
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
      "770000000001",
      "--business-name",
      "Agency Main BM",
    ],
    ...["--email", "ops@agency.test", "--platform-account-id", "20002"],
  );
  const google = await adminIn<{ internalAccountId: string }>(
    realDataDir,
    "account",
    "connect",
    "--agency",
    agency.id,
    "--platform",
    "google",
    "--email",
    GOOGLE_FAKE.agencyEmail,
  );
  const m = [{ internalAccountId: meta.internalAccountId }];
  const g = [{ internalAccountId: google.internalAccountId }];
  const client = await api<{ data: { id: string } }>(realURL, apiKey, "POST", "/clients", {
    name: "Ana Client",
    email: "ana@client.test",
    language,
  });
  expect(client.status).toBe(201);
  const created = await api<{ data: RequestView }>(realURL, apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      meta_ads: { accessLevel: "advertiser", requestedAccountLinks: m },
      meta_page: { accessLevel: "editor", requestedAccountLinks: m },
      google_analytics: { accessLevel: "analyst", requestedAccountLinks: g },
      google_tag_manager: { accessLevel: "[edit,read]", requestedAccountLinks: g },
    },
  });
  expect(created.status).toBe(201);
  return { apiKey, request: created.body.data };
}

async function expectAccessible(page: Page, width: number) {
  const axe = await axeFor(page).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const runs = [
  { language: "English", width: 1280 },
  { language: "English", width: 375 },
  { language: "Spanish", width: 375 },
] as const;

for (const { language, width } of runs) {
  test(`one platform sign-in covering two services: two Meta and two Google services with two sign-ins (${language}, ${width} px)`, async ({
    page,
  }) => {
    await fetch(`${fakeOrigin("graph.facebook.com")}/__reset`, { method: "POST" });
    await fetch(`${googleConsent}/__reset`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const words = WORDS[language];
    const { apiKey, request } = await seed(language);
    await page.setViewportSize({ width, height: 900 });

    // Every visit the browser makes to a platform's consent page.
    const consentVisits: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (r.isNavigationRequest() && (url.origin === metaDialog || url.origin === googleConsent))
        consentVisits.push(url.origin);
    });

    await page.goto(request.inviteUrl);
    // One button per platform; the services' own buttons give way to it.
    await expect(page.getByRole("link", { name: words.meta })).toHaveCount(1);
    await expect(page.getByRole("link", { name: words.google })).toHaveCount(1);
    await expect(page.locator("[data-service]").getByRole("link", { name: words.grant })).toHaveCount(0);
    await expectAccessible(page, width);

    // Meta: one sign-in, both services in one picker, one submit.
    await page.getByRole("link", { name: words.meta }).click();
    const ads = page.locator('[data-picker-service="meta_ads"]');
    const pages = page.locator('[data-picker-service="meta_page"]');
    await expect(ads.getByRole("checkbox")).toHaveCount(3);
    await expect(pages.getByRole("checkbox")).toHaveCount(2);
    await ads.getByRole("checkbox", { name: /Acme Main Ads/ }).check();
    await pages.getByRole("checkbox", { name: /Acme Shop Page/ }).check();
    await expectAccessible(page, width);
    await page.getByRole("button", { name: words.grant }).click();
    await expect(page.getByRole("status").first()).toContainText(words.granted);
    await expect(page.locator('[data-service="meta_ads"] [data-status]')).toHaveAttribute("data-status", "granted");
    await expect(page.locator('[data-service="meta_page"] [data-status]')).toHaveAttribute("data-status", "granted");

    // Google: the same, and the request is complete.
    await page.getByRole("link", { name: words.google }).click();
    const analytics = page.locator('[data-picker-service="google_analytics"]');
    const containers = page.locator('[data-picker-service="google_tag_manager"]');
    await analytics.getByRole("checkbox", { name: /Brand Web/ }).check();
    await containers.getByRole("checkbox", { name: /Brand App/ }).check();
    await page.getByRole("button", { name: words.grant }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.thanks);
    await expectAccessible(page, width);

    expect(consentVisits).toEqual([metaDialog, googleConsent]);
    const view = (await api<{ data: RequestView }>(realURL, apiKey, "GET", `/requests/${request.id}`)).body.data;
    expect(view.status).toBe("completed");
    expect(view.services.map((s) => [s.service, s.status, s.grantedAssets.map((a) => a.id)])).toEqual([
      ["meta_ads", "granted", ["act_1001"]],
      ["meta_page", "granted", ["2002"]],
      ["google_analytics", "granted", ["properties/1001"]],
      ["google_tag_manager", "granted", ["accounts/2001/containers/3002"]],
    ]);
  });
}
