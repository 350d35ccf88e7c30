// The background worker as its own process, for PostgreSQL deployments: npm run worker.
// Run as many as you like (each shares the queue through leases). SIGTERM or SIGINT stops
// it cleanly: in-flight deliveries finish, leases are given back. On the embedded database
// the worker runs inside the app instead, so this refuses to start there.
//
// Options: --name <text>  --concurrency <webhooks at once, default 16>
//          --only <deliveries,expiry,emails,reminders,purge>  (default: all)
//          --lease-ms <n>  --poll-ms <n>  --timeout-ms <n>  (tuning; tests use short ones)
//          --metrics-port <n>  serve Prometheus metrics on http://0.0.0.0:<n>/metrics
// Its database pool holds WORKER_DATABASE_POOL_SIZE connections (else DATABASE_POOL_SIZE).
import http from "node:http";
import os from "node:os";
import { closeDb, DatabaseUnreachableError, getDb, migrationState, setPoolSize } from "@/lib/infra/db/db";
import { compatibility, describeCompatibility } from "@/lib/infra/db/migrate";
import { closeListener } from "@/lib/infra/db/notifications";
import { log } from "@/lib/infra/log";
import { renderMetrics } from "@/lib/infra/metrics";
import { registerQueueMetrics } from "@/lib/runtime/metrics/queue-metrics";
import { env, EnvError } from "@/lib/infra/env";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { startPlatformSettingsSync } from "@/lib/runtime/boot/platform-settings-sync";
import { startWorker, WORKER_TASKS, type WorkerTaskName } from "@/lib/runtime/worker/start-worker";

function fatal(message: string): never {
  console.error(`Cannot start the worker: ${message}`);
  process.exit(1);
}

function parseArgs(argv: string[]) {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) fatal(`unexpected argument "${arg}"`);
    const value = m[2] ?? argv[++i];
    if (value === undefined) fatal(`--${m[1]} needs a value`);
    out[m[1]!] = value;
  }
  return out;
}

function positiveInt(args: Record<string, string>, name: string): number | undefined {
  if (args[name] === undefined) return undefined;
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < 1) fatal(`--${name} must be a positive whole number`);
  return n;
}

const args = parseArgs(process.argv.slice(2));
const known = new Set(["name", "concurrency", "only", "lease-ms", "poll-ms", "timeout-ms", "metrics-port"]);
for (const k of Object.keys(args)) if (!known.has(k)) fatal(`unknown option --${k}`);

try {
  if (env().databaseMode !== "postgres") {
    fatal("it needs DATABASE_URL (PostgreSQL). On the embedded database the app runs the worker itself.");
  }
  loadSecrets();
  setPoolSize(env().WORKER_DATABASE_POOL_SIZE ?? env().DATABASE_POOL_SIZE);
  await getDb();
  const state = await migrationState();
  const compat = compatibility(state);
  if (compat === "pending" || compat === "newer-incompatible" || compat === "changed")
    fatal(describeCompatibility(state));
  if (compat === "newer-additive") log().warn({ unknown: state.unknown }, describeCompatibility(state));
} catch (err) {
  if (err instanceof EnvError || err instanceof DatabaseUnreachableError) fatal(err.message);
  throw err;
}

const only = args.only?.split(",").map((s) => s.trim());
const loops = new Set<string>(only ?? ["deliveries", ...WORKER_TASKS]);
for (const l of loops)
  if (l !== "deliveries" && !(WORKER_TASKS as readonly string[]).includes(l)) fatal(`--only: unknown loop "${l}"`);

const name = args.name ?? `${os.hostname()}-${process.pid}`;
const tasks: Partial<Record<WorkerTaskName, null>> = {};
for (const t of WORKER_TASKS) if (!loops.has(t)) tasks[t] = null;
const concurrency = positiveInt(args, "concurrency");
const leaseMs = positiveInt(args, "lease-ms");
const pollMs = positiveInt(args, "poll-ms");
const timeoutMs = positiveInt(args, "timeout-ms");
const metricsPort = positiveInt(args, "metrics-port");

let attempts = 0;
// the platform credentials saved on the Platforms page, for the connectors this worker uses
await startPlatformSettingsSync(env().databaseMode);
const worker = startWorker({
  name,
  tasks,
  deliveries: loops.has("deliveries")
    ? {
        onAttempt: () => void attempts++,
        ...(concurrency !== undefined ? { maxInFlight: concurrency } : {}),
        ...(leaseMs !== undefined ? { leaseMs } : {}),
        ...(pollMs !== undefined ? { pollMs } : {}),
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      }
    : false,
});
log().info({ worker: name, loops: [...loops] }, `worker ${name} started`);

let metricsServer: http.Server | null = null;
if (metricsPort !== undefined) {
  registerQueueMetrics();
  metricsServer = http.createServer((req, res) => {
    if (req.url !== "/metrics") return void res.writeHead(404).end();
    renderMetrics().then(
      ({ body, contentType }) => res.writeHead(200, { "Content-Type": contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  metricsServer.listen(metricsPort, "0.0.0.0");
}

let signalled = false;
const shutdown = (signal: string) => {
  if (signalled) process.exit(1);
  signalled = true;
  log().info({ worker: name, signal }, `worker ${name} stopping`);
  metricsServer?.close();
  void worker
    .stop()
    .then(() => closeListener())
    .then(() => closeDb())
    .then(
      () => {
        log().info({ worker: name, attempts }, `worker ${name} stopped after ${attempts} delivery attempt(s)`);
        process.exit(0);
      },
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
};
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
