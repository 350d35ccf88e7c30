// The form tour: beside the page tour, the demo agency's owner visits the same dashboard
// pages (e2e/fixtures/dashboard-crawl.ts) and submits every form in `main` and every form
// in a dialog a page opens (button[aria-haspopup=dialog]) or that a button shows in place
// (button[data-reveals-form]: a new such button must carry it): once with an invalid value (a
// required field left empty, or a wrong value in a typed field: `not-an-email`), at 1280
// and 375 px (one test per width), and once with valid values at 1280 px. Fields are found and filled by their
// type, label, `required`, `pattern` and `min`/`max`, so a new form joins by being on a page
// the tour visits. After each submit the tour fails on: the URL carrying the form's fields (a
// native GET submit: a form nested in another, or one without a handler), a valid submit
// that changes nothing on the page (no message, no navigation, no closed dialog, no new
// value shown) or that is refused, an invalid submit whose error is not in the viewport or
// not announced (role="alert", or the focus on the invalid field or the error: the browser's
// own validation focuses the first invalid field), a response >= 500, or a console error.
// Every problem is a line naming the page and the form (also kept in
// test-results/page-tour/problems.txt); the test fails with the whole list. A form is
// submitted once per kind of page (the second client's page has the same forms).
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInToDashboard } from "../fixtures/agency-actions";
import { crawlDashboard, kindOf, settle, withContext } from "../fixtures/dashboard-crawl";
import { seedDemoAgency, type DemoAgency } from "../fixtures/demo-agency";
import { SCREENSHOT_DIR, watchConsole, type TourProblem } from "../fixtures/page-checks";

// each test submits every dashboard form on every page: about 3 minutes on a quiet 2-core machine,
// with room for a loaded one (the limit, not a target)
test.describe.configure({ mode: "parallel", timeout: 480_000 });
// a field or button that never answers is a problem of its own, not a wait until the test's end
test.use({ actionTimeout: 10_000 });

/**
 * Forms whose valid submit ends the tour or changes what other journeys share: their invalid
 * submit still runs (it changes nothing), their valid one does not. Keyed by the form's
 * submit button. Signing out, deleting the agency and turning on two-factor sign-in are buttons
 * and dialogs without a form: the tour opens their dialogs (page tour) but submits no form there.
 */
const NOT_SUBMITTED_VALID: [RegExp, string][] = [
  // the owner's password: the tour signs in with it (e2e/dashboard/flow-workflow.spec.ts changes it)
  [/^Change password$/, "changes the password the tour signs in with"],
  // two-factor sign-in for the owner the tour signs in as (e2e/dashboard/flow-workflow.spec.ts turns it on)
  [/^Turn on$/, "turns on two-factor sign-in for the owner the tour signs in as"],
];
/**
 * Pages whose forms change what the whole installation shares (a platform's app credentials,
 * staff sign-in), which the journeys running beside the tour read: only their invalid submits
 * run here; e2e/dashboard/going-live.spec.ts and staff-sign-in.spec.ts save
 * them, alone, in the instance-wide project.
 */
const INSTANCE_WIDE_PAGES = /^\/dashboard\/instance\//;

/**
 * Where the generic filler cannot know what is valid: a value for a field, by its label. A
 * new form rarely needs one (a field's type, label and pattern usually say it all).
 */
const RECIPES: [RegExp, (tag: string) => string][] = [
  // a domain the agency claims for single sign-on: unique per run, never the owner's own
  [/domain/i, (tag) => `tour-${tag}.example.com`],
  [/colou?r/i, () => "#336699"],
  [/hostname|host name/i, (tag) => `tour-${tag}.example.com`],
  // a webhook's receiver must be reachable: the app itself, as the tests allow loopback
  // receivers (WEBHOOK_ALLOW_LOOPBACK=1 in playwright.config.ts)
  [/endpoint url/i, (tag) => `${baseURL}/api/health?tour=${tag}`],
  // so must the Notifications page's Slack and Teams URLs (example.com does not resolve in tests)
  [/webhook url/i, (tag) => `${baseURL}/api/health?tour=${tag}`],
  // a business is named by its number in the platform's business settings
  [/business id/i, () => "770000000009"],
];

