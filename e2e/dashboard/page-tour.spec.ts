// The page tour: the demo agency's owner visits every dashboard page reachable from the
// navigation (and the detail pages, tabs, folded details, dialogs, the client's edit form
// and the embed snippet those pages link to or open), then every client page in each state
// the demo data holds: the invite link and the embed of the pending, in-progress,
// completed, expired and cancelled requests, the preview of a request, the static link
// form and the pages of links that do not exist, in English, Spanish and Dutch. At 1280
// and 375 px. Each page fails the tour on code or raw values on screen, English on a
// Spanish or Dutch page, a page wider than the viewport, an axe violation or a console
// error (e2e/fixtures/page-checks.ts); every page's screenshot is kept under
// test-results/page-tour/. A new page joins by being linked from the navigation or from a
// page the tour already visits (the crawl, e2e/fixtures/dashboard-crawl.ts, is shared with the form
// tour, e2e/dashboard/form-tour.spec.ts, which submits the forms on these pages). What a page shows does not depend on the database mode:
// CI runs the tour (tag @page-tour) with the other journeys once, on PostgreSQL
// (docs/decisions/0002-one-browser-pass.md).
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { api } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";
import { crawlDashboard, kindOf, settle, withContext } from "../fixtures/dashboard-crawl";
import { seedDemoAgency, type DemoAgency, type DemoState } from "../fixtures/demo-agency";
import { SCREENSHOT_DIR, checkPage, watchConsole, type TourLanguage, type TourProblem } from "../fixtures/page-checks";

// a 2-core runner visits about one page a second, with axe and a screenshot each; the tour's
// budget leaves room for a loaded one. Its four tests are the longest of the browser pass: they
// run side by side on the workers there are (each worker seeds its own demo agency), and
// playwright.config.ts queues them before the other journeys.
test.describe.configure({ mode: "parallel", timeout: 720_000 });

const WIDTHS = [1280, 375] as const;
const LANGUAGES: [TourLanguage, string][] = [
  ["en", "English"],
  ["es", "Spanish"],
  ["nl", "Dutch"],
];
let demo: DemoAgency;
let staticLinkPath: string;
/** The dialogs the tour has opened (per kind of page; the demo banner's once). */
const dialogsSeen = new Set<string>();

/** The problems as lines, also kept beside the screenshots (test-results/page-tour/problems.txt). */
function report(problems: TourProblem[]): string[] {
  const lines = problems.map((p) => `${p.page}: ${p.problem}`);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  fs.appendFileSync(path.join(SCREENSHOT_DIR, "problems.txt"), lines.map((l) => `${l}\n`).join(""));
  return lines;
}

test.beforeAll(async ({ browser }) => {
  demo = await seedDemoAgency();
  // the static link, asking for one service, so its form shows
  await withContext(browser, 1280, async (page) => {
    await signInToDashboard(page, demo.email, demo.password);
    await page.goto("/dashboard/static-link");
    staticLinkPath = new URL((await page.getByTestId("static-link-url").textContent())!.trim()).pathname;
    await page.locator('[data-service="meta_ads"]').getByLabel("Meta Ad Account", { exact: true }).check();
    await page.getByRole("button", { name: "Save static link" }).click();
    await expect(page.getByText("Static link saved.")).toBeVisible();
  });
});

for (const width of WIDTHS) {
  test(`every dashboard page reads as words for people (${width} px)`, { tag: "@page-tour" }, async ({ browser }) => {
    dialogsSeen.clear();
    const problems = await withContext(browser, width, async (page) => {
      const found: TourProblem[] = [];
      const console = watchConsole(page);
      await signInToDashboard(page, demo.email, demo.password);
      const check = async (name: string, target: Page = page, errors = console) => {
        const waiting = await settle(target);
        found.push(...waiting.map((problem) => ({ page: name, problem })));
        const eventNames = name.startsWith("/dashboard/webhooks");
        found.push(...(await checkPage(target, { name, language: "en", consoleErrors: errors.take(), eventNames })));
      };

      // the navigation lists the pages; the pages link to the rest (e2e/fixtures/dashboard-crawl.ts)
      const seen = await crawlDashboard(page, async (href) => {
        await check(href);
        await exploreStates(page, href, check);
      });
      // every request of the demo data was reached through the pages
      for (const id of Object.values(demo.requests))
        expect(seen.has(`/dashboard/requests/${id}`), `request ${id} reached`).toBe(true);
      return found;
    });
    expect(report(problems)).toEqual([]);
  });

  test(
    `every client page in every state reads in the client's language (${width} px)`,
    { tag: "@page-tour" },
    async ({ browser, baseURL }) => {
      const links: Record<DemoState, { inviteUrl: string; embedUrl: string; clientId: string }> = {} as never;
      for (const [state, id] of Object.entries(demo.requests) as [DemoState, string][]) {
        const res = await api<{ data: { inviteUrl: string; embedUrl: string; clientId: string } }>(
          baseURL!,
          demo.apiKey,
          "GET",
          `/requests/${id}`,
        );
        expect(res.status).toBe(200);
        links[state] = res.body.data;
      }
      const problems: TourProblem[] = [];
      for (const [language, languageName] of LANGUAGES) {
        for (const { clientId } of Object.values(links)) {
          expect(
            (await api(baseURL!, demo.apiKey, "PATCH", `/clients/${clientId}`, { language: languageName })).status,
          ).toBe(200);
        }
        problems.push(
          ...(await withContext(
            browser,
            width,
            async (page) => {
              const found: TourProblem[] = [];
              const console = watchConsole(page);
              const visit = async (name: string, path: string) => {
                await page.goto(path);
                await settle(page);
                const lang = await page.locator("html").getAttribute("lang");
                if (lang !== language)
                  found.push({ page: `${name} (${width} px, ${language})`, problem: `<html lang="${lang}">` });
                found.push(...(await checkPage(page, { name, language, consoleErrors: console.take() })));
              };
              for (const [state, link] of Object.entries(links)) {
                await visit(`invite ${state}`, new URL(link.inviteUrl).pathname);
                await visit(`embed ${state}`, new URL(link.embedUrl).pathname);
              }
              await visit("static link", `${staticLinkPath}?lang=${language}`);
              const missing = "A".repeat(43);
              await visit("invite not found", `/i/${missing}`);
              await visit("static link not found", `/l/${missing}?lang=${language}`);
              // a removal link needs a platform whose removal takes the client's sign-in, which the
              // sandbox has none of: its page is covered by e2e/client/removal-link-real.spec.ts
              await visit("removal link not found", `/r/${missing}`);
              return found;
            },
            language,
          )),
        );
      }
      expect(report(problems)).toEqual([]);
    },
  );
}

