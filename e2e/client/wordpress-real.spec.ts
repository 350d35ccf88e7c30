// A client grants their WordPress site in one click in Chromium, against the WordPress fake
// (e2e/fixtures/platform-fakes.ts) on the real-connector app, then removes it. One agency, one
// English client with four requests and one Spanish client:
// - the invite link's card asks for the site's address, the site's approval page ("Yes, I
//   approve of this connection."), and back to the request, done: the site holds the agency's
//   administrator and no application password of ours;
// - the agency's user already there as an editor: raised to administrator, keeping editor;
// - already an administrator: granted with nothing written on the site;
// - declined on the site: told so, with the steps still there;
// - a site without application passwords (Spanish): told why in Spanish, the steps and
//   "I've done this" below;
// - removal from the client's access page: asked first (the whole site goes, said and
//   listed), the removal link's page, approved on the site, the agency's user deleted and the
//   password too.
// Axe on each client page shown.
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { adminIn, api } from "../fixtures/admin";
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

/** An agency with its WordPress user's email; `count` requests for an English client's site, one for a Spanish client's. */
async function seed(count: number): Promise<{ key: string; requests: RequestView[]; spanish: RequestView }> {
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
  const requestFor = async (clientId: string) =>
    (
      await api<{ data: RequestView }>(realBase, key, "POST", "/requests", {
        clientId,
        requestedServices: {
          wordpress_site: { requestedAccountLinks: [{ internalAccountId: account.internalAccountId }] },
        },
      })
    ).body.data;
  const client = async (name: string, language: string) =>
    (
      await api<{ data: { id: string } }>(realBase, key, "POST", "/clients", {
        name,
        email: `${name.split(" ")[0]!.toLowerCase()}-${tag}@client.test`,
        language,
      })
    ).body.data.id;
  const ana = await client("Ana Client", "English");
  const requests: RequestView[] = [];
  for (let i = 0; i < count; i++) requests.push(await requestFor(ana));
  const spanish = await requestFor(await client("Lucia Cliente", "Spanish"));
  return { key, requests, spanish };
}

type SiteState = { users: { email: string; roles: string[] }[]; appPasswords: string[] };
const siteState = async (site: string) => (await (await fetch(`${site}/__state`)).json()) as SiteState;
const siteCalls = async (site: string) =>
  (await (await fetch(`${site}/__calls`)).json()) as { method: string; path: string }[];
const post = (site: string, p: string, body: unknown) =>
  fetch(`${site}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

async function noSeriousAxeViolations(page: Page) {
  const axe = await axeFor(page).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

const EN = { done: "I've done this", label: "Your site's address", submit: "Connect my site" };
const ES = { done: "Ya lo he hecho", label: "La dirección de tu sitio", submit: "Conectar mi sitio" };

/** The invite link's card: the site's address typed and sent; axe on the card first. */
async function submitSite(page: Page, inviteUrl: string, site: string, text = EN) {
  await page.goto(inviteUrl);
  const card = page.locator('[data-service="wordpress_site"]');
  await expect(card.getByRole("button", { name: text.done })).toBeVisible();
  await card.getByLabel(text.label).fill(site);
  await noSeriousAxeViolations(page);
  await card.getByRole("button", { name: text.submit }).click();
}

/** Through the site's approval page, approved: back on the request, done. */
async function approveSite(page: Page, inviteUrl: string, site: string) {
  await submitSite(page, inviteUrl, site);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Authorize Application");
  await page.getByRole("link", { name: "Yes, I approve of this connection." }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/now has the access it needs/);
}

test("WordPress: created, raised from editor, already an administrator, declined, unavailable in Spanish, then removed on the site", async ({
  page,
}) => {
  const site = fakeOrigin("wordpress.client.test");
  await fetch(`${site}/__reset`, { method: "POST" });
  const { key, requests, spanish } = await seed(4);
  const agencyUser = async () => (await siteState(site)).users.find((u) => u.email === AGENCY_EMAIL);

  // created: the agency's administrator, and no application password of ours left
  await approveSite(page, requests[0]!.inviteUrl, site);
  await noSeriousAxeViolations(page);
  expect((await agencyUser())?.roles).toEqual(["administrator"]);
  expect((await siteState(site)).appPasswords).toEqual([]);
  const granted = await api<{ data: RequestView }>(realBase, key, "GET", `/requests/${requests[0]!.id}`);
  expect(granted.body.data.services[0]).toMatchObject({ status: "granted", grantedAssets: [{ id: site }] });

  // already there with a weaker role: raised, the editor role kept
  await post(site, "/__user", { username: "agencyweb", email: AGENCY_EMAIL, roles: ["editor"] });
  await approveSite(page, requests[1]!.inviteUrl, site);
  expect((await agencyUser())?.roles).toEqual(["administrator", "editor"]);

  // already an administrator, the strongest role: granted, nothing written
  await post(site, "/__user", { username: "agencyweb", email: AGENCY_EMAIL, roles: ["administrator"] });
  const before = (await siteCalls(site)).length;
  await approveSite(page, requests[2]!.inviteUrl, site);
  const writes = (await siteCalls(site))
    .slice(before)
    .filter((c) => c.method !== "GET" && c.path.startsWith("/wp-json/") && !c.path.includes("application-passwords"));
  expect(writes).toEqual([]);
  expect((await agencyUser())?.roles).toEqual(["administrator"]);
  expect((await siteState(site)).appPasswords).toEqual([]);

  // declined on the site: told so, the steps still there
  await submitSite(page, requests[3]!.inviteUrl, site);
  await page.getByRole("link", { name: "No, I do not approve of this connection." }).click();
  await expect(page.getByRole("alert")).toContainText("You declined on your site");
  const card = page.locator('[data-service="wordpress_site"]');
  await expect(card.getByRole("button", { name: EN.done })).toBeVisible();
  await noSeriousAxeViolations(page);

  // application passwords turned off on the site: told why in Spanish, with the steps
  await post(site, "/__switches", { appPasswords: false });
  await submitSite(page, spanish.inviteUrl, site, ES);
  await expect(
    page.getByRole("alert").filter({ hasText: "Tu sitio no ofrece contraseñas de aplicación" }),
  ).toBeVisible();
  await expect(card.getByRole("button", { name: ES.done })).toBeVisible();
  await noSeriousAxeViolations(page);
  await post(site, "/__switches", { appPasswords: true });

  // removal from the client's access page: the removal link's page, approved on the site
  await page.goto(`${new URL(requests[0]!.inviteUrl).pathname}/access`);
  await page
    .getByRole("button", { name: /^Remove access to / })
    .first()
    .click();
  // asked first: the site removes the agency's user from the whole site, so every line on it goes, and it says so
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Remove this access?");
  await expect(page.getByText(/removes the agency from the whole site at once/)).toBeVisible();
  await expect(page.locator("li[data-goes]")).toHaveCount(3);
  await noSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page).toHaveURL(/\/r\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Remove .*'s access/);
  await noSeriousAxeViolations(page);
  await page.getByRole("link", { name: "Approve on my site and remove access" }).click();
  await page.getByRole("link", { name: "Yes, I approve of this connection." }).click();
  await expect(page.getByRole("heading", { name: "Done. Here is what happened:" })).toBeVisible();
  await noSeriousAxeViolations(page);
  expect(await agencyUser()).toBeUndefined();
  expect((await siteState(site)).appPasswords).toEqual([]);
  // the three requests granted on the site, each recorded as removed
  await expect(page.getByRole("listitem").filter({ hasText: "Removed:" })).toHaveCount(3);
});