/**
 * The page's requests in flight: `quiet()` resolves once none has been for a moment (a submit
 * that sends nothing, refused by the browser or by the page's own checks, is quiet at once).
 */
function trackRequests(page: Page) {
  let inFlight = 0;
  let last = Date.now();
  let documents: string[] = [];
  page.on("request", (r) => {
    inFlight++;
    last = Date.now();
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(r.url());
  });
  const finished = () => {
    inFlight--;
    last = Date.now();
  };
  page.on("requestfinished", finished);
  page.on("requestfailed", finished);
  return {
    /** The pages the tab loaded since the last call. */
    documents() {
      const out = documents;
      documents = [];
      return out;
    },
    quiet: () =>
      new Promise<void>((resolve) => {
        const started = Date.now();
        last = Math.max(last, started);
        const tick = () => {
          if ((inFlight <= 0 && Date.now() - last >= 150) || Date.now() - started > 15_000) resolve();
          else setTimeout(tick, 25);
        };
        tick();
      }),
  };
}

/** The forms of a page, once `markForeignForms` has run. */
const FORMS = "form:not([data-tour-skip])";

/** The API reference is the vendored Scalar renderer (public/vendor/scalar): its forms are not ours. */
async function markForeignForms(scope: Locator) {
  await scope
    .locator("[data-testid=api-reference] form")
    .evaluateAll((forms) => forms.forEach((f) => f.setAttribute("data-tour-skip", "")));
}

/**
 * Forms that need a step the generic filler cannot take before their valid submit, keyed by
 * the form's submit button.
 */
const FORM_RECIPES: [RegExp, (form: Locator) => Promise<void>][] = [
  // a request is for a client chosen from a search list (buttons), not a field, and asks for a
  // service the demo agency has an account for
  [
    /^Create request$/,
    async (form) => {
      await form.getByRole("list", { name: "Matching clients" }).getByRole("button").first().click();
      await form.locator('[data-service="meta_ads"]').getByLabel("Meta Ad Account", { exact: true }).check();
    },
  ],
];

let demo: DemoAgency;
let tag: string;
let baseURL: string;

test.beforeAll(async ({ baseURL: base }) => {
  baseURL = base!;
  demo = await seedDemoAgency();
  tag = Date.now().toString(36);
});

interface FieldInfo {
  i: number;
  tag: string;
  type: string;
  name: string;
  label: string;
  required: boolean;
  pattern: string | null;
  min: string | null;
  max: string | null;
  value: string;
  checked: boolean;
  group: string;
}

/** Marks the form's fields (data-tour-field) and describes them. */
async function describeFields(form: Locator): Promise<FieldInfo[]> {
  return form.evaluate((f) => {
    const out: FieldInfo[] = [];
    const controls = Array.from(f.querySelectorAll<HTMLInputElement>("input, select, textarea"));
    controls.forEach((el, i) => {
      el.setAttribute("data-tour-field", String(i));
      const type = el.tagName === "INPUT" ? el.type : el.tagName.toLowerCase();
      if (["hidden", "submit", "button", "reset", "file", "image"].includes(type)) return;
      if (el.matches(":disabled") || el.readOnly || !el.checkVisibility()) return;
      const labels = el.labels ? Array.from(el.labels).map((l) => l.textContent ?? "") : [];
      const label = [el.getAttribute("aria-label") ?? "", ...labels, el.getAttribute("placeholder") ?? ""]
        .join(" ")
        .replace(/\s+/g, " ")
        .trim();
      out.push({
        i,
        tag: el.tagName.toLowerCase(),
        type,
        name: el.name || el.id,
        label,
        required: el.required || el.getAttribute("aria-required") === "true",
        pattern: el.getAttribute("pattern"),
        min: el.getAttribute("min"),
        max: el.getAttribute("max"),
        value: el.value,
        checked: el.checked,
        group: el.closest("fieldset")?.querySelector("legend")?.textContent ?? el.name,
      });
    });
    return out;
  });
}

