// A client grants Google services end to end in Chromium with the sandbox off: the app
// server in real-connector mode (E2E_PORT + 1, SANDBOX_PLATFORMS=0, the Google
// credentials of the fake, PLATFORM_HOST_OVERRIDES pointing every Google host at the
// Google contract fake on its fixed ports 4110-4118). Both are started by the shared
// harness (e2e/fixtures/platform-fakes.ts: `startGoogleFake({ ports: GOOGLE_FAKE_PORTS,
// redirectUris: [`${realURL}/api/access/callback`] })`, GOOGLE_CLIENT_ID / _SECRET /
// GOOGLE_ADS_DEVELOPER_TOKEN from GOOGLE_FAKE, and `fake.overrides` as
// PLATFORM_HOST_OVERRIDES); this spec only reads the fake's recorded calls
// over HTTP (GET /__calls) and flips its switches (POST /__reset, /__switches).
// Checks that the fake received exactly the documented grant calls for the picked assets
// and roles, and that the API and the webhook events report the same.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { adminIn, api } from "../fixtures/admin";
import {
  GOOGLE_FAKE,
  GOOGLE_FAKE_PORTS,
  type GoogleFakeSwitches,
  type RecordedCall,
} from "../../test/support/fakes/google-fake";

const realURL = `http://localhost:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
// the real-connector app has its own data folder on the embedded database (playwright.config.ts)
const realDataDir = process.env.E2E_REAL_DATA_DIR ?? process.env.DATA_DIR ?? ".data";
// the harness moves every fake's port by E2E_FAKE_PORT_OFFSET
const fakeOrigin = `http://127.0.0.1:${GOOGLE_FAKE_PORTS["accounts.google.com"] + Number(process.env.E2E_FAKE_PORT_OFFSET ?? 0)}`;

type Delivered = {
  type: string;
  data: { attempt?: { outcome: string; platform: string; services: { errors: string[] }[] }; errors?: string[] };
};
type RequestView = {
  id: string;
  status: string;
  inviteUrl: string;
  services: {
    service: string;
    status: string;
    grantedAssets: { id: string; name: string | null; accessLevel: string | null }[];
  }[];
};

const received: Delivered[] = [];
let hooks: http.Server;
let hookURL = "";

test.describe.configure({ timeout: 150_000 });

test.beforeAll(async () => {
  hooks = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      received.push(JSON.parse(body) as Delivered);
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  hookURL = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
});
test.afterAll(() => new Promise<void>((resolve) => hooks.close(() => resolve())));

