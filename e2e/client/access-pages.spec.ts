// The client's side of an access request in real Chromium: a Spanish client finishes a
// request inside an iframe on another site (a failed grant then a retry, two automatic
// services, a skipped optional one, an invite the agency confirms in the dashboard, the
// intake form); the invite page at phone width with an accessibility check, a partial
// success, a refused sign-in and the redirect after the thank-you; expired, cancelled
// and unknown links. After each step the API's view and the webhook events are checked.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { axeFor } from "../fixtures/axe";
import { expect, test, type FrameLocator, type Page } from "@playwright/test";
import { admin, api, seedAgency, type SeededAgency } from "../fixtures/admin";
import { confirmInviteInDashboard } from "../fixtures/agency-actions";
import { dictionaries } from "../../lib/infra/i18n/dictionary";

interface Delivered {
  type: string;
  data: {
    request?: { stateVersion: number; status: string };
    errors?: string[];
    attempt?: { outcome: string; platform: string; errors?: string[] };
    service?: { service: string };
  };
}

// One loopback server on another origin: the page that frames the embed link, the
// webhook receiver, and the agency's "done" page the client is sent to at the end.
const received = new Map<string, Delivered[]>();

// Whole journeys with sign-ins and webhook deliveries; generous on a busy machine.
test.describe.configure({ timeout: 150_000 });
let other: http.Server;
let otherOrigin: string;

test.beforeAll(async () => {
  other = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "POST" && url.pathname.startsWith("/hook/")) {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const tag = url.pathname.slice("/hook/".length);
        received.set(tag, [...(received.get(tag) ?? []), JSON.parse(body) as Delivered]);
        res.writeHead(200).end("ok");
      });
      return;
    }
    if (url.pathname === "/host") {
      const src = url.searchParams.get("src") ?? "";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html lang="es"><head><title>Portal del cliente</title></head><body>
        <h1>Portal de la agencia</h1><p id="parent-status">esperando</p>
        <iframe title="Acceso" src="${src.replace(/"/g, "&quot;")}" style="width:100%;height:1500px;border:0"></iframe>
        <script>addEventListener("message", (e) => { if (e.data && e.data.type && e.data.type !== "access-request.resize") document.getElementById("parent-status").textContent = e.data.type; });</script>
      </body></html>`);
      return;
    }
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end("<!doctype html><title>Done</title><h1>Agency site</h1>");
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => other.close(() => resolve()));
});

type RequestView = {
  id: string;
  status: string;
  stateVersion: number;
  inviteUrl: string;
  embedUrl: string;
  completedAt: string | null;
  expiresAt: string | null;
  intakeForm: { complete: boolean };
  services: {
    service: string;
    status: string;
    grantedAssets: { id: string; name: string | null; accessLevel: string | null }[];
  }[];
};

async function setUp(
  baseURL: string,
  opts: {
    language: string;
    services: Record<string, object>;
    intake?: boolean;
    extra?: object;
    /** the request expires this long after it is created (set just before the create, however slow the seeding) */
    expiresInMs?: number;
    webhook?: boolean;
    questions?: string[];
  },
) {
  const seeded = await seedAgency({ platforms: ["meta", "google", "shopify", "hubspot"] });
  if (opts.questions)
    await admin(
      "intake",
      "set",
      "--agency",
      seeded.agencyId,
      "--enabled",
      "true",
      ...opts.questions.flatMap((q) => ["--question", q]),
    );
  const tag = seeded.agencyId;
  if (opts.webhook) {
    const hook = await api(baseURL, seeded.apiKey, "POST", "/webhooks", {
      url: `${otherOrigin}/hook/${tag}`,
      events: ["*"],
    });
    expect(hook.status).toBe(201);
  }
  const client = await api<{ data: { id: string } }>(baseURL, seeded.apiKey, "POST", "/clients", {
    name: "Lucía Cliente",
    email: "lucia@cliente.test",
    language: opts.language,
  });
  expect(client.status).toBe(201);
  const requestedServices = Object.fromEntries(
    Object.entries(opts.services).map(([id, ask]) => [
      id,
      { ...ask, requestedAccountLinks: [{ internalAccountId: seeded.accounts[id.split("_")[0]!] }] },
    ]),
  );
  const created = await api<{ data: RequestView }>(baseURL, seeded.apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices,
    ...(opts.intake ? { intakeForm: { requested: true } } : {}),
    ...(opts.extra ?? {}),
    ...(opts.expiresInMs ? { expiresAt: new Date(Date.now() + opts.expiresInMs).toISOString() } : {}),
  });
  expect(created.status).toBe(201);
  return { seeded, tag, request: created.body.data };
}

async function apiView(baseURL: string, seeded: SeededAgency, id: string): Promise<RequestView> {
  const res = await api<{ data: RequestView }>(baseURL, seeded.apiKey, "GET", `/requests/${id}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