/** A valid value for a text-like field, from its type and label. */
function validValue(field: FieldInfo, n: number): string {
  const label = field.label.toLowerCase();
  const recipe = RECIPES.find(([re]) => re.test(label));
  if (recipe) return recipe[1](tag);
  const inFuture = new Date(Date.now() + 14 * 86_400_000).toISOString();
  switch (field.type) {
    case "email":
      return `tour-${tag}-${n}@example.com`;
    case "url":
      return /logo|image|icon/.test(label) ? "https://example.com/logo.png" : `https://example.com/tour-${tag}-${n}`;
    case "number": {
      const min = field.min ? Number(field.min) : 1;
      const max = field.max ? Number(field.max) : min + 10;
      return String(Math.min(Math.max(min, 1), max));
    }
    case "tel":
      return "+1 555 0100";
    case "date":
      return inFuture.slice(0, 10);
    case "datetime-local":
      return inFuture.slice(0, 16);
    case "time":
      return "09:30";
    case "password":
      return `Tour-${tag}-Secret1`;
    case "color":
      return "#336699";
  }
  if (/e-?mail/.test(label)) return `tour-${tag}-${n}@example.com`;
  if (/website|\burl\b|address of|link/.test(label)) return `https://example.com/tour-${tag}-${n}`;
  if (/phone/.test(label)) return "+1 555 0100";
  if (/name/.test(label)) return `Tour ${tag} ${n}`;
  return `Tour value ${n}`;
}

/** A wrong value for a typed field, or null when its type takes any text. */
function wrongValue(field: FieldInfo): string | null {
  if (field.type === "email") return "not-an-email";
  if (field.type === "url") return "not a url";
  if (field.type === "number" && field.max) return String(Number(field.max) + 1);
  if (field.type === "number" && field.min) return String(Number(field.min) - 1);
  if (field.pattern) return "!";
  return null;
}

/** Fills every empty field with a valid value; returns the values typed. */
async function fillValid(form: Locator, fields: FieldInfo[]): Promise<string[]> {
  const typed: string[] = [];
  const groupsChecked = new Set(fields.filter((f) => f.checked).map((f) => f.group));
  for (const [n, f] of fields.entries()) {
    const el = form.locator(`[data-tour-field="${f.i}"]`);
    // a field an earlier choice replaced or hid
    if (!(await el.isVisible())) continue;
    if (f.type === "checkbox") {
      // a required box, or the first of a group where nothing is chosen (services, events)
      if (
        !f.checked &&
        (f.required || (f.group && !groupsChecked.has(f.group) && fields.some((o) => o !== f && o.group === f.group)))
      ) {
        await el.check();
        groupsChecked.add(f.group);
      }
      continue;
    }
    if (f.type === "radio") {
      if (!groupsChecked.has(f.group)) {
        await el.check();
        groupsChecked.add(f.group);
      }
      continue;
    }
    if (f.tag === "select") {
      if (f.value === "") {
        const option = await el.evaluate(
          (s: HTMLSelectElement) => Array.from(s.options).find((o) => o.value !== "" && !o.disabled)?.value,
        );
        if (option !== undefined) await el.selectOption(option);
      }
      continue;
    }
    if (f.value !== "" || f.type === "range") continue;
    const value = validValue(f, n);
    await el.fill(value);
    typed.push(value);
  }
  return typed;
}

/** Breaks one field: a required one left empty, or a typed one given a wrong value. Returns what was done. */
async function fillInvalid(form: Locator, fields: FieldInfo[]): Promise<string | null> {
  const textLike = (f: FieldInfo) => !["checkbox", "radio", "select", "range", "color"].includes(f.type);
  const required = fields.find((f) => f.required && textLike(f));
  if (required) {
    await form.locator(`[data-tour-field="${required.i}"]`).fill("");
    return `"${required.label || required.name}" left empty`;
  }
  for (const f of fields) {
    const wrong = textLike(f) ? wrongValue(f) : null;
    if (wrong === null) continue;
    await form.locator(`[data-tour-field="${f.i}"]`).fill(wrong);
    return `"${f.label || f.name}" given "${wrong}"`;
  }
  return null;
}

