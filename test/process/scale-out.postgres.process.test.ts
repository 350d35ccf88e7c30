// Scale-out on PostgreSQL: two app instances from one build and two `npm run worker`
// processes, sharing one database and one Redis, under mixed API load (creates, reads,
// usage) and client grants through the sandbox connector, alternating instances. In the
// middle one app instance and one worker (the one holding a delivery open) die by SIGKILL.
// Afterwards: no accepted write is lost or doubled, every event reached every webhook at
// least once with one delivery id however often it was sent, no webhook ever had two
// deliveries in flight, the per-agency rate limit was exact across both instances, and the
// usage counters equal the created rows. vitest.process.config.ts includes this file only
// with DATABASE_URL: the embedded database belongs to one process.
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";
import { startWorkerProcess, stopWorker, type RunningWorker } from "@/test/support/worker-process";
import { respond, startWebhookReceiver, type Responder, type WebhookReceiver } from "@/test/support/webhook-receiver";
import { call, seedV2Agency, type ApiResponse, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { locationOf, postForm, signIn } from "@/test/support/access-fixtures";
import { createWebhook } from "@/lib/core/webhooks/create-webhook";
import { getDb } from "@/lib/infra/db/db";
import { loadSecrets } from "@/lib/infra/secrets/secrets";

const LIMIT = 60; // V2 requests per agency per minute, on both instances together
const AGENCIES = 3;
const CLIENTS = 12; // per agency: a client and a request each
const GRANTS = 6; // per agency: requests the client grants
const HOOKS = ["steady", "flaky", "slow"] as const;

const apps: RunningServer[] = [];
const workers: RunningWorker[] = [];
const down = new Set<number>(); // app instances killed on purpose
let receiver: WebhookReceiver;

beforeAll(async () => {
  prepareStandalone();
  // Webhook secrets are encrypted here (createWebhook) and decrypted by the workers.
  const encryptionKey = loadSecrets().encryptionKey.toString("hex");
  const shared = {
    ENCRYPTION_KEY: encryptionKey,
    // a logical database of its own; the limiter's keys also carry the run's agency ids
    REDIS_URL: "redis://127.0.0.1:6379/3",
    V2_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    SANDBOX_PLATFORMS: "1",
    WEBHOOK_ALLOW_LOOPBACK: "1",
    WORKER_IN_PROCESS: "0",
  };
  receiver = await startWebhookReceiver();
  const workerArgs = [
    "--only",
    "deliveries",
    "--poll-ms",
    "50",
    "--lease-ms",
    "2000",
    "--concurrency",
    "8",
    "--timeout-ms",
    "5000",
  ];
  const [a, b, w1, w2] = await Promise.all([
    startStandalone(shared),
    startStandalone(shared),
    startWorkerProcess("scale-w1", workerArgs, { ENCRYPTION_KEY: encryptionKey }),
    startWorkerProcess("scale-w2", workerArgs, { ENCRYPTION_KEY: encryptionKey }),
  ]);
  apps.push(a, b);
  workers.push(w1, w2);
}, 150_000);

afterAll(async () => {
  await Promise.all([...apps.map((s) => stopServer(s)), ...workers.map((w) => stopWorker(w))]);
  await receiver?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let turn = 0;
/** The next instance in turn that was not killed. */
function pick(offset = 0): RunningServer {
  for (let i = 0; i < apps.length; i++) {
    const n = (turn + offset + i) % apps.length;
    if (!down.has(n)) {
      if (offset === 0) turn++;
      return apps[n]!;
    }
  }
  throw new Error("no app instance left");
}

/**
 * One API call the way a careful client makes it: on a dropped connection (the instance
 * died) or a 503, the same call with the same Idempotency-Key goes to the other instance.
 */
async function api(
  key: string,
  method: string,
  path: string,
  opts: { body?: unknown; idempotencyKey?: string } = {},
): Promise<ApiResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await call(pick().url, key, method, path, opts);
      if (
        (res.status === 503 || (res.status === 409 && res.body?.error?.code === "IDEMPOTENCY_IN_PROGRESS")) &&
        attempt < 5
      ) {
        await sleep(300);
        continue;
      }
      return res;
    } catch (err) {
      if (attempt >= 5) throw err;
      await sleep(100);
    }
  }
}