const svc = (view: RequestView, id: string) => view.services.find((s) => s.service === id)!;

/** Waits until the receiver has exactly these event types (in any order) for the agency. */
async function expectEvents(tag: string, types: string[]) {
  await expect
    .poll(() => (received.get(tag) ?? []).map((e) => e.type).sort(), { timeout: 30_000 })
    .toEqual([...types].sort());
}

const lastOf = (tag: string, type: string) => [...(received.get(tag) ?? [])].reverse().find((e) => e.type === type)!;

/** In the iframe, "Grant access" opens the sign-in in a popup; returns it on the consent screen. */
async function openSignInPopup(page: Page, frame: FrameLocator, serviceId: string, label: RegExp) {
  const popupPromise = page.waitForEvent("popup");
  await frame.locator(`[data-service="${serviceId}"]`).getByRole("link", { name: label }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  return popup;
}

test("a Spanish client completes a request inside an iframe on another site", async ({ page, browser, baseURL }) => {
  const { seeded, tag, request } = await setUp(baseURL!, {
    language: "Spanish",
    webhook: true,
    questions: ["¿Cuál es la web de tu empresa?"],
    intake: true,
    services: {
      meta_ads: { accessLevel: "advertiser" },
      google_analytics: { accessLevel: "viewer" },
      hubspot_portal: { accessLevel: "standard", optional: true },
      shopify_store: {},
    },
  });
  await expectEvents(tag, ["client.created", "request.created"]);
  expect(new URL(request.embedUrl).origin).not.toBe(otherOrigin);

  await page.goto(`${otherOrigin}/host?src=${encodeURIComponent(request.embedUrl)}`);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText(/^Da acceso a E2E Agency/);
  await expect(frame.getByText("0 de 5 completados")).toBeVisible();
  const meta = frame.locator('[data-service="meta_ads"]');
  await expect(meta.getByRole("heading")).toHaveText("Cuenta publicitaria de Meta");
  await expect(meta).toContainText("Anunciante");
  await expect(meta.locator("[data-status]")).toHaveText("Pendiente");

  // A failed grant: the sandbox is told to refuse every grant.
  let popup = await openSignInPopup(page, frame, "meta_ads", /Dar acceso/);
  await expect(popup.getByRole("heading", { level: 1 })).toHaveText("Entorno de pruebas: inicia sesión con Meta");
  await popup.getByLabel("Simular").selectOption({ label: "Todas las concesiones fallan" });
  await popup.getByRole("button", { name: "Permitir" }).click();
  await popup.getByRole("checkbox", { name: /Acme Main Meta Ads/ }).check();
  await popup.getByRole("button", { name: "Dar acceso" }).click();
  await popup.waitForEvent("close");
  const failure = frame.getByRole("alert").filter({ hasText: "No se pudo conceder el acceso" });
  // the sandbox's refusal in the client's language
  await expect(failure).toContainText("La plataforma rechazó esta solicitud.");
  let view = await apiView(baseURL!, seeded, request.id);
  expect(view.stateVersion).toBe(1);
  expect(view.status).toBe("pending");
  expect(svc(view, "meta_ads").status).toBe("pending");
  // the whole attempt failed: reported by the attempt event only (service.grant_failed is per service)
  await expectEvents(tag, ["client.created", "request.created", "connection.attempt_completed"]);
  // the sandbox answers in the client's language, and the attempt records the platform's answer as given
  expect(lastOf(tag, "connection.attempt_completed").data.attempt!.errors).toEqual([
    "La plataforma rechazó esta solicitud. Vuelve a intentarlo más tarde.",
  ]);
  expect(lastOf(tag, "connection.attempt_completed").data.attempt!.outcome).toBe("failed");
  expect(lastOf(tag, "connection.attempt_completed").data.request!.stateVersion).toBe(1);

  // The retry succeeds.
  popup = await openSignInPopup(page, frame, "meta_ads", /Dar acceso/);
  await popup.getByRole("button", { name: "Permitir" }).click();
  await expect(popup.getByText("Elige los activos de Meta que quieres compartir")).toBeVisible();
  await popup.getByRole("checkbox", { name: /Acme Main Meta Ads/ }).check();
  await popup.getByRole("button", { name: "Dar acceso" }).click();
  await popup.waitForEvent("close");
  await expect(frame.getByRole("status").first()).toContainText("Acceso concedido. ¡Gracias!");
  await expect(meta.locator("[data-status]")).toHaveText("Concedido");
  await expect(frame.getByText("1 de 5 completados")).toBeVisible();
  view = await apiView(baseURL!, seeded, request.id);
  expect(view).toMatchObject({ status: "in_progress", stateVersion: 2 });
  expect(svc(view, "meta_ads").grantedAssets).toEqual([
    { id: "meta_ads_1001", name: "Acme Main Meta Ads", accessLevel: "advertiser" },
  ]);
  await expectEvents(tag, [
    "client.created",
    "request.created",
    "connection.attempt_completed",
    "service.granted",
    "connection.attempt_completed",
  ]);
  expect(lastOf(tag, "connection.attempt_completed").data.attempt!.outcome).toBe("success");
  expect(lastOf(tag, "service.granted").data.request!.stateVersion).toBe(2);

  // The second automatic service, two assets.
  popup = await openSignInPopup(page, frame, "google_analytics", /Dar acceso/);
  await popup.getByRole("button", { name: "Permitir" }).click();
  await popup.getByRole("checkbox", { name: /Acme Main/ }).check();
  await popup.getByRole("checkbox", { name: /Acme Brand/ }).check();
  await popup.getByRole("button", { name: "Dar acceso" }).click();
  await popup.waitForEvent("close");
  await expect(frame.locator('[data-service="google_analytics"] [data-status]')).toHaveText("Concedido");
  view = await apiView(baseURL!, seeded, request.id);
  expect(view.stateVersion).toBe(3);
  expect(svc(view, "google_analytics").grantedAssets.map((a) => a.id)).toEqual([
    "google_analytics_1001",
    "google_analytics_1002",
  ]);

  // The optional service is skipped.
  await frame.locator('[data-service="hubspot_portal"]').getByRole("button", { name: "Omitir" }).click();
  await expect(frame.locator('[data-service="hubspot_portal"] [data-status]')).toHaveText("Omitido");
  view = await apiView(baseURL!, seeded, request.id);
  expect(svc(view, "hubspot_portal").status).toBe("skipped");
  expect(view.stateVersion).toBe(4);

  // The manual service: the steps name the agency's account; the client says the invite is sent.
  const shopify = frame.locator('[data-service="shopify_store"]');
  await expect(shopify.getByRole("listitem").filter({ hasText: "Haz clic en Añadir personal" })).toBeVisible();
  await shopify.getByRole("button", { name: "Ya he enviado la invitación" }).click();
  await expect(shopify.locator("[data-status]")).toHaveText("Pendiente de confirmación");
  view = await apiView(baseURL!, seeded, request.id);
  expect(svc(view, "shopify_store").status).toBe("pending");
  expect(view).toMatchObject({ status: "in_progress", stateVersion: 5 });

  // The intake form.
  await frame.getByLabel("¿Cuál es la web de tu empresa?").fill("https://lucia.example");
  await frame.getByRole("button", { name: "Enviar" }).click();
  await expect(frame.getByRole("status").filter({ hasText: "Gracias, tus respuestas se han enviado." })).toBeVisible();
  view = await apiView(baseURL!, seeded, request.id);
  expect(view.intakeForm.complete).toBe(true);
  expect(view.status).toBe("in_progress");
  await expect(frame.getByText("4 de 5 completados")).toBeVisible();

  // Nothing on the page is in English except names the agency or the platforms chose.
  const text = await frame.locator("body").innerText();
  for (const key of [
    "action.grant",
    "action.skip",
    "serviceStatus.pending",
    "serviceStatus.granted",
    "serviceStatus.skipped",
    "service.optional",
    "service.required",
    "manual.heading",
    "action.submit",
  ] as const) {
    expect(text, key).not.toContain(dictionaries.en[key]);
  }

  await expectEvents(tag, [
    "client.created",
    "request.created",
    "connection.attempt_completed",
    "service.granted",
    "connection.attempt_completed",
    "service.granted",
    "connection.attempt_completed",
    "service.skipped",
    "request.updated",
    "intake.completed",
  ]);

  // The agency confirms the Shopify invite in the dashboard: the request completes.
  await confirmInviteInDashboard(browser, {
    email: seeded.email,
    password: seeded.password,
    requestId: request.id,
    serviceId: "shopify_store",
  });
  view = await apiView(baseURL!, seeded, request.id);
  expect(view.status).toBe("completed");
  expect(view.completedAt).not.toBeNull();
  await expect
    .poll(() => (received.get(tag) ?? []).some((e) => e.type === "request.completed"), { timeout: 30_000 })
    .toBe(true);
  expect(lastOf(tag, "request.completed").data.request!.status).toBe("completed");

  await page.reload();
  await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toHaveText(
    /^¡Gracias! E2E Agency .* ya tiene el acceso que necesita\.$/,
  );
  await expect(page.locator("#parent-status")).toHaveText("access-request.completed");
});

test("the invite page on a phone: accessible, partial success, a refused sign-in, thank-you then redirect", async ({
  page,
  baseURL,
}) => {
  const { seeded, tag, request } = await setUp(baseURL!, {
    language: "English",
    webhook: true,
    services: { meta_ads: { accessLevel: "analyst" }, shopify_store: { optional: true } },
    extra: { thankYouMessage: "Thanks, see you soon!", redirectUrl: `${otherOrigin}/done` },
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(request.inviteUrl);
  await expect(page.locator('div[lang="en"]')).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Grant access to E2E Agency/);
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "0");

  const axe = await axeFor(page).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: "test-results/client/invite-375.png", fullPage: true });

  // The client refuses on the platform's screen: nothing shared, nothing recorded.
  await page.locator('[data-service="meta_ads"]').getByRole("link", { name: "Grant access" }).click();
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "You cancelled the sign-in. Nothing was shared." }),
  ).toBeVisible();

  // Three assets, one of which refuses partners: a partial success.
  await page.locator('[data-service="meta_ads"]').getByRole("link", { name: "Grant access" }).click();
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("checkbox")).toHaveCount(3);
  for (const box of await page.getByRole("checkbox").all()) await box.check();
  const picker = await axeFor(page).analyze();
  expect(picker.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
    [],
  );
  await page.screenshot({ path: "test-results/client/picker-375.png", fullPage: true });
  await page.getByRole("button", { name: "Grant access" }).click();
  await expect(page.getByRole("status").first()).toContainText(
    "Access was granted to some of your assets, but not all of them:",
  );
  await expect(page.getByRole("status").first()).toContainText("does not accept new partners");
  const view = await apiView(baseURL!, seeded, request.id);
  expect(svc(view, "meta_ads").grantedAssets.map((a) => a.id)).toEqual(["meta_ads_1001", "meta_ads_1002"]);
  await expectEvents(tag, ["client.created", "request.created", "service.granted", "connection.attempt_completed"]);
  expect(lastOf(tag, "connection.attempt_completed").data.attempt!.outcome).toBe("partial_success");

  // Skipping the optional service completes the request: thank-you, then the agency's page.
  await page.locator('[data-service="shopify_store"]').getByRole("button", { name: "Skip" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thanks, see you soon!");
  await expect(page.getByText("You will be redirected shortly.")).toBeVisible();
  await page.waitForURL(`${otherOrigin}/done`, { timeout: 15_000 });
  expect((await apiView(baseURL!, seeded, request.id)).status).toBe("completed");
});