/** What a person sees: the page's text lines (outside form controls), its URL and open dialogs. */
async function snapshot(page: Page) {
  return page.evaluate(() => ({
    url: location.href,
    lines: document.body.innerText
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
    dialogs: document.querySelectorAll("dialog[open]").length,
  }));
}

/** The form's name for the report: its accessible name or test id, else its submit button's text. */
async function formName(form: Locator): Promise<string> {
  return form.evaluate((f) => {
    const labelled = f.getAttribute("aria-labelledby");
    const name =
      f.getAttribute("aria-label") ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      f.getAttribute("data-testid") ??
      f.querySelector("button[type=submit], button:not([type]), input[type=submit]")?.textContent ??
      "form without a submit button";
    return name.replace(/\s+/g, " ").trim();
  });
}

/** The form's kind on a page: its submit button and its fields' labels, without ids or numbers. */
async function formKey(form: Locator): Promise<string> {
  return form.evaluate((f) => {
    const button = f.querySelector("button[type=submit], button:not([type]), input[type=submit]")?.textContent ?? "";
    const fields = Array.from(f.querySelectorAll("input, select, textarea"))
      .map((el) => `${(el as HTMLInputElement).type}:${(el as HTMLInputElement).name}`)
      .join(",");
    return `${button}|${fields}`.replace(/[0-9a-f-]{8,}|\d+/gi, "#");
  });
}

