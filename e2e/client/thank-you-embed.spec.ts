// The client's side of the polish: the thank-you page sums up what was shared and with
// whom, in the client's language (English and Spanish), with platform marks; and the
// embed sizes its iframe to its content through postMessage. Desktop and phone widths,
// with the accessibility check.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { axeFor } from "../fixtures/axe";
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";
import { confirmInviteInDashboard } from "../fixtures/agency-actions";

let host: http.Server;
let hostOrigin: string;

test.beforeAll(async () => {
  // another site framing the embed with the README's snippet
  host = http.createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://x").searchParams.get("src");
    if (!src) return void res.writeHead(404).end();
    const origin = new URL(src).origin;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><head><title>Agency site</title></head><body><h1>Agency site</h1>
      <iframe id="access-request" src="${src.replace(/"/g, "&quot;")}" title="Grant access" width="100%" height="760" style="border:0"></iframe>
      <script>
      window.addEventListener("message", function (e) {
        if (e.origin !== "${origin}" || !e.data || e.data.type !== "access-request.resize") return;
        document.getElementById("access-request").style.height = e.data.height + "px";
      });
      </script></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => host.close(() => resolve()));
});

async function newRequest(baseURL: string, language: string) {
  const seeded = await seedAgency({ platforms: ["hubspot"] });
  const client = await api<{ data: { id: string } }>(baseURL, seeded.apiKey, "POST", "/clients", {
    name: "Lucía Cliente",
    email: "lucia@cliente.test",
    language,
  });
  const created = await api<{ data: { id: string; inviteUrl: string; embedUrl: string } }>(
    baseURL,
    seeded.apiKey,
    "POST",
    "/requests",
    {
      clientId: client.body.data.id,
      requestedServices: {
        hubspot_portal: {
          accessLevel: "standard",
          requestedAccountLinks: [{ internalAccountId: seeded.accounts.hubspot }],
        },
      },
    },
  );
  expect(created.status).toBe(201);
  return { ...created.body.data, seeded };
}

async function expectAccessible(page: Page) {
  const result = await axeFor(page).analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

const WORDS = {
  English: {
    sent: "I've sent the invite",
    heading: /^What you shared with E2E Agency/,
    granted: "HubSpot Account on HubSpot",
  },
  Spanish: {
    sent: "Ya he enviado la invitación",
    heading: /^Lo que has compartido con E2E Agency/,
    granted: "en HubSpot",
  },
} as const;

for (const width of [1280, 375]) {
  for (const language of ["English", "Spanish"] as const) {
    test(`the thank-you page sums up what was shared (${language}, ${width} px)`, async ({
      page,
      baseURL,
      browser,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const request = await newRequest(baseURL!, language);
      await page.goto(request.inviteUrl);
      await expect(page.locator('[data-platform-logo="hubspot"]').first()).toBeVisible();
      await page.locator('[data-service="hubspot_portal"]').getByRole("button", { name: WORDS[language].sent }).click();
      // the agency confirms every invite the client says they sent; then the request is done
      await expect(page.getByTestId("share-summary")).toHaveCount(0);
      await confirmInviteInDashboard(browser, {
        email: request.seeded.email,
        password: request.seeded.password,
        requestId: request.id,
        serviceId: "hubspot_portal",
      });
      await page.goto(request.inviteUrl);
      const summary = page.getByTestId("share-summary");
      await expect(summary.getByRole("heading")).toHaveText(WORDS[language].heading);
      await expect(summary.locator('[data-summary="granted"]')).toContainText(WORDS[language].granted);
      await expect(summary.locator('[data-platform-logo="hubspot"]')).toBeVisible();
      await expectAccessible(page);
    });
  }
}

test("the embed sizes its iframe to its content", async ({ page, baseURL }) => {
  const request = await newRequest(baseURL!, "English");
  await page.goto(`${hostOrigin}/?src=${encodeURIComponent(request.embedUrl)}`);
  const frame = page.frameLocator("#access-request");
  await expect(frame.getByRole("heading", { level: 1 })).toBeVisible();
  // the page asks for one service: far shorter than the 760 px it starts with
  await expect
    .poll(async () => page.locator("#access-request").evaluate((el) => el.getBoundingClientRect().height))
    .toBeLessThan(740);
  const contentHeight = await frame.locator("main").evaluate((el) => Math.ceil(el.getBoundingClientRect().bottom));
  const frameHeight = await page.locator("#access-request").evaluate((el) => el.getBoundingClientRect().height);
  expect(Math.abs(frameHeight - contentHeight)).toBeLessThanOrEqual(2);
});