/** The states a page can show beyond its first view: tabs, folded details, dialogs with data. */
async function exploreStates(
  page: Page,
  href: string,
  check: (name: string, target?: Page, errors?: { take(): string[] }) => Promise<void>,
) {
  const kind = kindOf(href);
  const main = page.locator("main");
  // the API reference's tabs are code samples per language and response: its first view is checked
  const tabs =
    kind === "/dashboard/developers" ? [] : (await main.locator("[role=tab][aria-selected=false]").all()).slice(0, 4);
  for (const tab of tabs) {
    const name = (await tab.textContent())?.trim();
    await tab.click();
    await check(`${href} tab ${name}`);
  }
  if ((await main.locator("details:not([open])").count()) > 0) {
    await main
      .locator("details:not([open]) > summary")
      .evaluateAll((els) => els.forEach((s) => ((s.parentElement as HTMLDetailsElement).open = true)));
    await check(`${href} details opened`);
  }
  // each dialog the page opens (a confirmation names what it is about), once per kind of page,
  // then closed with Escape: nothing is confirmed
  for (const opener of await main.locator("button[aria-haspopup=dialog]:visible:enabled").all()) {
    const name = (await opener.textContent())?.trim() ?? "";
    const key = (await opener.evaluate((el) => !!el.closest("[data-testid=demo-data-banner]")))
      ? name
      : `${kind} ${name}`;
    if (dialogsSeen.has(key)) continue;
    dialogsSeen.add(key);
    await opener.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await check(`${href} dialog ${name}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
  if (kind === "/dashboard/clients/:id" && (await main.getByRole("button", { name: "Edit client" }).count())) {
    // the client's details in the edit form: its language and website as chosen
    await main.getByRole("button", { name: "Edit client" }).click();
    await check(`${href} edit client`);
    await main.getByRole("button", { name: "Cancel", exact: true }).click();
  }
  if (
    kind === "/dashboard/requests/:id" &&
    !dialogsSeen.has("embed") &&
    (await main.getByRole("button", { name: "Embed", exact: true }).count())
  ) {
    // the invite link's embed snippet, opened under the link (the same on every request: once)
    dialogsSeen.add("embed");
    await main.getByRole("button", { name: "Embed", exact: true }).first().click();
    await check(`${href} embed`);
  }
  if (kind === "/dashboard/mailbox") {
    // the first email, opened beside the list
    const email = main.locator("button[aria-pressed]").first();
    if (await email.count()) {
      await email.click();
      // its text (the HTML view is the email's own document, in a sandboxed frame axe cannot enter)
      await page.getByRole("button", { name: "Text", exact: true }).click();
      await expect(page.getByTestId("email-text")).toBeVisible();
      await check(`${href} email`);
    }
  }
  // read without waiting: a request page that says "Request not found" has no status
  const status = page.getByTestId("request-status");
  if (
    kind === "/dashboard/requests/:id" &&
    (await status.count()) > 0 &&
    (await status.first().textContent())?.includes("In progress")
  ) {
    // what the client sees, as the team previews it
    const [preview] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("button", { name: "Preview as client" }).click(),
    ]);
    const errors = watchConsole(preview);
    await preview.waitForURL(/\/i\//);
    await check(`${href} preview as client`, preview, errors);
    await preview.close();
  }
}