interface Grant {
  requestId: string;
  /** answers "granted" seen by the client (a retried flow can see two) */
  accepted: number;
}

/** The sandbox sign-in on one instance and the picker's form posted to the other. */
async function grant(token: string, g: Grant) {
  for (let attempt = 1; ; attempt++) {
    try {
      const { callback } = await signIn(pick().url, token, "meta_ads");
      const session = callback?.searchParams.get("session");
      if (!session) throw new Error(`sign-in did not reach the picker: ${callback}`);
      const res = await postForm(`${pick().url}/api/access/${token}/services/meta_ads/grant`, {
        session,
        asset: "meta_ads_1001",
      });
      expect(res.status).toBe(303);
      if (locationOf(res).searchParams.get("notice") === "granted") g.accepted++;
      return;
    } catch (err) {
      if (attempt >= 5 || !(err instanceof TypeError)) throw err; // fetch failed: the instance died
      await sleep(100);
      // the dead instance may have committed the grant before it died
      const db = await getDb();
      const svc = await db.requestService.findFirst({
        where: { requestId: g.requestId, serviceId: "meta_ads" },
        select: { status: true },
      });
      if (svc?.status === "granted") return;
    }
  }
}

it("two apps and two workers under load, one of each killed: nothing lost, delivered at least once, one at a time, exact limits and usage", async () => {
  const t0 = Date.now();
  const db = await getDb();

  // --- agencies, each with three webhooks: steady, failing at first, slow
  let killRequested = false;
  const kill: { done?: { worker: string; path: string; deliveryId: string; eventId: string } } = {};
  const webhookOfPath = new Map<string, string>();
  const jitter: Responder = (req, res) => respond.delayed(2 + Math.floor(Math.random() * 8))(req, res, "");
  // The kill comes from inside a delivery: the worker holding this webhook's lease is the one
  // sending it, so it dies with the request open, as does one app instance.
  const slow: Responder = async (req, res, body) => {
    if (killRequested && !kill.done) {
      const path = (req.url ?? "").split("?")[0]!;
      const hook = await db.webhook.findUniqueOrThrow({
        where: { id: webhookOfPath.get(path)! },
        select: { leaseOwner: true },
      });
      const victim = workers.find((w) => hook.leaseOwner?.startsWith(`${w.name}:`)) ?? workers[0]!;
      if (!kill.done) {
        kill.done = {
          worker: victim.name,
          path,
          deliveryId: String(req.headers["service-delivery-id"]),
          eventId: String(req.headers["service-event-id"]),
        };
        down.add(0);
        apps[0]!.child.kill("SIGKILL");
        victim.child.kill("SIGKILL");
        await sleep(50);
        if (!res.destroyed) res.writeHead(200).end("late");
        return;
      }
    }
    return respond.delayed(20 + Math.floor(Math.random() * 30))(req, res, body);
  };
  const agencies: SeededV2Agency[] = [];
  for (let n = 0; n < AGENCIES; n++) {
    const a = await seedV2Agency({ platforms: ["meta"] });
    agencies.push(a);
    for (const h of HOOKS) {
      const path = `/a${n}/${h}`;
      if (h === "steady") receiver.on(path, jitter);
      if (h === "flaky") receiver.on(path, respond.status(500), respond.status(503), respond.status(500), jitter);
      if (h === "slow") receiver.on(path, slow);
      const hook = await createWebhook({ agencyId: a.agencyId, input: { url: receiver.url(path), events: ["*"] } });
      webhookOfPath.set(path, hook.webhook.id);
    }
  }

  // The first retry is due a minute after a failure; like a clock moving on, retries waiting
  // for that are made due at once, so the test does not sit out the schedule.
  let running = true;
  const clock = (async () => {
    while (running) {
      await db.$executeRaw`UPDATE "WebhookDelivery" SET "nextAttemptAt" = now() WHERE "status" = 'pending' AND "attempts" > 0 AND "nextAttemptAt" > now()`;
      await sleep(250);
    }
  })();

  // --- the rate limit, counted across both instances at once
  const limited = await seedV2Agency({ platforms: [] });
  const burst = (async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 10; i += 2) {
      const pair = await Promise.all(
        apps.map((s) => fetch(`${s.url}/api/v2/me`, { headers: { authorization: `Bearer ${limited.key}` } })),
      );
      statuses.push(...pair.map((r) => r.status));
    }
    return statuses;
  })();

  // --- mixed load: creates with idempotency keys, reads on the other instance, client grants
  const total = AGENCIES * CLIENTS;
  let done = 0;
  const accepted = { clients: new Map<string, string>(), requests: new Map<string, string>() }; // id → agency
  const grants: Grant[] = [];
  const load = agencies.map(async (a, n) => {
    for (let i = 0; i < CLIENTS; i++) {
      const c = await api(a.key, "POST", "/clients", {
        body: { name: `Client ${n}-${i}`, email: `c${n}-${i}@client.test` },
        idempotencyKey: crypto.randomUUID(),
      });
      expect(c.status, c.text).toBe(201);
      accepted.clients.set(c.body.data.id, a.agencyId);
      const body = {
        clientId: c.body.data.id,
        requestedServices: {
          meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: a.accounts.meta }] },
        },
      };
      const r = await api(a.key, "POST", "/requests", { body, idempotencyKey: crypto.randomUUID() });
      expect(r.status, r.text).toBe(201);
      accepted.requests.set(r.body.data.id, a.agencyId);
      if (i % 2 === 0) expect((await api(a.key, "GET", `/requests/${r.body.data.id}`)).status).toBe(200);
      if (i < GRANTS) {
        // the database keeps only a hash of the link token: take it from the API's inviteUrl
        const inviteToken = new URL(r.body.data.inviteUrl).pathname.split("/").pop()!;
        const g: Grant = { requestId: r.body.data.id, accepted: 0 };
        grants.push(g);
        await grant(inviteToken, g);
      }
      done++;
    }
  });
  const statuses = await burst;
  // the kill, in the middle of the load and of the deliveries
  const killer = (async () => {
    while (done < total / 2) await sleep(20);
    killRequested = true;
    const since = Date.now();
    while (!kill.done && Date.now() - since < 5_000) await sleep(20);
    expect(kill.done, "no delivery to the slow webhooks arrived to kill during").toBeDefined();
  })();
  await Promise.all([...load, killer]);
  expect(apps[0]!.child.signalCode).toBe("SIGKILL");
  expect(workers.find((w) => w.name === kill.done!.worker)!.child.signalCode).toBe("SIGKILL");

  // --- the rate limit was exact across the two instances
  expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
  expect(statuses.filter((s) => s === 429)).toHaveLength(10);

  // --- every delivery made (the survivor worker takes over the dead one's webhooks)
  const agencyIds = agencies.map((a) => a.agencyId);
  const events = await db.event.findMany({
    where: { agencyId: { in: agencyIds } },
    select: { id: true, agencyId: true },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [ok, all] = await Promise.all([
      db.webhookDelivery.count({ where: { agencyId: { in: agencyIds }, status: "succeeded" } }),
      db.webhookDelivery.count({ where: { agencyId: { in: agencyIds } } }),
    ]);
    if (ok === all && all === events.length * HOOKS.length) break;
    if (Date.now() > deadline)
      throw new Error(`deliveries not done: ${ok} of ${all} succeeded, ${events.length * HOOKS.length} expected`);
    await sleep(200);
  }
  running = false;
  await clock;

  // --- no accepted write lost, none doubled
  expect(accepted.clients.size).toBe(total);
  expect(accepted.requests.size).toBe(total);
  const clientRows = await db.client.findMany({
    where: { agencyId: { in: agencyIds } },
    select: { id: true, agencyId: true },
  });
  expect(new Map(clientRows.map((c) => [c.id, c.agencyId]))).toEqual(accepted.clients);
  const requestRows = await db.accessRequest.findMany({
    where: { agencyId: { in: agencyIds } },
    include: { services: true },
  });
  expect(new Map(requestRows.map((r) => [r.id, r.agencyId]))).toEqual(accepted.requests);
  expect(grants).toHaveLength(AGENCIES * GRANTS);
  for (const g of grants) {
    expect(g.accepted, `grant of ${g.requestId}`).toBeGreaterThanOrEqual(1);
    expect(requestRows.find((r) => r.id === g.requestId)!.services[0]!.status).toBe("granted");
  }

  // --- every event at every webhook at least once, one delivery id per event and webhook
  const rows = await db.webhookDelivery.findMany({
    where: { agencyId: { in: agencyIds } },
    select: { id: true, webhookId: true, eventId: true },
  });
  const deliveryIdOf = new Map(rows.map((r) => [`${r.webhookId}/${r.eventId}`, r.id]));
  let resent = 0;
  for (const [n, a] of agencies.entries()) {
    const own = events.filter((e) => e.agencyId === a.agencyId).map((e) => e.id);
    for (const h of HOOKS) {
      const path = `/a${n}/${h}`;
      const got = receiver.byPath(path);
      const idsByEvent = new Map<string, Set<string>>();
      for (const r of got) {
        const eventId = String(r.headers["service-event-id"]);
        idsByEvent.set(eventId, (idsByEvent.get(eventId) ?? new Set()).add(String(r.headers["service-delivery-id"])));
      }
      expect([...idsByEvent.keys()].sort(), `${path}: events delivered`).toEqual([...own].sort());
      for (const [eventId, ids] of idsByEvent)
        expect([...ids], `${path}: delivery ids of ${eventId}`).toEqual([
          deliveryIdOf.get(`${webhookOfPath.get(path)}/${eventId}`),
        ]);
      expect(receiver.maxInFlight(path), `${path}: two deliveries in flight at once`).toBe(1);
      resent += got.length - idsByEvent.size;
      if (h === "flaky")
        expect(got.length, `${path}: the failures were retried`).toBeGreaterThanOrEqual(own.length + 3);
    }
  }
  expect(resent).toBeGreaterThanOrEqual(AGENCIES * 3 + 1);
  // the delivery open when its worker died was sent again, under the same id
  const k = kill.done!;
  const again = receiver.byPath(k.path).filter((r) => r.headers["service-event-id"] === k.eventId);
  expect(again.length).toBeGreaterThanOrEqual(2);
  expect(new Set(again.map((r) => r.headers["service-delivery-id"]))).toEqual(new Set([k.deliveryId]));

  // --- usage counts equal the created rows (asked of the surviving instance)
  for (const a of agencies) {
    const usage = await call(apps[1]!.url, a.key, "GET", "/usage");
    expect(usage.status).toBe(200);
    const rowsOfAgency = requestRows.filter((r) => r.agencyId === a.agencyId).length;
    expect(rowsOfAgency).toBe(CLIENTS);
    expect(usage.body.data.clients.used).toBe(rowsOfAgency);
    expect(usage.body.data.prospects.used).toBe(0);
  }

  // the survivors are healthy, and the run stayed bounded
  expect((await fetch(`${apps[1]!.url}/api/health/ready`)).status).toBe(200);
  expect(workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null)).toHaveLength(1);
  expect(Date.now() - t0).toBeLessThan(120_000);
}, 150_000);
