// The journey model's browser part: Debian's Chromium through playwright-core, for what lives
// in the browser when JavaScript is on. It opens every client page a journey visited, runs axe
// on each, reads the page's language and offers from the live DOM (the same rules as the HTTP
// checks, over the rendered HTML), and on a request whose intake is still open, submits the
// intake with a required answer left empty and checks the typed answers stay in the form.
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser } from "@playwright/test";
import { checkPagesBefore, languageViolations } from "@/test/support/journey-model/checks";
import type { JourneyRun } from "@/test/support/journey-model/http-driver";
import type { JourneyModel } from "@/test/support/journey-model/model";
import { languageToLocale } from "@/lib/infra/i18n/dictionary";

let browser: Browser | null = null;

async function launch(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  return browser;
}

export async function closeBrowser() {
  await browser?.close();
  browser = null;
}

export async function browserPass(base: string, run: JourneyRun, model: JourneyModel): Promise<string[]> {
  const out: string[] = [];
  const locale = languageToLocale(model.language);
  const context = await (await launch()).newContext({ locale: "en-US", viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    for (const path of [...new Set(run.visited)]) {
      await page.goto(`${base}${path}`);
      const name = `${path.startsWith(`/i/${run.token}`) ? "the client's" : "a"} page ${path.replace(/\/i\/[^/]+/, "/i/…")} in Chromium`;
      const axe = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
      for (const v of axe.violations)
        out.push(
          `${name}: accessibility: ${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join("; ")}`,
        );
      const html = await page.content();
      out.push(...languageViolations(locale, name, html, { page: true }));
      // the client's own open page: what it offers, as the browser renders it
      if (path === `/i/${run.token}` && !html.includes('data-final-state="completed"'))
        out.push(
          ...checkPagesBefore(model, [{ name, viewer: "client", html }], run.people).filter(
            (v) => !v.includes(": language:"),
          ),
        );
    }
    // the intake with JavaScript: a refused submit keeps every typed answer in place
    if (model.intake === "not_answered" || model.intake === "refused") {
      await page.goto(`${base}/i/${run.token}`);
      const form = page.locator('form[action$="/intake"]');
      const fields = form.locator(
        'input[name^="q."]:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea[name^="q."]',
      );
      const n = await fields.count();
      let leftEmpty = false;
      const typed: [string, string][] = [];
      for (let i = 0; i < n; i++) {
        const field = fields.nth(i);
        const name = (await field.getAttribute("name"))!;
        if (!leftEmpty && (await field.getAttribute("required")) !== null) {
          leftEmpty = true;
          await field.fill("");
          continue;
        }
        const type = await field.getAttribute("type");
        const value =
          type === "email" ? `typed${i}@client.test` : type === "url" ? `https://client.test/t${i}` : `Typed ${i}`;
        await field.fill(value);
        typed.push([name, value]);
      }
      if (leftEmpty) {
        // the browser's own required check would stop the submit before the script: lift it, as the server must refuse too
        await form.evaluate((f) => f.setAttribute("novalidate", ""));
        await form.locator('button[type="submit"]').click();
        await page.locator("[data-form-error]").first().waitFor({ state: "attached" });
        await page.waitForLoadState("networkidle");
        for (const [name, value] of typed)
          if ((await form.locator(`[name="${name}"]`).inputValue()) !== value)
            out.push(
              `the intake form in Chromium: intake: the answer to ${name} ("${value}") was lost after a refused submit`,
            );
        const axe = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
        for (const v of axe.violations)
          out.push(`the refused intake form in Chromium: accessibility: ${v.id} (${v.impact}): ${v.help}`);
      }
    }
  } finally {
    await context.close();
  }
  return out;
}
