// Pages read by someone far from the server: a browser in a non-UTC time zone with a
// Dutch locale loads the dashboard pages that show dates and must hydrate without React
// errors (dates used to be formatted with the server's zone and locale while rendering on
// the server: hydration error #418). Then the client pages' `<html lang>` is the page's
// language, and a "preview as client" link is marked as a preview on its page.
import { expect, test, type Page } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";
import { dictionaries } from "../../lib/infra/i18n/dictionary";

test.describe.configure({ timeout: 120_000 });

/** Collects uncaught page errors and console errors (React reports hydration failures there). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    // a missing favicon is not a page error
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource"))
      errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

test.describe("a browser in Kiribati (UTC+14) with a Dutch locale", () => {
  // far from UTC, so any date formatted on the server differs from the browser's
  test.use({ timezoneId: "Pacific/Kiritimati", locale: "nl-NL" });

  test("the team and API key pages hydrate without errors and show dates in the browser's zone", async ({
    page,
    baseURL,
  }) => {
    const agency = await seedAgency({ platforms: [] });
    // a key that has been used, so its "last used" time shows too
    expect((await api(baseURL!, agency.apiKey, "GET", "/me")).status).toBe(200);
    const errors = collectErrors(page);
    await signInToDashboard(page, agency.email, agency.password);

    for (const path of ["/dashboard/team", "/dashboard/api-keys"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const times = page.locator("main time[datetime]");
      await expect(times.first()).toBeVisible();
      // after hydration every date is the browser's own rendering of its instant
      for (const t of await times.all()) {
        const iso = (await t.getAttribute("datetime"))!;
        // the dashboard's one date format (components/ui/date-time.tsx), in the browser's locale and zone
        const expected = await page.evaluate(
          (v) => [
            new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(new Date(v)),
            new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(new Date(v)),
          ],
          iso,
        );
        expect(expected, path).toContain(await t.textContent());
      }
    }
    expect(errors).toEqual([]);
  });
});

test("client pages declare their own language in <html lang>, and a preview link says it is a preview", async ({
  page,
  baseURL,
}) => {
  const agency = await seedAgency({ platforms: ["meta"] });
  const link = async (language: string) => {
    const client = await api<{ data: { id: string } }>(baseURL!, agency.apiKey, "POST", "/clients", {
      name: `${language} client`,
      email: "c@example.com",
      language,
    });
    const request = await api<{ data: { inviteUrl: string } }>(baseURL!, agency.apiKey, "POST", "/requests", {
      clientId: client.body.data.id,
      requestedServices: {
        meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta }] },
      },
    });
    expect(request.status).toBe(201);
    return new URL(request.body.data.inviteUrl).pathname;
  };
  for (const [language, lang] of [
    ["Spanish", "es"],
    ["Dutch", "nl"],
    ["English", "en"],
  ] as const) {
    const path = await link(language);
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await page.goto(path.replace(/^\/i\//, "/embed/"));
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByTestId("preview-banner")).toHaveCount(0);
  }

  // "Preview as client" from the dashboard opens the link marked as a preview
  await signInToDashboard(page, agency.email, agency.password);
  const requests = await api<{ data: { id: string }[] }>(baseURL!, agency.apiKey, "GET", "/requests");
  await page.goto(`/dashboard/requests/${requests.body.data[0]!.id}`);
  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Preview as client" }).click(),
  ]);
  await preview.waitForURL(/\/i\//);
  const banner = preview.getByTestId("preview-banner");
  await expect(banner).toBeVisible();
  const lang = (await preview.locator("html").getAttribute("lang")) as "en" | "es" | "nl";
  await expect(banner).toHaveText(dictionaries[lang]["preview.banner"]);
  // "Grant access" in a preview goes nowhere near the platform
  await preview.locator('a[href*="/connect/"]').first().click();
  await preview.waitForURL(/notice=preview/);
  await expect(preview.getByTestId("preview-banner")).toBeVisible();
});
