// One build, two instances: the dashboard's Server Actions of one signed-in user work
// whichever instance answers, as behind the round-robin balancer of compose.yaml. Both
// instances run the standalone server of the same `next build` (so the same action ids) on
// one PostgreSQL database, with one NEXT_SERVER_ACTIONS_ENCRYPTION_KEY; the user signs in on
// one, then creates an API key, creates a client, renames it and adds a note on the two in
// turn, each posted the way the browser posts it, and each result is visible through the
// other. A password change on one instance ends the user's other sessions on both while the
// changing tab goes on with its renewed cookie. vitest.process.config.ts includes this file
// only with DATABASE_URL: the embedded database belongs to one process. "Ask again" clicked
// on both instances at once gives one request and one email. Two agencies checking their DNS
// proof of one domain at once, each on its own instance, leave exactly one of them verified.
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";
import { callServerAction, cookieHeader, serverAction, signInDashboard } from "@/test/support/server-actions";
import { call } from "@/test/support/v2-fixtures";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { getDb } from "@/lib/infra/db/db";
import { seedAccessAgency, seedLostAccessAlert } from "@/test/support/access-fixtures";
import { startFakeDnsServer, type FakeDnsServer } from "@/test/support/fake-dns-server";
import { domainTxtRecord } from "@/lib/core/sso/agency-domains";

const apps: RunningServer[] = [];
let dns: FakeDnsServer;

beforeAll(async () => {
  prepareStandalone();
  dns = await startFakeDnsServer();
  const shared = {
    ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
    DNS_SERVERS: dns.address,
  };
  apps.push(...(await Promise.all([startStandalone(shared), startStandalone(shared)])));
}, 150_000);

afterAll(async () => {
  await Promise.all(apps.map((s) => stopServer(s)));
  await dns?.close();
});

type Result<T> = { ok: true; data: T } | { ok: false; error: string; code: string };

function ok<T>(r: { status: number; value: Result<T> }): T {
  expect(r.status).toBe(200);
  expect(r.value, JSON.stringify(r.value)).toMatchObject({ ok: true });
  return (r.value as { ok: true; data: T }).data;
}

it("one user's Server Actions, posted alternately to two instances of one build, each succeed and show on the other", async () => {
  const [a, b] = apps as [RunningServer, RunningServer];
  const agency = await createAgency({ name: "Two Instance Agency", plan: "agency" });
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = "two-instances-Secret1";
  await createUser({ agencyId: agency.id, email, password, emailVerified: true });

  const createKey = serverAction("app/(dashboard)/dashboard/api-keys/api-key-actions.ts", "createApiKeyAction");
  const createClient = serverAction("app/(dashboard)/dashboard/clients/client-actions.ts", "createClientAction");
  const updateClient = serverAction("app/(dashboard)/dashboard/clients/client-actions.ts", "updateClientAction");
  const addNote = serverAction("app/(dashboard)/dashboard/clients/client-actions.ts", "addClientNoteAction");

  // signed in on A; the session cookie is good on B too
  const jar = await signInDashboard(a.url, email, password);
  const session = await fetch(`${b.url}/api/auth/session`, { headers: { cookie: cookieHeader(jar) } });
  expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBe(email);

  // B: create an API key; A accepts it at once
  const key = ok(
    await callServerAction<Result<{ key: string; id: string }>>(
      b.url,
      createKey,
      [{ name: "From B", scopes: ["clients:read", "clients:create"] }],
      jar,
      agency.id,
    ),
  );
  expect((await call(a.url, key.key, "GET", "/clients")).status).toBe(200);

  // A: create a client; B has it
  const created = ok(
    await callServerAction<Result<{ id: string; name: string }>>(
      a.url,
      createClient,
      [{ name: "Made on A", email: "made@client.test" }],
      jar,
      agency.id,
    ),
  );
  const onB = await call(b.url, key.key, "GET", `/clients/${created.id}`);
  expect(onB.status).toBe(200);
  expect(onB.body.data.name).toBe("Made on A");

  // B: rename it; A shows the new name
  const renamed = ok(
    await callServerAction<Result<{ name: string }>>(
      b.url,
      updateClient,
      [{ id: created.id, patch: { name: "Renamed on B" } }],
      jar,
      agency.id,
    ),
  );
  expect(renamed.name).toBe("Renamed on B");
  expect((await call(a.url, key.key, "GET", `/clients/${created.id}`)).body.data.name).toBe("Renamed on B");

  // A: a staff note; it is in the database B reads
  ok(await callServerAction(a.url, addNote, [{ clientId: created.id, body: "Noted on A" }], jar, agency.id));

  // the sign-in and every action are in the audit log once, whichever instance ran them
  const db = await getDb();
  const audit = await db.auditEntry.findMany({
    where: { agencyId: agency.id },
    select: { action: true },
    orderBy: { createdAt: "asc" },
  });
  expect(audit.map((e) => e.action)).toEqual([
    "user.signed_in",
    "api_key.created",
    "client.created",
    "client.updated",
    "client.note_added",
  ]);

  // the same action without the session is refused by either instance, as a result, not a 500
  for (const s of apps) {
    const refused = await callServerAction<Result<unknown>>(
      s.url,
      createClient,
      [{ name: "No session", email: "no@client.test" }],
      new Map(),
    );
    expect(refused.value).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
  }
});

