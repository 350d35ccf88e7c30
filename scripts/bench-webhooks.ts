// Webhook delivery benchmark on PostgreSQL: npm run bench:webhooks
// (DATABASE_URL must point at a PostgreSQL server; a throwaway database is created on it and
// dropped afterwards).
//
// For each worker count (default 1 and 4 `npm run worker` processes, default settings):
//  1. throughput: a backlog of --events events (default 10,000), spread over --receivers
//     loopback receivers (default 20; one webhook each, each event to one receiver, or to
//     the 10 webhooks of its agency with --fanout all), is held until the workers are up,
//     then released; deliveries per second are counted from the release to the last arrival.
//  2. latency, not saturated: --latency-events events (default 1,000) recorded one per
//     transaction at --rate per second (default 100) while the workers idle; time from the
//     event's commit to the first attempt reaching its receiver, p50 / p99 / max.
// Options: --events N --receivers N --workers 1,4 --fanout one|all --rate N --latency-events N
//   --cpu-prof <folder>  run each worker under the V8 profiler and leave its .cpuprofile there
//                        (summarize with scripts/summarize-cpu-profile.ts; it slows the workers,
//                        so figures of such a run are not comparable with others)
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}
const EVENTS = Number(option("events", "10000"));
const RECEIVERS = Number(option("receivers", "20"));
const WORKER_COUNTS = option("workers", "1,4").split(",").map(Number);
const FANOUT = option("fanout", "one");
const RATE = Number(option("rate", "100"));
const LATENCY_EVENTS = Number(option("latency-events", "1000"));
const CPU_PROF = option("cpu-prof", "");

const base = process.env.DATABASE_URL;
if (!base || !/^postgres(ql)?:\/\//.test(base)) {
  console.error(
    "bench:webhooks needs DATABASE_URL pointing at a PostgreSQL server (a throwaway database is created there).",
  );
  process.exit(1);
}

// A throwaway database, and the environment the workers inherit, set before anything reads env().
const dbName = `bench_webhooks_${crypto.randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(base);
url.pathname = `/${dbName}`;
process.env.DATABASE_URL = url.toString();
process.env.WEBHOOK_ALLOW_LOOPBACK = "1";
process.env.SEED_DEMO = "0";
process.env.APP_SECRET ??= crypto.randomBytes(32).toString("hex");
process.env.ENCRYPTION_KEY ??= crypto.randomBytes(32).toString("hex");
process.env.DATA_DIR = path.join(os.tmpdir(), dbName);

const { getDb, migrate, closeDb } = await import("@/lib/infra/db/db");
const { createAgency } = await import("@/lib/core/agencies/create-agency");
const { createWebhook } = await import("@/lib/core/webhooks/create-webhook");
const { recordEvent } = await import("@/lib/core/events/record-event");

const children = new Set<ChildProcess>();
// Attempts per worker process, as each reports when it stops: how evenly the work spread.
let shares: number[] = [];
const servers: http.Server[] = [];

// Arrivals: event id -> first arrival time (ms, performance clock), and every arrival in order.
const firstArrival = new Map<string, number>();
let arrivals = 0;
let lastAt = 0;
let waiter: (() => void) | null = null;

function receiver(): Promise<string> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const now = performance.now();
      const id = String(req.headers["service-event-id"]);
      if (!firstArrival.has(id)) firstArrival.set(id, now);
      arrivals++;
      lastAt = now;
      res.writeHead(200).end("ok");
      waiter?.();
    });
  });
  servers.push(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`)),
  );
}

function startWorker(name: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const args = ["scripts/worker.ts", "--name", name, "--only", "deliveries"];
    // under the profiler, node itself runs the worker (tsx as a loader), so the profile is the worker's
    const child = CPU_PROF
      ? spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir", path.resolve(CPU_PROF), "--import", "tsx", ...args], {
          cwd: ROOT,
          env: process.env,
          stdio: ["ignore", "pipe", "inherit"],
        })
      : spawn(TSX, args, { cwd: ROOT, env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    children.add(child);
    child.on("exit", () => children.delete(child));
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (d: string) => {
      if (d.includes("started")) resolve(child);
      const done = /stopped after (\d+)/.exec(d);
      if (done) shares.push(Number(done[1]));
    });
    child.on("error", reject);
  });
}

