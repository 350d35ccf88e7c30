// The dashboard's refused pages answer a real HTTP 404, decided before the response starts
// (the status only shows on the built server: the dashboard has no loading boundary that
// would start a 200 first). Another agency's client, print view, request, request edit and
// webhook, a missing id, a malformed id, and the instance's Platforms page for someone who
// does not administer the installation; each with a page saying what happened and the way
// back, and none showing the other agency's data. And a server action's body Next.js cannot
// decode (not JSON) or will not read (over its 1 MB limit) answers 400 or 413, not Next.js's
// 500. Runs on the embedded database (seeded, closed, then handed to the server) and, with
// DATABASE_URL, on PostgreSQL.
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createUser } from "@/lib/core/users/create-user";
import { createWebhook } from "@/lib/core/webhooks/create-webhook";
import { ZCreateWebhookBody } from "@/lib/core/webhooks/schemas";
import { closeDb, getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { seedAccessAgency, seedAccessRequest } from "@/test/support/access-fixtures";
import { cookieHeader, serverAction, signInDashboard } from "@/test/support/server-actions";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";

const PASSWORD = "refused-pages-Secret1";
let app: RunningServer;
const own = { clientId: "", requestId: "", token: "" };
const other = { clientId: "", requestId: "", token: "", webhookId: "" };

beforeAll(async () => {
  prepareStandalone();
  // one key for what this process seals (the request links) and the server that opens it
  process.env.ENCRYPTION_KEY = crypto.randomBytes(32).toString("hex");
  resetEnvCache();
  const mine = await seedAccessAgency(["meta"]);
  // the installation's first user administers it; the member does not
  await createUser({ agencyId: mine.agencyId, email: "admin@own.test", password: PASSWORD, emailVerified: true });
  await createUser({ agencyId: mine.agencyId, email: "member@own.test", password: PASSWORD, emailVerified: true });
  const db = await getDb();
  Object.assign(own, await seedAccessRequest(mine, { meta_ads: { accessLevel: "admin" } }));

  const theirs = await seedAccessAgency(["meta"]);
  Object.assign(other, await seedAccessRequest(theirs, { meta_ads: { accessLevel: "admin" } }));
  await db.client.update({ where: { id: other.clientId }, data: { name: "Secret Other Client" } });
  const hook = await createWebhook({
    agencyId: theirs.agencyId,
    input: ZCreateWebhookBody.parse({ url: "https://127.0.0.1/other-hook", events: ["request.created"] }),
  });
  other.webhookId = hook.webhook.id;
  // the embedded database belongs to one process: hand it to the server
  await closeDb();
  app = await startStandalone();
}, 150_000);
afterAll(() => stopServer(app));

async function page(jar: Map<string, string>, path: string) {
  const res = await fetch(`${app.url}${path}`, { headers: { cookie: cookieHeader(jar) }, redirect: "manual" });
  return { status: res.status, text: await res.text() };
}

it("answers 404 with a helpful page for another agency's objects, missing ids and the instance pages", async () => {
  const member = await signInDashboard(app.url, "member@own.test", PASSWORD);
  const refused: [string, string][] = [
    [`/dashboard/clients/${other.clientId}`, "has no such client"],
    [`/dashboard/clients/${other.clientId}/print`, "has no such client"],
    [`/dashboard/clients/${crypto.randomUUID()}`, "has no such client"],
    ["/dashboard/clients/not-an-id", "has no such client"],
    [`/dashboard/requests/${other.requestId}`, "has no such request"],
    [`/dashboard/requests/${other.requestId}/edit`, "has no such request"],
    [`/dashboard/webhooks/${other.webhookId}`, "has no such webhook"],
    [`/dashboard/webhooks/${crypto.randomUUID()}`, "has no such webhook"],
  ];
  for (const [path, says] of refused) {
    const res = await page(member, path);
    expect(res.status, path).toBe(404);
    expect(res.text, path).toContain(says);
    expect(res.text, path).toContain("switch agency from the menu");
    expect(res.text, path).not.toMatch(/Secret Other Client|other-hook/);
  }

  const instance = await page(member, "/dashboard/instance/platforms");
  expect(instance.status).toBe(404);
  expect(instance.text).toContain("administrators set up platforms");
  expect(instance.text).toContain("admin@own.test");
  expect(instance.text).toContain("user make-instance-admin");
  expect(instance.text).not.toContain("Redirect URIs of this installation");

  // the pages themselves still answer 200 to whoever may see them
  const admin = await signInDashboard(app.url, "admin@own.test", PASSWORD);
  const platforms = await page(admin, "/dashboard/instance/platforms");
  expect(platforms.status).toBe(200);
  expect(platforms.text).toContain("Redirect URIs of this installation");
  for (const path of [
    `/dashboard/clients/${own.clientId}`,
    `/dashboard/clients/${own.clientId}/print`,
    `/dashboard/requests/${own.requestId}`,
    `/dashboard/requests/${own.requestId}/edit`,
  ])
    expect((await page(member, path)).status, path).toBe(200);
});

it("answers a server action's body that is not JSON with 400 and one over the limit with 413, storing nothing", async () => {
  const member = await signInDashboard(app.url, "member@own.test", PASSWORD);
  const action = serverAction("app/(dashboard)/dashboard/clients/client-actions.ts", "createClientAction");
  const send = (body: string) =>
    fetch(`${app.url}${action.page}`, {
      method: "POST",
      headers: {
        accept: "text/x-component",
        "next-action": action.id,
        "content-type": "text/plain;charset=UTF-8",
        origin: app.url,
        cookie: cookieHeader(member),
      },
      body,
    });
  for (const body of ['[{"name": ', "not json"]) {
    const res = await send(body);
    expect(res.status, body).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
  }
  const large = await send(JSON.stringify([{ name: "x".repeat(1024 * 1024), email: "big@client.test" }]));
  expect(large.status).toBe(413);
  expect(await large.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
  // the client list is as it was: one client of the member's agency
  const clients = await fetch(`${app.url}/api/dashboard/clients`, { headers: { cookie: cookieHeader(member) } });
  expect(JSON.stringify(await clients.json())).not.toContain("big@client.test");
});