it("a password change on one instance ends the user's other sessions on both, and the changing tab goes on", async () => {
  const [a, b] = apps as [RunningServer, RunningServer];
  const agency = await createAgency({ name: "Password Change Agency", plan: "agency" });
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const before = "violet tractor ocean lantern 17";
  const after = "amber kettle meadow signal 58";
  await createUser({ agencyId: agency.id, email, password: before, emailVerified: true });
  const changePassword = serverAction("app/(dashboard)/dashboard/security/security-actions.ts", "changePasswordAction");
  const sessionEmail = async (base: string, jar: Map<string, string>) =>
    (
      (await (await fetch(`${base}/api/auth/session`, { headers: { cookie: cookieHeader(jar) } })).json()) as {
        user?: { email?: string };
      }
    ).user?.email;

  const thisTab = await signInDashboard(a.url, email, before);
  const otherDevice = await signInDashboard(b.url, email, before);

  // a wrong current password is named on its field and changes nothing
  const wrong = await callServerAction<Result<unknown> & { fieldErrors?: Record<string, string> }>(
    a.url,
    changePassword,
    [{ currentPassword: "not-the-password", newPassword: after, confirmPassword: after }],
    thisTab,
  );
  expect(wrong.value).toMatchObject({
    ok: false,
    code: "VALIDATION_FAILED",
    fieldErrors: { currentPassword: expect.any(String) },
  });
  expect(await sessionEmail(b.url, otherDevice)).toBe(email);

  ok(
    await callServerAction<Result<{ changed: true }>>(
      a.url,
      changePassword,
      [{ currentPassword: before, newPassword: after, confirmPassword: after }],
      thisTab,
    ),
  );
  // the other session is refused by either instance; this tab's renewed cookie works on both
  expect(await sessionEmail(a.url, otherDevice)).toBeUndefined();
  expect(await sessionEmail(b.url, thisTab)).toBe(email);
  await expect(signInDashboard(b.url, email, before)).rejects.toThrow(/gave no session/);
  expect(await sessionEmail(a.url, await signInDashboard(a.url, email, after))).toBe(email);
});

it('"Ask again" clicked at once on both instances creates one request and emails the client once', async () => {
  const [a, b] = apps as [RunningServer, RunningServer];
  const agency = await seedAccessAgency(["google"]);
  const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = "ask-again-Secret-99";
  await createUser({ agencyId: agency.agencyId, email, password, emailVerified: true });
  const { alertId, clientId } = await seedLostAccessAlert(agency);
  // posted from the client's page, the one page that shows lost-access alerts
  const askAgain = serverAction(
    "app/(dashboard)/dashboard/clients/access-actions.ts",
    "askAgainAction",
    `/dashboard/clients/${clientId}`,
  );
  const jar = await signInDashboard(a.url, email, password);
  const db = await getDb();
  const before = await db.accessRequest.count({ where: { clientId } });

  const clicks = await Promise.all(
    [a, b, a, b].map((s) =>
      callServerAction<Result<{ requestId: string }>>(
        s.url,
        askAgain,
        [{ alertIds: [alertId], sendEmail: true }],
        jar,
        agency.agencyId,
      ),
    ),
  );
  const done = clicks.filter((c) => c.value.ok);
  expect(done, JSON.stringify(clicks.map((c) => c.value))).toHaveLength(1);
  for (const c of clicks) if (!c.value.ok) expect(c.value).toMatchObject({ ok: false, code: "INVALID_STATE" });
  expect(await db.accessRequest.count({ where: { clientId } })).toBe(before + 1);
  expect(await db.email.count({ where: { agencyId: agency.agencyId, kind: "invite", to: "ana@client.test" } })).toBe(1);
});

it("two agencies checking one domain's DNS proof at once, on two instances, leave one of them verified", async () => {
  const [a, b] = apps as [RunningServer, RunningServer];
  const claim = serverAction("app/(dashboard)/dashboard/security/sso-domain-actions.ts", "claimDomainByDnsAction");
  const check = serverAction("app/(dashboard)/dashboard/security/sso-domain-actions.ts", "checkDomainTxtAction");
  const db = await getDb();
  // several rounds, each on a new domain: a check-then-write race shows within a few
  for (let round = 0; round < 4; round++) {
    const domain = `race-${crypto.randomUUID().slice(0, 8)}.test`;
    const owners = await Promise.all(
      ["One", "Two"].map(async (n) => {
        const agency = await createAgency({ name: `Domain Race ${n}`, plan: "agency" });
        const email = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
        await createUser({ agencyId: agency.id, email, password: "domain-race-Secret-1", emailVerified: true });
        return { agencyId: agency.id, jar: await signInDashboard(a.url, email, "domain-race-Secret-1") };
      }),
    );
    // each agency claims and publishes its own record: both proofs are real
    for (const o of owners) {
      ok(await callServerAction<Result<unknown>>(a.url, claim, [{ domain }], o.jar, o.agencyId));
      const record = domainTxtRecord(o.agencyId, domain);
      dns.txt.set(record.name, [...(dns.txt.get(record.name) ?? []), record.value]);
    }
    const [one, two] = owners as [(typeof owners)[0], (typeof owners)[0]];
    const checks = await Promise.all([
      callServerAction<Result<unknown>>(a.url, check, [{ domain }], one.jar, one.agencyId),
      callServerAction<Result<unknown>>(b.url, check, [{ domain }], two.jar, two.agencyId),
    ]);
    const verified = checks.filter((c) => c.value.ok);
    expect(verified, JSON.stringify(checks.map((c) => c.value))).toHaveLength(1);
    for (const c of checks) if (!c.value.ok) expect(c.value).toMatchObject({ ok: false, code: "VALIDATION_FAILED" });
    expect(await db.agencyDomain.count({ where: { domain, verifiedAt: { not: null } } })).toBe(1);
  }
});
