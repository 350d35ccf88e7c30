// Several `npm run worker` processes sharing one PostgreSQL queue, and a worker killed with
// SIGKILL in the middle of deliveries. PostgreSQL only: the embedded database belongs to
// one process, whose in-process worker the other integration tests cover.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { getDb } from "@/lib/infra/db/db";
import { recordEvent } from "@/lib/core/events/record-event";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import {
  respond,
  startWebhookReceiver,
  type ReceivedDelivery,
  type Responder,
  type WebhookReceiver,
} from "@/test/support/webhook-receiver";
import { createWebhook } from "@/lib/core/webhooks/create-webhook";

const ROOT = path.resolve(import.meta.dirname, "../../..");

const children = new Set<ChildProcess>();

function startWorkerProcess(name: string, extra: string[] = []): ChildProcess {
  // node with tsx's loader, not the tsx CLI, whose script runs in a child a SIGKILL would miss
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/worker.ts", "--name", name, "--only", "deliveries", "--poll-ms", "50", ...extra],
    {
      cwd: ROOT,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let err = "";
  child.stderr.on("data", (d) => (err += d));
  child.stdout.resume();
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (code !== 0 && signal === null) console.error(`worker ${name} exited ${code}: ${err}`);
  });
  return child;
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

async function publish(agencyId: string, n: number): Promise<string[]> {
  const db = await getDb();
  const base = Date.now() - n;
  const ids: string[] = [];
  // Batches keep each transaction short; createdAt 1 ms apart fixes the order per webhook.
  for (let start = 0; start < n; start += 250) {
    await db.$transaction(
      async (tx) => {
        for (let i = start; i < Math.min(n, start + 250); i++) {
          ids.push(
            await recordEvent(tx, {
              agencyId,
              type: "client.created",
              data: { seq: i } as never,
              now: new Date(base + i),
            }),
          );
        }
      },
      { timeout: 60_000, maxWait: 15_000 },
    );
  }
  return ids;
}

function firstArrivals(got: ReceivedDelivery[]): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  for (const r of got) {
    const id = String(r.headers["service-event-id"]);
    if (!seen.has(id)) {
      seen.add(id);
      order.push(id);
    }
  }
  return order;
}

function waitFor(what: string, probe: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      if (await probe()) return resolve();
      if (Date.now() - start > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 100);
    };
    void tick();
  });
}

// Worker processes share one PostgreSQL database; on the embedded database the app runs the
// worker itself and `npm run worker` refuses to start.
if (!process.env.DATABASE_URL) {
  describe("npm run worker on the embedded database", () => {
    it("refuses to start, saying the app runs the worker itself", async () => {
      const { execFile } = await import("node:child_process");
      const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          "node_modules/.bin/tsx",
          ["scripts/worker.ts"],
          { env: { ...process.env, DATABASE_URL: "" }, timeout: 60_000 },
          (err, _out, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stderr }),
        );
      });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain("DATABASE_URL");
    });
  });
}

const describeOnPostgres = process.env.DATABASE_URL ? describe : ((() => {}) as unknown as typeof describe);

