// Staff sign-in through an identity provider, from the dashboard: the instance
// administrator sets up a generic OpenID Connect provider on the Platforms page (a real
// oidc-provider on loopback, the one the integration tests use) and verifies it; the Owner
// is told that without a mail server a code cannot prove a domain, claims the agency's email
// domain by a DNS TXT record (published on a loopback DNS server the app is pointed at, never
// a real name) and chooses the role people join with; a colleague at the domain then signs in through the provider and is a member
// with that role. What it saves is instance-wide, so it runs in the instance-wide project,
// after the other journeys.
import path from "node:path";
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { admin } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";
import { startOidcProvider, type OidcTestProvider } from "../../test/support/oidc-test-provider";
import { startFakeDnsServer, type FakeDnsServer } from "../../test/support/fake-dns-server";
import { E2E_DNS_PORT } from "../fixtures/fake-dns";

const shots = process.env.E2E_SHOTS_DIR;
let idp: OidcTestProvider | undefined;
let dns: FakeDnsServer | undefined;

async function axeClean(page: Page) {
  const result = await axeFor(page).analyze();
  expect(
    result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`),
  ).toEqual([]);
}

/** The section at 1280 and 375 px, when E2E_SHOTS_DIR names a folder. */
async function shoot(page: Page, name: string, section: string) {
  if (!shots) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator(section).screenshot({ path: path.join(shots, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.afterAll(async () => {
  await idp?.close();
  await dns?.close();
});

test("an administrator sets up OIDC sign-in, the Owner claims the domain, a colleague joins through it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  idp = await startOidcProvider({ redirectUris: [`${baseURL}/api/auth/callback/oidc`] });
  const tag = Date.now().toString(36);
  const domain = `sso-${tag}.example`;
  const agency = await admin<{ id: string }>("agency", "create", "--name", `SSO Agency ${tag}`);
  const email = `owner@${domain}`;
  const password = `pw-${tag}-Secret1`;
  await admin("user", "create", "--agency", agency.id, "--email", email, "--password", password);
  await admin("user", "make-instance-admin", "--email", email);
  await signInToDashboard(page, email, password);

  // Platforms → Staff sign-in: the generic provider's values, saved and verified
  await page.goto("/dashboard/instance/platforms");
  const card = page.locator('[data-staff-provider="oidc"]');
  await card.getByLabel("Issuer URL").fill(idp.issuer);
  await card.getByLabel("Client ID").fill(idp.clientId);
  await card.getByLabel("Client secret").fill(idp.clientSecret);
  await card.getByLabel("Button label").fill("Loopback IdP");
  await card.getByRole("button", { name: "Save", exact: true }).click();
  await expect(card.getByText("Saved here").first()).toBeVisible();
  await card.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByTestId("verify-result-sso-oidc")).toContainText(`Verified: ${idp.issuer} answered`);
  await axeClean(page);
  await shoot(page, "staff-sign-in", "section[aria-labelledby='staff-sign-in']");

  // Security → Single sign-on domains: this installation has no mail server, so an address
  // is refused with the way that works; the domain alone is proved by its DNS record
  dns = await startFakeDnsServer({ port: E2E_DNS_PORT });
  await page.goto("/dashboard/security");
  await page.getByLabel("Claim a domain").fill(`admin@${domain}`);
  await page.getByRole("button", { name: "Claim domain" }).click();
  await expect(page.getByText("This installation has no mail server")).toBeVisible();
  await page.getByLabel("Claim a domain").fill(domain);
  await page.getByRole("button", { name: "Claim domain" }).click();
  const row = page.locator(`[data-sso-domain="${domain}"]`);
  await expect(row.getByText("Waiting for the DNS record")).toBeVisible();
  await expect(row.getByText(`_access-requests.${domain}`)).toBeVisible();
  const value = (await row.locator("[data-dns-proof] code").nth(1).textContent())!.trim();
  expect(value).toMatch(/^access-requests-domain=/);
  dns.txt.set(`_access-requests.${domain}`, [value]);
  await row.getByRole("button", { name: "Check DNS record" }).click();
  await expect(row.getByText("Verified", { exact: true })).toBeVisible();
  // nothing a Mailbox can read took part
  const list = (await (await page.request.get("/api/dashboard/emails")).json()) as { data: { kind: string }[] };
  expect(list.data.filter((m) => m.kind === "domain_code")).toEqual([]);
  await row.getByLabel("People at this domain join as").selectOption("member");
  await expect(page.getByText("Role saved.")).toBeVisible();
  // a second domain claimed by its name alone shows the DNS record to publish
  await page.getByLabel("Claim a domain").fill(`dns-${domain}`);
  await page.getByRole("button", { name: "Claim domain" }).click();
  const dnsRow = page.locator(`[data-sso-domain="dns-${domain}"]`);
  await expect(dnsRow.getByText("Waiting for the DNS record")).toBeVisible();
  await expect(dnsRow.getByText(`_access-requests.dns-${domain}`)).toBeVisible();
  await expect(dnsRow.getByRole("button", { name: "Check DNS record" })).toBeVisible();
  await axeClean(page);
  await shoot(page, "sso-domains", '[data-testid="sso-domains"]');

  // a colleague at the domain signs in through the provider and joins as a Member
  const colleague = `pat-${tag}`;
  idp.accounts.set(colleague, {
    claims: { email: `pat@${domain}`, email_verified: true, name: "Pat Example" },
    amr: ["pwd", "otp"],
  });
  idp.signInAs(colleague);
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await other.goto("/login");
    await other.getByRole("button", { name: "Sign in with Loopback IdP" }).click();
    await expect(other).toHaveURL(/\/dashboard(\/requests)?$/, { timeout: 20_000 });
    await expect(other.getByText(`pat@${domain}`).first()).toBeVisible();
  } finally {
    await context.close();
  }
  await page.goto("/dashboard/team");
  await expect(page.getByLabel(`Role of pat@${domain}`)).toHaveValue("member");
});
