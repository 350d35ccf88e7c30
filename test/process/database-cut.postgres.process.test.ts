// The database going away and coming back (a restart) is a 503, on every surface, and
// never a sign-out. The built server reaches PostgreSQL through a TCP proxy this test
// closes (every connection cut, new ones refused) and reopens. While it is closed: a client
// page's form post answers 503 with Retry-After and the "try again in a moment" message in
// the client's language, a dashboard action answers SERVICE_UNAVAILABLE, the API 503, and
// the signed-in user's cookie is not cleared. Once it is open again the same cookie works,
// and the writes sent then are stored exactly once.
import crypto from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  freePort,
  prepareStandalone,
  startStandalone,
  stopServer,
  type RunningServer,
} from "@/test/support/standalone-server";
import { callServerAction, cookieHeader, serverAction, signInDashboard } from "@/test/support/server-actions";
import { seedAccessAgency, seedAccessRequest } from "@/test/support/access-fixtures";
import { seedV2Agency, call } from "@/test/support/v2-fixtures";
import { createUser } from "@/lib/core/users/create-user";
import { addIntakeQuestion, setIntakeEnabled } from "@/lib/core/intake/questions";
import { ZIntakeQuestionInput } from "@/lib/core/intake/question-schemas";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";

/** A TCP proxy to PostgreSQL that can be closed (connections cut, new ones refused) and reopened. */
function databaseProxy(target: URL, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const open = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  return { open, close };
}

let app: RunningServer;
let proxy: ReturnType<typeof databaseProxy>;
const PASSWORD = "violet tractor ocean lantern 17";

beforeAll(async () => {
  prepareStandalone();
  // one key for the links this process seals and the server opens
  process.env.ENCRYPTION_KEY ||= crypto.randomBytes(32).toString("hex");
  resetEnvCache();
  const target = new URL(process.env.DATABASE_URL!);
  const port = await freePort();
  proxy = databaseProxy(target, port);
  await proxy.open();
  const through = new URL(target);
  through.hostname = "127.0.0.1";
  through.port = String(port);
  app = await startStandalone({ DATABASE_URL: through.toString(), RATE_LIMIT_STORE: "memory", REDIS_URL: "" });
}, 150_000);
afterAll(async () => {
  await stopServer(app);
  await proxy.close();
});

type Result = { ok: true; data: { id: string } } | { ok: false; code: string; status: number; error: string };

it("a database cut is a 503 everywhere, no sign-out, and nothing lost once it is back", async () => {
  const agency = await seedAccessAgency(["meta"]);
  await setIntakeEnabled({ agencyId: agency.agencyId, enabled: true });
  const form = await addIntakeQuestion({
    agencyId: agency.agencyId,
    input: ZIntakeQuestionInput.parse({ type: "text", label: "Website?", required: false }),
  });
  const questionId = form.questions.at(-1)!.id;
  const { token, requestId } = await seedAccessRequest(
    agency,
    { meta_ads: { accessLevel: "admin" } },
    { intake: true },
  );
  const email = `cut-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await createUser({ agencyId: agency.agencyId, email, password: PASSWORD, emailVerified: true });
  const api = await seedV2Agency();
  const jar = await signInDashboard(app.url, email, PASSWORD);
  const createClient = serverAction("app/(dashboard)/dashboard/clients/client-actions.ts", "createClientAction");
  const sessionEmail = async () =>
    (
      (await (await fetch(`${app.url}/api/auth/session`, { headers: { cookie: cookieHeader(jar) } })).json()) as {
        user?: { email?: string };
      }
    ).user?.email;
  const intake = (answer: string) =>
    fetch(`${app.url}/api/access/${token}/intake`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        "accept-language": "es",
      },
      body: new URLSearchParams({ [`q.${questionId}`]: answer }),
    });

  await proxy.close();
  const statuses: number[] = [];
  for (let round = 0; round < 3; round++) {
    const post = await intake(`https://during-${round}.test`);
    statuses.push(post.status);
    expect(post.status).toBe(503);
    expect(Number(post.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await post.json()).toMatchObject({
      ok: false,
      error: { code: "try_again", message: expect.stringMatching(/inténtalo de nuevo en un momento/) },
    });

    const action = await callServerAction<Result>(
      app.url,
      createClient,
      [{ name: `During ${round}`, email: `during-${round}@client.test` }],
      jar,
      agency.agencyId,
    );
    statuses.push(action.status);
    expect(action.value).toMatchObject({ ok: false, code: "SERVICE_UNAVAILABLE", status: 503 });

    const v2 = await call(app.url, api.key, "GET", "/clients");
    statuses.push(v2.status);
    expect(v2.status).toBe(503);

    // the session is not ended: no cookie clearing it comes back
    const session = await fetch(`${app.url}/api/auth/session`, { headers: { cookie: cookieHeader(jar) } });
    statuses.push(session.status);
    const cleared = session.headers
      .getSetCookie()
      .filter((c) => /session-token=;|session-token=[^;]*;.*Max-Age=0/i.test(c));
    expect(cleared).toEqual([]);
    await session.arrayBuffer();
  }
  expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);

  await proxy.open();
  // the pool reconnects: the same cookie, the same forms, now stored
  let created: Result | null = null;
  for (let i = 0; i < 40 && !created?.ok; i++) {
    created = (
      await callServerAction<Result>(
        app.url,
        createClient,
        [{ name: "After the cut", email: "after@client.test" }],
        jar,
        agency.agencyId,
      )
    ).value;
    if (!created.ok) await new Promise((r) => setTimeout(r, 250));
  }
  expect(created).toMatchObject({ ok: true });
  expect(await sessionEmail()).toBe(email);
  const after = await intake("https://after.test");
  expect(after.status).toBe(200);
  expect((await call(app.url, api.key, "GET", "/clients")).status).toBe(200);

  const db = await getDb();
  expect(await db.client.count({ where: { agencyId: agency.agencyId, name: "After the cut" } })).toBe(1);
  expect(await db.client.count({ where: { agencyId: agency.agencyId, name: { startsWith: "During" } } })).toBe(0);
  const answers = await db.intakeAnswer.findMany({ where: { requestId }, select: { value: true } });
  expect(JSON.stringify(answers)).toContain("https://after.test");
  expect(JSON.stringify(answers)).not.toContain("during-");
}, 120_000);