test("expired, cancelled and unknown links say so plainly, in the client's language", async ({ page, baseURL }) => {
  // Far enough ahead to be accepted by a busy server, near enough to wait for.
  const expiring = await setUp(baseURL!, {
    language: "Dutch",
    services: { meta_ads: { accessLevel: "admin" } },
    expiresInMs: 20_000,
  });
  const expiresAt = expiring.request.expiresAt!;
  const cancelled = await setUp(baseURL!, { language: "Dutch", services: { shopify_store: { optional: true } } });

  await page.goto(cancelled.request.inviteUrl);
  await expect(page.locator('div[lang="nl"]')).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Geef E2E Agency .* toegang$/);
  const cancel = await api(baseURL!, cancelled.seeded.apiKey, "POST", `/requests/${cancelled.request.id}/cancel`);
  expect(cancel.status).toBe(200);
  // The page still open in the browser: its next action is refused, in Dutch.
  await page.locator('[data-service="shopify_store"]').getByRole("button", { name: "Overslaan" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deze link is geannuleerd");
  const refused = await page.request.post(
    `/api/access/${cancelled.request.inviteUrl.split("/").pop()}/services/shopify_store/skip`,
    {
      form: { surface: "invite" },
      headers: { accept: "application/json" },
    },
  );
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    "Dit verzoek kan niet meer worden gewijzigd.",
  );
  expect((await apiView(baseURL!, cancelled.seeded, cancelled.request.id)).services[0]!.status).toBe("pending");

  await page.waitForTimeout(Math.max(0, new Date(expiresAt).getTime() - Date.now() + 500));
  await page.goto(expiring.request.embedUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deze link is verlopen");
  await expect(page.getByText("Deze link kan niet meer worden gebruikt.")).toBeVisible();
  expect((await apiView(baseURL!, expiring.seeded, expiring.request.id)).status).toBe("expired");
  const connect = await page.request.get(
    `/api/access/${expiring.request.inviteUrl.split("/").pop()}/connect/meta_ads`,
    { maxRedirects: 0 },
  );
  expect(connect.headers()["location"]).toContain("error=closed");

  for (const path of ["/i/", "/embed/"]) {
    const res = await page.goto(`${path}${"Z".repeat(32)}`);
    expect(res!.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link not found");
  }
});
