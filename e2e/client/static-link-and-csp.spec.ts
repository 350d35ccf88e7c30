// The static link's abuse limits and the security headers in real Chromium against the built app: pages run under the
// nonce-based Content-Security-Policy with no violation (the static link form, the
// dashboard's prospects list), the static link form posts with its signed form token and
// a repeat of the same email is told to use the link sent by email, the agency deletes the junk
// prospect, and a server action from another origin answers 403.
import { expect, test, type Page } from "@playwright/test";
import { seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";

test.describe.configure({ timeout: 120_000 });

function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test("the static link under the CSP: a nonce on every script, the form token, one prospect per email, deleting it", async ({
  page,
  baseURL,
}) => {
  const agency = await seedAgency({ platforms: ["meta"] });
  const violations = watchCsp(page);
  await signInToDashboard(page, agency.email, agency.password);
  await page.goto("/dashboard/static-link");
  const linkUrl = new URL((await page.getByTestId("static-link-url").textContent())!.trim());
  await page.locator('[data-service="meta_ads"]').getByLabel("Meta Ad Account", { exact: true }).check();
  await page.getByRole("button", { name: "Save static link" }).click();
  await expect(page.getByText("Static link saved.")).toBeVisible();

  const visitor = await page.context().browser()!.newContext();
  const client = await visitor.newPage();
  const clientViolations = watchCsp(client);
  const res = await client.goto(linkUrl.pathname);
  const csp = res!.headers()["content-security-policy"]!;
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("'unsafe-inline' 'strict-dynamic'");
  // every script the server sent carries this response's nonce
  const scripts = await client.locator("script").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((n) => n === nonce)).toBe(true);
  // plain HTML: none of them is the framework's
  await expect(client.locator('script[src*="/_next/"]')).toHaveCount(0);

  const start = async () => {
    await client.getByLabel("Name", { exact: true }).fill("Junk Visitor");
    await client.getByLabel("Email", { exact: true }).fill("junk@prospect.test");
    await client.getByRole("button", { name: "Start" }).click();
  };
  await start();
  await expect(client).toHaveURL(/\/i\/[A-Za-z0-9_-]+/);
  // the same email again: told to use the link sent by email, never taken to that request
  await client.goto(linkUrl.pathname);
  await start();
  await expect(client.getByRole("heading", { name: "Check your email" })).toBeVisible();
  expect(new URL(client.url()).pathname).toBe(linkUrl.pathname);
  expect(clientViolations).toEqual([]);
  await visitor.close();

  await page.goto("/dashboard/clients");
  await page.getByRole("button", { name: "Prospects" }).click();
  await expect(page.getByTestId("client-row")).toHaveCount(1);
  page.once("dialog", (d) => d.accept());
  await page.getByRole("button", { name: "Delete prospect Junk Visitor" }).click();
  await expect(page.getByText("No prospects yet")).toBeVisible();
  expect(violations).toEqual([]);

  // a server action posted from another site: 403, not a 500
  const forged = await fetch(`${baseURL}/dashboard/clients`, {
    method: "POST",
    headers: {
      "next-action": "0".repeat(40),
      origin: "http://evil.example",
      "content-type": "text/plain;charset=UTF-8",
    },
    body: "[]",
  });
  expect(forged.status).toBe(403);
  // and posted as a plain form, without the header (a cross-site <form method="post">)
  const form = new FormData();
  form.set("$ACTION_ID_" + "0".repeat(40), "");
  const plain = await fetch(`${baseURL}/dashboard/clients`, {
    method: "POST",
    headers: { origin: "http://evil.example" },
    body: form,
  });
  expect(plain.status).toBe(403);
});

test("the embed pages may be framed by any site; the others by none", async ({ request }) => {
  const embed = await request.get("/embed/unknown-token-unknown-token-00");
  expect(embed.headers()["content-security-policy"]).toContain("frame-ancestors *");
  const login = await request.get("/login");
  expect(login.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(login.headers()["x-frame-options"]).toBe("DENY");
});
