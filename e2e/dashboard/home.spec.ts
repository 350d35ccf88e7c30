// The dashboard home: what needs attention. A request waiting on the client shows with
// its progress, the usage counts match, recent activity is in plain language, and the
// page passes the accessibility check at desktop and phone widths.
import { axeFor } from "../fixtures/axe";
import { expect, test } from "@playwright/test";
import { api, seedAgency } from "../fixtures/admin";
import { signInToDashboard } from "../fixtures/agency-actions";

for (const width of [1280, 375]) {
  test(`home shows waiting requests, usage and activity (${width} px)`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const seeded = await seedAgency({ platforms: ["google"] });
    const client = await api<{ data: { id: string } }>(baseURL!, seeded.apiKey, "POST", "/clients", {
      name: "Maria Lopez",
      email: "maria@client.test",
    });
    expect(client.status).toBe(201);
    const request = await api<{ data: { id: string } }>(baseURL!, seeded.apiKey, "POST", "/requests", {
      clientId: client.body.data.id,
      requestedServices: {
        google_analytics: {
          accessLevel: "viewer",
          requestedAccountLinks: [{ internalAccountId: seeded.accounts.google }],
        },
      },
    });
    expect(request.status).toBe(201);

    await signInToDashboard(page, seeded.email, seeded.password);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Waiting on the client (1)" })).toBeVisible();
    const waiting = page.getByTestId("home-waiting");
    await expect(waiting.getByRole("link", { name: "Maria Lopez" })).toHaveAttribute(
      "href",
      `/dashboard/requests/${request.body.data.id}`,
    );
    await expect(waiting).toContainText("0 of 1 done");
    await expect(page.getByTestId("home-usage")).toContainText("Client links");
    await expect(page.getByTestId("home-recent")).toContainText("Access request created");

    const result = await axeFor(page).analyze();
    const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}