describeOnPostgres("worker processes on PostgreSQL", () => {
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // The children read the same DATA_DIR, so they share the encryption key written here.
    loadSecrets();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await Promise.all([...children].map((c) => stopChild(c, "SIGKILL")));
    await receiver.close();
  });

  it("share the queue: no delivery sent twice, never two in flight to one webhook, a hanging webhook slows no other", async () => {
    const agencyId = (await createAgency({ name: "Shared Queue Agency", plan: "agency" })).id;
    const paths = ["/q0", "/q1", "/q2", "/q3", "/q4"];
    // Small random delays make overlapping requests to one webhook visible if they ever happen.
    const jittery: Responder = (req, res) => respond.delayed(2 + Math.floor(Math.random() * 8))(req, res, "");
    for (const p of paths) {
      receiver.on(p, jittery);
      await createWebhook({ agencyId, input: { url: receiver.url(p), events: ["*"] } });
    }
    receiver.on("/hang", respond.silent());
    await createWebhook({ agencyId, input: { url: receiver.url("/hang"), events: ["*"] } });

    const events = await publish(agencyId, 200);
    const t0 = Date.now();
    const workers = ["w1", "w2", "w3"].map((n) =>
      startWorkerProcess(n, ["--concurrency", "4", "--timeout-ms", "3000"]),
    );
    // Watch the leases to see that the work really is shared.
    const db = await getDb();
    const holders = new Set<string>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const rows = await db.webhook.findMany({
          where: { agencyId, leaseOwner: { not: null } },
          select: { leaseOwner: true },
        });
        for (const r of rows) holders.add(r.leaseOwner!.split(":")[0]!);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    for (const p of paths) await receiver.waitFor(events.length, p, 45_000);
    const elapsed = Date.now() - t0;
    sampling = false;
    await sampler;
    expect(holders.size).toBeGreaterThanOrEqual(2);

    for (const p of paths) {
      const got = receiver.byPath(p);
      const deliveryIds = got.map((r) => String(r.headers["service-delivery-id"]));
      expect(new Set(deliveryIds).size, `${p}: a delivery was sent twice`).toBe(deliveryIds.length);
      expect(receiver.maxInFlight(p), `${p}: two requests in flight at once`).toBe(1);
      expect(firstArrivals(got)).toEqual(events);
    }
    // The hanging endpoint holds one slot at a time and is cut at 3 s per attempt, so in
    // the time the others took it can only have had a handful of attempts.
    expect(receiver.maxInFlight("/hang")).toBe(1);
    expect(receiver.byPath("/hang").length).toBeLessThanOrEqual(Math.ceil(elapsed / 3_000) + 1);
    // The others never waited behind it: had one of them queued behind a hanging attempt,
    // its arrivals would show a gap of the 3 s timeout.
    for (const p of paths) {
      const times = receiver.byPath(p).map((r) => r.receivedAt);
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      expect(Math.max(...gaps), `${p}: waited behind the hanging webhook`).toBeLessThan(3_000);
    }

    await Promise.all(workers.map((w) => stopChild(w)));
    // A clean stop gives every lease back.
    expect(await db.webhook.count({ where: { agencyId, leaseOwner: { not: null } } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { agencyId, status: "succeeded" } })).toBe(
      paths.length * events.length,
    );
  }, 90_000);

  it("survives SIGKILL mid-delivery: every event reaches every webhook at least once, first arrivals in order", async () => {
    const agencyId = (await createAgency({ name: "Crash Agency", plan: "agency" })).id;
    const paths = ["/c0", "/c1", "/c2"];
    const kills = [300, 900, 1500, 2100];
    let worker: ChildProcess | null = null;
    let generation = 0;
    let total = 0;
    let killed = 0;
    // The receiver itself pulls the trigger while a request is open, so the worker always
    // dies mid-delivery; the answer then goes to a closed socket.
    const crashing: Responder = (req, res) => {
      total++;
      if (killed < kills.length && total >= kills[killed]! && worker) {
        killed++;
        worker.kill("SIGKILL");
        setTimeout(() => res.destroyed || res.writeHead(200).end("late"), 50);
        return;
      }
      res.writeHead(200).end("ok");
    };
    for (const p of paths) {
      receiver.on(p, crashing);
      await createWebhook({ agencyId, input: { url: receiver.url(p), events: ["*"] } });
    }
    const events = await publish(agencyId, 1000);

    const t0 = Date.now();
    const launch = () => {
      const child = startWorkerProcess(`crash-${++generation}`, ["--lease-ms", "2000", "--concurrency", "8"]);
      worker = child;
      child.on("exit", (_code, signal) => {
        // Restart after a kill, like a process supervisor would.
        if (signal === "SIGKILL" && killed <= kills.length && Date.now() - t0 < 100_000) launch();
      });
    };
    launch();
    const db = await getDb();
    await waitFor(
      "every delivery to be recorded",
      async () =>
        (await db.webhookDelivery.count({ where: { agencyId, status: "succeeded" } })) === paths.length * events.length,
      100_000,
    );
    expect(killed).toBe(kills.length);
    expect(generation).toBe(kills.length + 1);
    for (const p of paths) {
      const got = receiver.byPath(p);
      expect(new Set(got.map((r) => String(r.headers["service-event-id"]))).size).toBe(events.length);
      expect(firstArrivals(got)).toEqual(events);
      expect(receiver.maxInFlight(p)).toBe(1);
    }
    // No delivery is left held by a dead worker.
    expect(await db.webhookDelivery.count({ where: { agencyId, status: { not: "succeeded" } } })).toBe(0);
    await stopChild(worker!);
  }, 120_000);
});