async function stopWorkers() {
  await Promise.all(
    [...children].map(
      (c) =>
        new Promise<void>((resolve) => {
          c.once("exit", () => resolve());
          c.kill("SIGTERM");
        }),
    ),
  );
}

function until(done: () => boolean, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (done()) return resolve();
    const timer = setTimeout(
      () => reject(new Error(`gave up after ${timeoutMs} ms with ${arrivals} arrivals`)),
      timeoutMs,
    );
    waiter = () => {
      if (done()) {
        clearTimeout(timer);
        waiter = null;
        resolve();
      }
    };
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

try {
  await migrate();
  const db = await getDb();
  const urls = await Promise.all(Array.from({ length: RECEIVERS }, () => receiver()));
  // One agency per receiver (one event goes to one receiver), or one agency holding every
  // receiver's webhook in groups of 10 (the per-agency limit) for --fanout all.
  const agencies: string[] = [];
  if (FANOUT === "all") {
    for (let i = 0; i < urls.length; i += 10) {
      const agency = (await createAgency({ name: `Bench ${i}`, plan: "agency" })).id;
      agencies.push(agency);
      for (const u of urls.slice(i, i + 10))
        await createWebhook({ agencyId: agency, input: { url: u, events: ["*"] } });
    }
  } else {
    for (const u of urls) {
      const agency = (await createAgency({ name: `Bench ${u}`, plan: "agency" })).id;
      agencies.push(agency);
      await createWebhook({ agencyId: agency, input: { url: u, events: ["*"] } });
    }
  }
  const perEvent = FANOUT === "all" ? Math.min(10, RECEIVERS) : 1;

  const results: string[] = [];
  for (const workers of WORKER_COUNTS) {
    await db.$executeRawUnsafe(`TRUNCATE "DeliveryAttempt", "WebhookDelivery", "Event"`);
    firstArrival.clear();
    arrivals = 0;
    lastAt = 0;

    // 1. Throughput: the backlog is committed and held (due in an hour) while the workers
    // start, then released at once; the clock runs from the release to the last arrival.
    for (let start = 0; start < EVENTS; start += 500) {
      await db.$transaction(
        async (tx) => {
          for (let i = start; i < Math.min(EVENTS, start + 500); i++) {
            await recordEvent(tx, {
              agencyId: agencies[i % agencies.length]!,
              type: "client.created",
              data: { seq: i } as never,
            });
          }
        },
        { timeout: 120_000, maxWait: 15_000 },
      );
    }
    await db.$executeRawUnsafe(`UPDATE "WebhookDelivery" SET "nextAttemptAt" = now() + interval '1 hour'`);
    const expected = EVENTS * perEvent;
    await Promise.all(Array.from({ length: workers }, (_, i) => startWorker(`bench-${workers}-${i}`)));
    await new Promise((r) => setTimeout(r, 2_000));
    await db.$executeRawUnsafe(`UPDATE "WebhookDelivery" SET "nextAttemptAt" = "createdAt"`);
    const released = performance.now();
    await until(() => arrivals >= expected, 30 * 60_000);
    const seconds = (lastAt - released) / 1000;
    const throughput = expected / seconds;

    // 2. Latency while not saturated: one event per transaction at a steady rate.
    const committed = new Map<string, number>();
    firstArrival.clear();
    const interval = 1000 / RATE;
    const t0 = performance.now();
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const due = t0 + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const id = await db.$transaction((tx) =>
        recordEvent(tx, {
          agencyId: agencies[i % agencies.length]!,
          type: "client.created",
          data: { seq: i } as never,
        }),
      );
      committed.set(id, performance.now());
    }
    await until(() => [...committed.keys()].every((id) => firstArrival.has(id)), 120_000);
    const latencies = [...committed].map(([id, at]) => firstArrival.get(id)! - at).sort((a, b) => a - b);
    shares = [];
    await stopWorkers();

    const line =
      `${workers} worker(s): ${expected} deliveries (${EVENTS} events x ${perEvent}) in ${seconds.toFixed(1)} s = ${throughput.toFixed(0)} deliveries/s; ` +
      `commit -> first attempt at ${RATE} events/s: p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies[latencies.length - 1]!.toFixed(0)} ms; attempts per worker ${shares.join("/")}`;
    console.log(line);
    results.push(line);
  }
  console.log(`\nmachine: ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model ?? "?"}, node ${process.version}`);
} finally {
  await stopWorkers().catch(() => undefined);
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
  await closeDb().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}
process.exit(0);
