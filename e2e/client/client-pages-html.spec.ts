// The client pages are plain HTML: no framework runtime, at most 15 KB of gzipped script
// in all, each script from public/client/ with the page's nonce; and with JavaScript off a
// client goes from the invite to the thank-you on the sandbox platform, the sign-in in
// the same tab. The stylesheet is our own file (public/client/client.css, built with the app),
// and "Print" on the client's access page is a script's button, shown only when it can print.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test, type Page, type Request } from "@playwright/test";
import { admin, api, seedAgency } from "../fixtures/admin";

const SCRIPT_BUDGET = 15 * 1024;

async function newRequest(baseURL: string, opts: { intake?: boolean } = {}) {
  const seeded = await seedAgency({ platforms: ["meta"] });
  if (opts.intake)
    await admin("intake", "set", "--agency", seeded.agencyId, "--enabled", "true", "--question", "Your website?");
  const client = await api<{ data: { id: string } }>(baseURL, seeded.apiKey, "POST", "/clients", {
    name: "Client",
    email: "client@example.test",
    language: "English",
  });
  const created = await api<{ data: { id: string; inviteUrl: string; embedUrl: string } }>(
    baseURL,
    seeded.apiKey,
    "POST",
    "/requests",
    {
      clientId: client.body.data.id,
      requestedServices: {
        meta_ads: { accessLevel: "analyst", requestedAccountLinks: [{ internalAccountId: seeded.accounts.meta }] },
      },
      ...(opts.intake ? { intakeForm: { requested: true } } : {}),
    },
  );
  expect(created.status).toBe(201);
  return { seeded, request: created.body.data };
}

/** Loads the page and returns the gzipped size of each script it asked for, by path. */
async function scriptsOf(page: Page, url: string): Promise<Map<string, number>> {
  const requested = new Set<string>();
  const onRequest = (req: Request) => {
    if (req.resourceType() === "script") requested.add(req.url());
  };
  page.on("request", onRequest);
  await page.goto(url);
  await page.waitForLoadState("load");
  page.off("request", onRequest);
  const scripts = new Map<string, number>();
  for (const src of requested) {
    const res = await page.request.get(src);
    expect(res.status(), src).toBe(200);
    scripts.set(new URL(src).pathname, gzipSync(await res.body()).length);
  }
  // every script element is one of ours, loaded with a nonce: nothing inline, nothing else
  const elements = await page
    .locator("script")
    .evaluateAll((els) => els.map((el) => ({ src: el.getAttribute("src"), nonce: (el as HTMLScriptElement).nonce })));
  for (const el of elements) {
    expect(el.src).toMatch(/^\/client\/[a-z-]+\.js$/);
    expect(el.nonce).not.toBe("");
  }
  return scripts;
}

test("client pages load no framework script and at most 15 KB of gzipped script", async ({ page, baseURL }) => {
  const { request } = await newRequest(baseURL!, { intake: true });
  const pages = [request.inviteUrl, request.embedUrl, `${request.inviteUrl}?notice=granted`];
  const seen = new Map<string, number>();
  for (const url of pages) {
    const scripts = await scriptsOf(page, url);
    expect(
      [...scripts.keys()].filter((p) => p.startsWith("/_next/")),
      url,
    ).toEqual([]);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Grant access to E2E Agency/);
    for (const [p, size] of scripts) seen.set(p, size);
  }
  // the embed's and the forms' scripts were among them
  expect([...seen.keys()]).toEqual(expect.arrayContaining(["/client/embed-frame.js", "/client/enhance-form.js"]));
  // and every script the client pages can load, all together, fits the budget
  const dir = path.join(process.cwd(), "public/client");
  const total = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".js"))
    .reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dir, f))).length, 0);
  expect(total).toBeLessThanOrEqual(SCRIPT_BUDGET);

  // an unknown link is a 404 with the same plain words on every client page, in the browser's language
  for (const prefix of ["/i", "/embed", "/l", "/r"]) {
    const res = await page.request.get(`${prefix}/not-a-real-link-token-000`, { headers: { "accept-language": "nl" } });
    expect(res.status(), prefix).toBe(404);
    const html = await res.text();
    expect(html, prefix).toContain('<html lang="nl">');
    expect(html, prefix).toContain("Link niet gevonden");
    expect(html, prefix).not.toMatch(/<script[^>]*\/_next\//);
  }
});

test("client pages link their own stylesheet, and Print prints where scripts run", async ({ page, baseURL }) => {
  const { request } = await newRequest(baseURL!);
  await page.goto(request.inviteUrl);
  const sheets = await page
    .locator('link[rel="stylesheet"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute("href")));
  expect(sheets).toEqual(["/client/client.css"]);
  const css = await page.request.get("/client/client.css");
  expect(css.status()).toBe(200);
  expect(css.headers()["content-type"]).toMatch(/^text\/css/);
  // styled by it: the heading is Tailwind's text-2xl (24 px), not the browser's 2em (32 px)
  expect(await page.getByRole("heading", { level: 1 }).evaluate((h) => getComputedStyle(h).fontSize)).toBe("24px");

  await page.goto(`${request.inviteUrl}/access`);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole("button", { name: "Print this list" }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a client grants access from the invite to the thank-you, the sign-in in the same tab", async ({
    page,
    baseURL,
  }) => {
    const { seeded, request } = await newRequest(baseURL!);
    await page.goto(request.inviteUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Grant access to E2E Agency/);
    await page.locator('[data-service="meta_ads"]').getByRole("link", { name: "Grant access" }).click();
    await page.getByRole("button", { name: "Allow" }).click();
    await page.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Grant access" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Thank you! E2E Agency/);
    expect(page.url()).toContain(new URL(request.inviteUrl).pathname);
    const view = await api<{ data: { status: string } }>(baseURL!, seeded.apiKey, "GET", `/requests/${request.id}`);
    expect(view.body.data.status).toBe("completed");
  });

  test("the client's access page offers no Print button that would do nothing", async ({ page, baseURL }) => {
    const { request } = await newRequest(baseURL!);
    await page.goto(`${request.inviteUrl}/access`);
    await expect(page.getByRole("link", { name: "Back to the request" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Print this list" })).toHaveCount(0);
  });
});
