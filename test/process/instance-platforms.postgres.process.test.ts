// Going live from the dashboard on two instances of one build on one PostgreSQL database:
// an agency Owner is refused the instance's Platforms page (404) and its actions; the instance
// administrator saves Meta's credentials on one instance and verifies them against the
// Meta fake, and the other instance takes Meta live without a restart; the sandbox switch
// flipped on one instance is followed by the other. vitest.process.config.ts includes
// this file only with DATABASE_URL.
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { hostOverrides, META_FAKE_APP, startMetaFake, type MetaFake } from "@/test/support/fakes/meta-fake";
import { callServerAction, cookieHeader, serverAction, signInDashboard } from "@/test/support/server-actions";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";

const apps: RunningServer[] = [];
let meta: MetaFake;
const PASSWORD = "going-live-Secret1";
const ACTIONS = "app/(dashboard)/dashboard/instance/platforms/platform-actions.ts";

beforeAll(async () => {
  prepareStandalone();
  meta = await startMetaFake();
  const shared = {
    ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
    PLATFORM_HOST_OVERRIDES: hostOverrides(meta.hosts),
  };
  apps.push(...(await Promise.all([startStandalone(shared), startStandalone(shared)])));
}, 150_000);

afterAll(async () => {
  await Promise.all(apps.map((s) => stopServer(s)));
  await meta?.close();
});

type Result<T> = { ok: true; data: T } | { ok: false; error: string; code: string };

async function metaMode(base: string, jar: Map<string, string>): Promise<string | undefined> {
  const html = await (await fetch(`${base}/dashboard/accounts`, { headers: { cookie: cookieHeader(jar) } })).text();
  return /data-platform="meta" data-mode="(\w+)"/.exec(html)?.[1];
}

/** How often an instance reloaded its platform settings on another instance's announcement. */
function reloads(server: RunningServer): number {
  return server.output().split("Platform settings reloaded: a change was announced").length - 1;
}

async function eventually(read: () => Promise<string | undefined>, expected: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  let last: string | undefined;
  while (Date.now() < until) {
    last = await read();
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(last).toBe(expected);
}

it("an Owner is refused; the administrator's Meta setup and sandbox switch reach the other instance without a restart", async () => {
  const [a, b] = apps as [RunningServer, RunningServer];
  // the first user of the fresh installation runs it
  const admin = await createUser({
    agencyId: (await createAgency({ name: "Operator Agency", plan: "agency" })).id,
    email: "operator@example.com",
    password: PASSWORD,
    emailVerified: true,
  });
  const owner = await createUser({
    agencyId: (await createAgency({ name: "Client Agency", plan: "agency" })).id,
    email: "owner@example.com",
    password: PASSWORD,
    emailVerified: true,
  });
  const adminJar = await signInDashboard(a.url, admin.email, PASSWORD);
  const ownerJar = await signInDashboard(a.url, owner.email, PASSWORD);
  const save = serverAction(ACTIONS, "savePlatformCredentialsAction");
  const verify = serverAction(ACTIONS, "verifyPlatformAction");
  const switches = serverAction(ACTIONS, "setPlatformSwitchesAction");

  // the boundary: the page's settings and every action are refused to an agency Owner, who
  // is told who administers the installation and the operator's command instead
  const refused = await fetch(`${a.url}/dashboard/instance/platforms`, { headers: { cookie: cookieHeader(ownerJar) } });
  expect(refused.status).toBe(404);
  const hidden = await refused.text();
  expect(hidden).toContain("administrators set up platforms");
  expect(hidden).toContain("user make-instance-admin");
  expect(hidden).not.toContain("Redirect URIs of this installation");
  expect(hidden).not.toContain('"instanceAdmin":true');
  for (const [action, args] of [
    [save, { platform: "meta", values: { META_APP_ID: "1" } }],
    [verify, { platform: "meta" }],
    [switches, { platform: "meta", sandbox: true }],
  ] as const) {
    const r = await callServerAction<Result<unknown>>(a.url, action, [args], ownerJar);
    expect(r.value).toMatchObject({ ok: false, code: "NOT_FOUND", status: 404 });
  }
  const page = await (
    await fetch(`${a.url}/dashboard/instance/platforms`, { headers: { cookie: cookieHeader(adminJar) } })
  ).text();
  expect(page).toContain("Redirect URIs of this installation");

  // saved on A, not live anywhere until verified
  const saved = await callServerAction<Result<unknown>>(
    a.url,
    save,
    [{ platform: "meta", values: { META_APP_ID: META_FAKE_APP.appId, META_APP_SECRET: META_FAKE_APP.appSecret } }],
    adminJar,
  );
  expect(saved.value).toMatchObject({ ok: true });
  expect(await metaMode(b.url, adminJar)).toBe("unconfigured");
  const verified = await callServerAction<Result<{ ok: boolean; message: string }>>(
    a.url,
    verify,
    [{ platform: "meta" }],
    adminJar,
  );
  expect(verified.value).toMatchObject({
    ok: true,
    data: { ok: true, message: expect.stringContaining("Meta accepted the app") },
  });
  expect(await metaMode(a.url, adminJar)).toBe("live");
  // B heard the announcement (LISTEN/NOTIFY), not only its own reload of an old snapshot
  await eventually(async () => (reloads(b) > 0 ? "heard" : undefined), "heard");
  await eventually(() => metaMode(b.url, adminJar), "live");

  // the sandbox switch flipped on B reaches A, and back
  const heardByA = reloads(a);
  expect(
    (await callServerAction<Result<unknown>>(b.url, switches, [{ platform: "meta", sandbox: true }], adminJar)).value,
  ).toMatchObject({ ok: true });
  await eventually(async () => (reloads(a) > heardByA ? "heard" : undefined), "heard");
  await eventually(() => metaMode(a.url, adminJar), "sandbox");
  expect(
    (await callServerAction<Result<unknown>>(a.url, switches, [{ platform: "meta", sandbox: false }], adminJar)).value,
  ).toMatchObject({ ok: true });
  await eventually(() => metaMode(b.url, adminJar), "live");
});
