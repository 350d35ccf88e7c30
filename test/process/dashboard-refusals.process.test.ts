// The dashboard's refused pages answer a real HTTP 404, decided before the response starts
// (the status only shows on the built server: the dashboard has no loading boundary that
// would start a 200 first). Another agency's client, print view, request, request edit and
// webhook, a missing id, a malformed id, and the instance's Platforms page for someone who
// does not administer the installation; each with a page saying what happened and the way
// back, and none showing the other agency's data. And a server action's body Next.js cannot
// decode (not JSON) or will not read (over its 1 MB limit) answers 400 or 413, not Next.js's
// 500. A session that was ended (here: signed out elsewhere, which ends every session of the
// user) and a request with no session get a real HTTP redirect to sign-in and back from every
// dashboard page, and 401 from the dashboard's JSON. Runs on the embedded database (seeded, closed, then handed to the server) and, with
// DATABASE_URL, on PostgreSQL.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
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

/** Every dashboard page in the tree, its dynamic segments filled with an id. */
function dashboardPages(): string[] {
  const root = path.join("app", "(dashboard)", "dashboard");
  const found: string[] = [];
  const walk = (dir: string, url: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) {
        if (entry.name === "page.tsx") found.push(url);
        continue;
      }
      if (entry.name.startsWith("_")) continue;
      const segment = /^\[.+\]$/.test(entry.name) ? own.requestId : entry.name;
      walk(path.join(dir, entry.name), `${url}/${segment}`);
    }
  };
  walk(root, "/dashboard");
  return found.sort();
}

it("sends an ended session, and none, from every dashboard page to sign-in, and refuses the dashboard's JSON with 401", async () => {
  const kept = await signInDashboard(app.url, "member@own.test", PASSWORD);
  const pages = [...dashboardPages(), "/dashboard/clients?from=test"];
  expect(pages).toContain("/dashboard/security");
  expect(pages.length).toBeGreaterThan(20);
  expect((await page(kept, "/dashboard/requests")).status).toBe(200);

  // signing out in another browser ends every session of the user, this one too
  const other = await signInDashboard(app.url, "member@own.test", PASSWORD);
  const csrf = await fetch(`${app.url}/api/auth/csrf`, { headers: { cookie: cookieHeader(other) } });
  for (const c of csrf.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const at = pair!.indexOf("=");
    other.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const out = await fetch(`${app.url}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(other) },
    body: new URLSearchParams({ csrfToken, json: "true" }),
  });
  expect(out.status).toBeLessThan(400);

  for (const jar of [kept, new Map<string, string>()]) {
    for (const path of pages) {
      const res = await fetch(`${app.url}${path}`, { headers: { cookie: cookieHeader(jar) }, redirect: "manual" });
      expect(res.status, path).toBe(307);
      const to = new URL(res.headers.get("location") ?? "", app.url);
      expect(`${to.pathname}${to.search}`, path).toBe(`/login?callbackUrl=${encodeURIComponent(path)}`);
      await res.body?.cancel();
    }
    for (const api of ["/api/dashboard/emails", "/api/dashboard/clients"]) {
      const res = await fetch(`${app.url}${api}`, { headers: { cookie: cookieHeader(jar) } });
      expect(res.status, api).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
    }
  }
  // a value a browser sends on the proxy's header is not where sign-in sends it back
  const forged = await fetch(`${app.url}/dashboard/team`, {
    headers: { cookie: cookieHeader(kept), "x-dashboard-path": "//evil.example/x" },
    redirect: "manual",
  });
  expect(new URL(forged.headers.get("location") ?? "", app.url).search).toBe(
    `?callbackUrl=${encodeURIComponent("/dashboard/team")}`,
  );
});
