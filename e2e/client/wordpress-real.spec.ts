// A client grants their WordPress site in one click in Chromium, against the WordPress fake
// (e2e/fixtures/platform-fakes.ts) on the real-connector app: the invite link's card asks for
// the site's address, the site's approval page ("Yes, I approve of this connection."), and
// back to the request, done; the site holds the agency's administrator and no application
// password of ours. A second request, declined on the site, is told so with the steps still
// there. Axe on the client's pages.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { adminIn } from "../fixtures/admin";
import { fakeOrigin } from "../fixtures/platform-fakes";

const realBase = process.env.E2E_REAL_BASE_URL!;
const realDataDir = process.env.E2E_REAL_DATA_DIR ?? process.env.DATA_DIR ?? ".data";
const AGENCY_EMAIL = "web@agency.test";

test.describe.configure({ timeout: 90_000 });
test.use({ baseURL: realBase });

type RequestView = {
  id: string;
  inviteUrl: string;
  services: { service: string; status: string; grantedAssets: { id: string }[] }[];
};

async function api<T>(key: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${realBase}/api/v2${p}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body ? { "content-type": "application/json", "idempotency-key": crypto.randomUUID() } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
}

/** An agency with its WordPress user's email, and two requests for its client's site. */
async function seed(): Promise<{ key: string; requests: RequestView[] }> {
  const tag = Date.now().toString(36);
  const agency = await adminIn<{ id: string }>(realDataDir, "agency", "create", "--name", `E2E WordPress ${tag}`);
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
    ...["account", "connect", "--agency", agency.id, "--platform", "wordpress", "--email", AGENCY_EMAIL],
  );
  const client = await api<{ data: { id: string } }>(key, "POST", "/clients", {
    name: "Ana Client",
    email: `ana-${tag}@client.test`,
    language: "English",
  });
  const requests: RequestView[] = [];
  for (let i = 0; i < 2; i++) {
    const created = await api<{ data: RequestView }>(key, "POST", "/requests", {
      clientId: client.data.id,
      requestedServices: {
        wordpress_site: { requestedAccountLinks: [{ internalAccountId: account.internalAccountId }] },
      },
    });
    requests.push(created.data);
  }
  return { key, requests };
}

async function noSeriousAxeViolations(page: Page) {
  const axe = await axeFor(page).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

async function connectSite(page: Page, inviteUrl: string, site: string) {
  await page.goto(inviteUrl);
  const card = page.locator('[data-service="wordpress_site"]');
  await expect(card.getByRole("button", { name: "I've done this" })).toBeVisible();
  await card.getByLabel("Your site's address").fill(site);
  await noSeriousAxeViolations(page);
  await card.getByRole("button", { name: "Connect my site" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Authorize Application");
}

test("WordPress: the client's site approves, the agency's administrator is created, nothing of the client's is kept; a declined approval says so", async ({
  page,
}) => {
  const site = fakeOrigin("wordpress.client.test");
  await fetch(`${site}/__reset`, { method: "POST" });
  const { key, requests } = await seed();

  await connectSite(page, requests[0]!.inviteUrl, site);
  await page.getByRole("link", { name: "Yes, I approve of this connection." }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/now has the access it needs/);
  await noSeriousAxeViolations(page);
  const state = (await (await fetch(`${site}/__state`)).json()) as {
    users: { email: string; roles: string[] }[];
    appPasswords: string[];
  };
  expect(state.users.find((u) => u.email === AGENCY_EMAIL)?.roles).toEqual(["administrator"]);
  expect(state.appPasswords).toEqual([]);
  const granted = await api<{ data: RequestView }>(key, "GET", `/requests/${requests[0]!.id}`);
  expect(granted.data.services[0]).toMatchObject({ status: "granted", grantedAssets: [{ id: site }] });

  await connectSite(page, requests[1]!.inviteUrl, site);
  await page.getByRole("link", { name: "No, I do not approve of this connection." }).click();
  await expect(page.getByRole("alert")).toContainText("You did not approve the connection on your site");
  const card = page.locator('[data-service="wordpress_site"]');
  await expect(card.getByRole("button", { name: "I've done this" })).toBeVisible();
  await noSeriousAxeViolations(page);
});