async function fake(path: "/__reset" | "/__switches", body?: Partial<GoogleFakeSwitches>) {
  const res = await fetch(`${fakeOrigin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  expect(res.status).toBe(200);
}
async function grantCalls(): Promise<RecordedCall[]> {
  const calls = (await (await fetch(`${fakeOrigin}/__calls`)).json()) as RecordedCall[];
  return calls.filter((c) => c.method !== "GET" && c.host !== "oauth2.googleapis.com" && !c.path.endsWith(":search"));
}

test("a client grants Google Analytics (partly refused) and Tag Manager through the real Google connector", async ({
  page,
}) => {
  await fake("/__reset");
  await fake("/__switches", { refuse: ["properties/1003"] });

  const tag = Date.now().toString(36);
  const agency = await adminIn<{ id: string }>(realDataDir, "agency", "create", "--name", `E2E Google Agency ${tag}`);
  const key = await adminIn<{ key: string }>(realDataDir, "key", "create", "--agency", agency.id, "--scopes", "all");
  const seeded = { agencyId: agency.id, apiKey: key.key };
  const account = await adminIn<{ internalAccountId: string }>(
    realDataDir,
    "account",
    "connect",
    "--agency",
    agency.id,
    "--platform",
    "google",
    "--email",
    GOOGLE_FAKE.agencyEmail,
  );
  expect((await api(realURL, seeded.apiKey, "POST", "/webhooks", { url: hookURL, events: ["*"] })).status).toBe(201);
  const client = await api<{ data: { id: string } }>(realURL, seeded.apiKey, "POST", "/clients", {
    name: "Gina Client",
    email: "gina@brand.test",
    language: "English",
  });
  const links = [{ internalAccountId: account.internalAccountId }];
  const created = await api<{ data: RequestView }>(realURL, seeded.apiKey, "POST", "/requests", {
    clientId: client.body.data.id,
    requestedServices: {
      google_analytics: { accessLevel: "analyst", requestedAccountLinks: links },
      google_tag_manager: { accessLevel: "[publish,read]", requestedAccountLinks: links },
    },
  });
  expect(created.status).toBe(201);
  const request = created.body.data;

  // Analytics: Google's consent page (the fake) sends the browser straight back to the picker.
  await page.goto(request.inviteUrl);
  // One Google sign-in covers both services; only Analytics is picked, so Tag Manager stays pending.
  await page.getByRole("link", { name: "Continue with Google" }).click();
  const analytics = page.locator('[data-picker-service="google_analytics"]');
  await expect(analytics.getByRole("checkbox")).toHaveCount(3);
  await expect(page.locator('[data-picker-service="google_tag_manager"]').getByRole("checkbox")).not.toHaveCount(0);
  await analytics.getByRole("checkbox", { name: /Brand Web/ }).check();
  await analytics.getByRole("checkbox", { name: /Brand Archive/ }).check();
  await page.getByRole("button", { name: "Grant access" }).click();
  await expect(page.getByRole("status").first()).toContainText(
    "Access was granted to some of your assets, but not all of them:",
  );
  await expect(page.getByRole("status").first()).toContainText(
    "The caller does not have permission to manage users on this property.",
  );

  // Tag Manager, the only Google service left, with its own button: a multi-role list
  // becomes the strongest permission, publish.
  await page.locator('[data-service="google_tag_manager"]').getByRole("link", { name: "Grant access" }).click();
  await page.getByRole("checkbox", { name: /Brand Web/ }).check();
  await page.getByRole("button", { name: "Grant access" }).click();

  // The fake received exactly the documented grant calls for the picked assets and roles.
  await expect.poll(async () => (await grantCalls()).length).toBe(3);
  const calls = await grantCalls();
  expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
    [
      "POST",
      "/v1alpha/properties/1001/accessBindings",
      { user: GOOGLE_FAKE.agencyEmail, roles: ["predefinedRoles/analyst"] },
    ],
    [
      "POST",
      "/v1alpha/properties/1003/accessBindings",
      { user: GOOGLE_FAKE.agencyEmail, roles: ["predefinedRoles/analyst"] },
    ],
    [
      "POST",
      "/tagmanager/v2/accounts/2001/user_permissions",
      {
        emailAddress: GOOGLE_FAKE.agencyEmail,
        accountAccess: { permission: "user" },
        containerAccess: [{ containerId: "3001", permission: "publish" }],
      },
    ],
  ]);

  // The API and the events report the same.
  const view = (await api<{ data: RequestView }>(realURL, seeded.apiKey, "GET", `/requests/${request.id}`)).body.data;
  expect(view.status).toBe("completed");
  expect(view.services.map((s) => [s.service, s.status, s.grantedAssets])).toEqual([
    ["google_analytics", "granted", [{ id: "properties/1001", name: "Brand Web (Brand Co)", accessLevel: "analyst" }]],
    [
      "google_tag_manager",
      "granted",
      [{ id: "accounts/2001/containers/3001", name: "Brand Web (GTM-BRAND1)", accessLevel: "[publish,read]" }],
    ],
  ]);
  await expect
    .poll(() => received.map((e) => e.type).sort(), { timeout: 30_000 })
    .toEqual([
      "client.created",
      "connection.attempt_completed",
      "connection.attempt_completed",
      "request.completed",
      "request.created",
      "service.granted",
      "service.granted",
    ]);
  const attempts = received.filter((e) => e.type === "connection.attempt_completed").map((e) => e.data.attempt!);
  expect(attempts.map((a) => [a.platform, a.outcome])).toEqual([
    ["google", "partial_success"],
    ["google", "success"],
  ]);
  expect(attempts[0]!.services[0]!.errors).toEqual([
    "The caller does not have permission to manage users on this property.",
  ]);
});
