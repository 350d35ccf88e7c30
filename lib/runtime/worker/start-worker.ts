// The background worker of one process: the webhook delivery loop plus the periodic tasks
// (expiry sweep every second, emails every 2 s, reminders every minute, retention purge
// every hour, access checks: every 10 minutes it checks the agencies whose daily (or
// per-agency) check is due). It runs inside the app on the embedded database and as `npm run worker`
// processes (any number) on PostgreSQL; every task is safe to run in several at once.
// Each periodic task never overlaps itself and a failure is logged, never fatal.
import { startDeliveryLoop, type DeliveryLoop, type DeliveryLoopOptions } from "@/lib/runtime/worker/delivery-loop";
import { runExpirySweep } from "@/lib/core/requests/expire-requests";
import { sendPendingEmails } from "@/lib/core/emails/send-pending-emails";
import { queueDueReminders } from "@/lib/core/emails/queue-reminders";
import { purgeOldRecords } from "@/lib/runtime/worker/purge-old-records";
import { runScheduledAccessChecks } from "@/lib/core/access-checks/check-access";

export const WORKER_TASKS = ["expiry", "emails", "reminders", "purge", "access_checks"] as const;
export type WorkerTaskName = (typeof WORKER_TASKS)[number];

export const TASK_INTERVALS_MS: Record<WorkerTaskName, number> = {
  // request.expired should follow the deadline within a couple of seconds.
  expiry: 1_000,
  emails: 2_000,
  reminders: 60_000,
  purge: 60 * 60_000,
  access_checks: 10 * 60_000,
};

// The purge is heavy and hourly; give the process a minute to settle before the first one.
const FIRST_RUN_DELAY_MS: Record<WorkerTaskName, number> = { expiry: 0, emails: 0, reminders: 5_000, purge: 60_000, access_checks: 120_000 };

const DEFAULT_TASKS: Record<WorkerTaskName, () => Promise<unknown>> = {
  expiry: () => runExpirySweep(),
  emails: () => sendPendingEmails(),
  reminders: () => queueDueReminders(),
  purge: () => purgeOldRecords(),
  access_checks: () => runScheduledAccessChecks(),
};

export interface StartWorkerOptions {
  name: string;
  /** Replace a task's function, or pass null to leave the task out (tests, benchmarks). */
  tasks?: Partial<Record<WorkerTaskName, (() => Promise<unknown>) | null>>;
  intervals?: Partial<Record<WorkerTaskName, number>>;
  /** Options for the delivery loop, or false to run no deliveries in this worker. */
  deliveries?: Partial<Omit<DeliveryLoopOptions, "name">> | false;
  log?: (message: string, error?: unknown) => void;
}

export interface Worker {
  /** Looks for due webhook deliveries now instead of at the next poll. */
  wake(): void;
  /** Stops every loop; in-flight deliveries and task runs finish first. */
  stop(): Promise<void>;
}

const g = globalThis as unknown as { __workers?: Map<string, Worker> };
const running = (g.__workers ??= new Map());

function startTaskLoop(name: WorkerTaskName, run: () => Promise<unknown>, everyMs: number, firstDelayMs: number, log: (m: string, e?: unknown) => void) {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  let failures = 0;
  const tick = () => {
    timer = null;
    if (stopped) return;
    const started = Date.now();
    current = run()
      .then(() => {
        failures = 0;
      })
      .catch((err) => {
        failures++;
        if (failures === 1 || failures % 100 === 0) log(`task ${name} failed (${failures} in a row)`, err);
      })
      .finally(() => {
        // Cadence from the start of the run; a run longer than the interval is followed at once.
        if (!stopped) timer = setTimeout(tick, Math.max(0, everyMs - (Date.now() - started)));
      });
  };
  timer = setTimeout(tick, firstDelayMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}

export function startWorker(opts: StartWorkerOptions): Worker {
  const existing = running.get(opts.name);
  if (existing) return existing;
  const log = opts.log ?? ((message: string, error?: unknown) => console.error(`[worker ${opts.name}] ${message}`, error ?? ""));

  const deliveries: DeliveryLoop | null = opts.deliveries === false ? null : startDeliveryLoop({ name: opts.name, log, ...(opts.deliveries ?? {}) });
  const loops = WORKER_TASKS.flatMap((task) => {
    const override = opts.tasks?.[task];
    if (override === null) return [];
    return [startTaskLoop(task, override ?? DEFAULT_TASKS[task], opts.intervals?.[task] ?? TASK_INTERVALS_MS[task], FIRST_RUN_DELAY_MS[task], log)];
  });

  let stopping: Promise<void> | null = null;
  const worker: Worker = {
    wake: () => deliveries?.wake(),
    stop() {
      stopping ??= (async () => {
        await Promise.all([deliveries?.stop(), ...loops.map((l) => l.stop())]);
        running.delete(opts.name);
      })();
      return stopping;
    },
  };
  running.set(opts.name, worker);
  return worker;
}