// one test per width, so that the two run side by side on the workers there are
for (const width of [1280, 375]) {
  const valid = width === 1280;
  test(
    valid
      ? "every dashboard form answers a valid and an invalid submit (1280 px)"
      : `every dashboard form shows an invalid submit's error in view (${width} px)`,
    { tag: "@page-tour" },
    async ({ browser }) => {
      const problems: TourProblem[] = [];
      await withContext(browser, width, async (page) => {
        const console = watchConsole(page);
        const serverErrors: string[] = [];
        const network = trackRequests(page);
        page.on("response", (r) => {
          if (r.status() >= 500)
            serverErrors.push(`${r.status()} from ${r.request().method()} ${new URL(r.url()).pathname}`);
        });
        await signInToDashboard(page, demo.email, demo.password);
        const done = new Set<string>();

        /** Submits the form and waits for what follows: the requests it sends, busy buttons, a new page. */
        const submit = async (form: Locator) => {
          const button = form
            .locator("button[type=submit], button:not([type]), input[type=submit]")
            .filter({ visible: true });
          network.documents();
          if (await button.count()) await button.last().click();
          else await form.locator("input:visible").first().press("Enter", { timeout: 5_000 });
          const t0 = Date.now();
          await network.quiet();
          await page
            .waitForFunction(() => !document.querySelector("[aria-busy=true]:not([data-testid=skeleton])"), null, {
              timeout: 15_000,
            })
            .catch(() => undefined);
          await network.quiet();
          await settle(page);
          if (process.env.FORM_TOUR_DEBUG) process.stdout.write(`  submit settled in ${Date.now() - t0} ms\n`);
        };

        const tourForm = async (href: string, where: string, open: () => Promise<Locator | null>) => {
          const form = await open();
          if (!form) return;
          const name = await formName(form);
          const button = await form.evaluate((f) =>
            (f.querySelector("button[type=submit], button:not([type]), input[type=submit]")?.textContent ?? "").trim(),
          );
          const label = `${href} ${where}form "${name}" (${width} px)`;
          const report = (problem: string) => {
            problems.push({ page: label, problem });
            if (process.env.FORM_TOUR_DEBUG) {
              process.stdout.write(`  PROBLEM ${problem}\n`);
              void page.screenshot({ path: `test-results/form-tour-debug/${problems.length}.png`, fullPage: true });
            }
          };
          if (process.env.FORM_TOUR_DEBUG) process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${label}\n`);
          const method = await form.evaluate((f) => f.getAttribute("method")?.toLowerCase() ?? "");
          const check = async (fields: FieldInfo[], values: string[]) => {
            // a form that asks for GET on purpose (a filter) shows its choice in the URL
            const query = new URL(page.url()).searchParams;
            const loaded = network.documents();
            if (method !== "get") {
              // the browser's own submit of a form no script handles: the page again, with a "?"
              const native = loaded.find((url) => url.includes("?"));
              if (native) report(`the browser submitted the form itself: it loaded ${new URL(native).pathname}?…`);
              const leaked = [...query.entries()].filter(
                ([k, v]) => fields.some((f) => f.name === k) || (v !== "" && values.includes(v)),
              );
              if (leaked.length) report(`the URL carries the form's fields: ?${query.toString().slice(0, 160)}`);
            }
            for (const e of serverErrors.splice(0)) report(e);
            for (const e of console.take()) report(e);
          };

          // the invalid submit: everything valid but one field
          let fields = await describeFields(form);
          await fillValid(form, fields);
          fields = await describeFields(form);
          const broken = await fillInvalid(form, fields);
          if (broken) {
            const before = await snapshot(page);
            await submit(form);
            const after = await snapshot(page);
            await check(fields, []);
            const announced = await page.evaluate(() => {
              const inView = (el: Element) => {
                const r = el.getBoundingClientRect();
                return r.width > 0 && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
              };
              const active = document.activeElement;
              if (active && active.matches(":invalid, [aria-invalid=true], [role=alert], [role=alert] *"))
                return inView(active) ? "focus" : "focus out of view";
              const alerts = Array.from(document.querySelectorAll("[role=alert], [aria-live=assertive]")).filter(
                (el) => (el.textContent ?? "").trim() !== "" && el.checkVisibility(),
              );
              if (alerts.some(inView)) return "alert";
              return alerts.length ? "alert out of view" : "none";
            });
            if (after.url !== before.url && new URL(after.url).pathname !== new URL(before.url).pathname)
              report(`the invalid submit (${broken}) was accepted: it went to ${new URL(after.url).pathname}`);
            else if (announced === "none") report(`the invalid submit (${broken}) shows no error that is announced`);
            else if (announced.endsWith("out of view"))
              report(`the invalid submit's error (${broken}) is not in the viewport (${announced})`);
          }

          if (!valid) return;
          const reason =
            (INSTANCE_WIDE_PAGES.test(kindOf(href)) && "installation-wide settings") ||
            NOT_SUBMITTED_VALID.find(([re]) => re.test(button))?.[1];
          if (reason) return;
          // the valid submit, from a fresh form
          const fresh = await open();
          if (!fresh) return;
          for (const [re, step] of FORM_RECIPES) if (re.test(button)) await step(fresh);
          fields = await describeFields(fresh);
          const values = await fillValid(fresh, fields);
          const before = await snapshot(page);
          await submit(fresh);
          const after = await snapshot(page);
          await check(fields, values);
          const refused = await page.evaluate(() =>
            Array.from(document.querySelectorAll("[role=alert], [aria-invalid=true]"))
              .filter(
                (el) => el.checkVisibility() && (el.getAttribute("aria-invalid") || (el.textContent ?? "").trim()),
              )
              .map((el) => (el.textContent ?? "").trim() || `invalid ${(el as HTMLInputElement).name}`)
              .slice(0, 3),
          );
          if (refused.length) report(`the valid submit was refused: ${refused.join("; ").slice(0, 200)}`);
          else {
            const newLines = after.lines.filter((l) => !before.lines.includes(l));
            if (after.url === before.url && after.dialogs === before.dialogs && newLines.length === 0)
              report("the valid submit shows no result: no message, no new page, no new value");
          }
        };

        const failed = (href: string, form: string, e: Error) =>
          problems.push({
            page: `${href} form ${form.split("|")[0]} (${width} px)`,
            problem: `the tour could not fill or submit it: ${e.message.split("\n")[0]}`,
          });
        const formsOf = async (scope: Locator) => {
          await markForeignForms(scope);
          const keys: string[] = [];
          for (const form of await scope.locator(FORMS).filter({ visible: true }).all()) keys.push(await formKey(form));
          return keys;
        };
        const nthFormWithKey = async (scope: Locator, key: string) => {
          await markForeignForms(scope);
          const forms = await scope.locator(FORMS).filter({ visible: true }).all();
          for (const form of forms) if ((await formKey(form)) === key) return form;
          return null;
        };

        await crawlDashboard(page, async (href) => {
          await settle(page);
          const kind = kindOf(href);
          const main = page.locator("main");
          const reopen = async () => {
            if (new URL(page.url()).pathname + new URL(page.url()).search !== href) await page.goto(href);
            // a dialog left open by a refused submit
            if (await page.locator("dialog[open]").count()) await page.keyboard.press("Escape");
            await settle(page);
            await main
              .locator("details:not([open]) > summary")
              .evaluateAll((els) => els.forEach((s) => ((s.parentElement as HTMLDetailsElement).open = true)));
          };
          await reopen();
          for (const key of await formsOf(main)) {
            if (done.has(`${kind} ${key}`)) continue;
            done.add(`${kind} ${key}`);
            let first = true;
            await tourForm(href, "", async () => {
              if (!first) await page.goto(href);
              if (!first) await reopen();
              first = false;
              return nthFormWithKey(main, key);
            });
          }
          // the forms in the dialogs the page opens
          await reopen();
          const openers = await main
            .locator("button[aria-haspopup=dialog]")
            .filter({ visible: true })
            .evaluateAll((bs) => bs.map((b) => (b.textContent ?? "").trim()));
          for (const opener of new Set(openers)) {
            const openDialog = async () => {
              await reopen();
              const button = main
                .locator("button[aria-haspopup=dialog]", { hasText: opener })
                .filter({ visible: true });
              if (!(await button.count())) return null;
              await button.first().click();
              const dialog = page.locator("dialog[open]");
              await expect(dialog).toBeVisible();
              const form = dialog.locator("form").filter({ visible: true });
              return (await form.count()) ? form.first() : null;
            };
            const form = await openDialog();
            if (!form) {
              await page.keyboard.press("Escape");
              continue;
            }
            const key = `${kind} dialog ${opener} ${await formKey(form)}`;
            await page.keyboard.press("Escape");
            if (done.has(key)) continue;
            done.add(key);
            await tourForm(href, `dialog "${opener}" `, openDialog).catch((e: Error) => failed(href, opener, e));
          }
          // the forms a button shows in place (a client's edit form, two-factor enrolment): such a
          // button is marked data-reveals-form, and the form it shows is toured like the others
          await reopen();
          const revealers = await main
            .locator("button[data-reveals-form]")
            .filter({ visible: true })
            .evaluateAll((bs) => bs.map((b) => (b.textContent ?? "").trim()));
          for (const revealer of new Set(revealers)) {
            const reveal = async () => {
              await reopen();
              const shown = new Set(await formsOf(main));
              const button = main.locator("button[data-reveals-form]", { hasText: revealer }).filter({ visible: true });
              if (!(await button.count())) return null;
              const count = await main.locator("form").count();
              await button.first().click();
              // the form may come after a server call (two-factor enrolment asks for its secret)
              await page
                .waitForFunction((n) => document.querySelectorAll("main form").length > n, count, { timeout: 10_000 })
                .catch(() => undefined);
              await settle(page);
              await markForeignForms(main);
              for (const form of await main.locator(FORMS).filter({ visible: true }).all())
                if (!shown.has(await formKey(form))) return form;
              return null;
            };
            const form = await reveal();
            if (!form) {
              problems.push({ page: `${href} "${revealer}" (${width} px)`, problem: "the button showed no form" });
              continue;
            }
            const key = `${kind} revealed ${revealer} ${await formKey(form)}`;
            if (done.has(key)) continue;
            done.add(key);
            await tourForm(href, `shown by "${revealer}" `, reveal).catch((e: Error) => failed(href, revealer, e));
          }
        });
        expect(done.size, "forms found").toBeGreaterThan(10);
      });
      const lines = problems.map((p) => `${p.page}: ${p.problem}`);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      fs.appendFileSync(path.join(SCREENSHOT_DIR, "problems.txt"), lines.map((l) => `${l}\n`).join(""));
      expect(lines).toEqual([]);
    },
  );
}
