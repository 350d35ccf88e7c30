// The background worker of one process: the webhook delivery loop plus the periodic tasks
// (expiry sweep every second, emails every 2 s, reminders every minute, retention purge
// every hour, access checks: every 10 minutes it checks the agencies whose daily (or
// per-agency) check is due; every 10 minutes pending platform invitations are followed; every 5 minutes identity providers
// are asked about staff accounts due a leaver check). It runs inside the app on the embedded database and as `npm run worker`
// processes (any number) on PostgreSQL; every task is safe to run in several at once.
// Each periodic task never overlaps itself and a failure is logged, never fatal.
import { startDeliveryLoop, type DeliveryLoop, type DeliveryLoopOptions } from "@/lib/runtime/worker/delivery-loop";
import { runExpirySweep } from "@/lib/core/requests/expire-requests";
import { sendPendingEmails } from "@/lib/core/emails/send-pending-emails";
import { queueDueReminders } from "@/lib/core/emails/queue-reminders";
import { purgeOldRecords } from "@/lib/runtime/worker/purge-old-records";
import { globalSingleton } from "@/lib/infra/global-singleton";
import { log as logger } from "@/lib/infra/log";
import { metrics } from "@/lib/infra/metrics";
import { sendPendingSlackMessages } from "@/lib/core/notifications/send-slack-messages";
import { sendPendingTeamsMessages } from "@/lib/core/notifications/send-teams-messages";
import { queueDueDigests } from "@/lib/core/notifications/send-digests";

export const WORKER_TASKS = [
  "expiry",
  "emails",
  "reminders",
  "purge",
  "slack",
  "teams",
  "digests",
  "access_checks",
  "invitations",
  "staff_identities",
] as const;
import { runScheduledAccessChecks } from "@/lib/core/access-checks/check-access";
import { followInvitations } from "@/lib/core/invitations/follow-invitations";
import { queueForwardReminders } from "@/lib/core/forwards/forward-reminders";
import { notifyStalledRequests } from "@/lib/core/requests/stalled-requests";
import { sweepStaffIdentities } from "@/lib/core/sso/check-staff-identity";
export type WorkerTaskName = (typeof WORKER_TASKS)[number];

export const TASK_INTERVALS_MS: Record<WorkerTaskName, number> = {
  // request.expired should follow the deadline within a couple of seconds.
  expiry: 1_000,
  emails: 2_000,
  reminders: 60_000,
  purge: 60 * 60_000,
  slack: 2_000,
  teams: 2_000,
  digests: 5 * 60_000,
  access_checks: 10 * 60_000,
  // pending platform invitations: acceptance read at most hourly per service, a reminder after a day
  invitations: 10 * 60_000,
  // leavers: asks identity providers about accounts not asked about within SSO_RECHECK_SECONDS
  staff_identities: 5 * 60_000,
};

// The purge is heavy and hourly; give the process a minute to settle before the first one.
const FIRST_RUN_DELAY_MS: Record<WorkerTaskName, number> = {
  expiry: 0,
  emails: 0,
  reminders: 5_000,
  purge: 60_000,
  slack: 0,
  teams: 0,
  digests: 10_000,
  access_checks: 120_000,
  invitations: 180_000,
  staff_identities: 240_000,
};

const DEFAULT_TASKS: Record<WorkerTaskName, () => Promise<unknown>> = {
  expiry: () => runExpirySweep(),
  emails: () => sendPendingEmails(),
  // the client's reminders, the colleagues' reminders, and stalled requests told to the team
  reminders: async () => {
    await queueDueReminders();
    await queueForwardReminders();
    await notifyStalledRequests();
  },
  purge: () => purgeOldRecords(),
  slack: () => sendPendingSlackMessages(),
  teams: () => sendPendingTeamsMessages(),
  digests: () => queueDueDigests(),
  access_checks: () => runScheduledAccessChecks(),
  invitations: () => followInvitations(),
  staff_identities: () => sweepStaffIdentities(),
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

const running = globalSingleton("workers", () => new Map<string, Worker>());

function startTaskLoop(
  name: WorkerTaskName,
  run: () => Promise<unknown>,
  everyMs: number,
  firstDelayMs: number,
  log: (m: string, e?: unknown) => void,
) {
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

/** Stops every worker of this process (graceful shutdown). */
export async function stopAllWorkers(): Promise<void> {
  await Promise.all([...running.values()].map((w) => w.stop()));
}

export function startWorker(opts: StartWorkerOptions): Worker {
  const existing = running.get(opts.name);
  if (existing) return existing;
  const workerLog = logger().child({ component: "worker", worker: opts.name });
  const log = opts.log ?? ((message: string, error?: unknown) => workerLog.error({ err: error }, message));

  const deliveryOpts = opts.deliveries === false ? null : (opts.deliveries ?? {});
  const deliveries: DeliveryLoop | null =
    deliveryOpts === null
      ? null
      : startDeliveryLoop({
          name: opts.name,
          log,
          ...deliveryOpts,
          onAttempt: (result) => {
            const m = metrics();
            m.deliveryAttempts.inc({ outcome: result.outcome });
            if (result.dueAt)
              m.deliveryLag.observe(Math.max(0, (Date.now() - result.durationMs - result.dueAt.getTime()) / 1000));
            workerLog.info(
              {
                webhookId: result.webhookId,
                deliveryId: result.deliveryId,
                attempt: result.number,
                outcome: result.outcome,
                statusCode: result.statusCode,
                durationMs: result.durationMs,
              },
              "delivery attempt",
            );
            deliveryOpts.onAttempt?.(result);
          },
        });
  const loops = WORKER_TASKS.flatMap((task) => {
    const override = opts.tasks?.[task];
    if (override === null) return [];
    return [
      startTaskLoop(
        task,
        override ?? DEFAULT_TASKS[task],
        opts.intervals?.[task] ?? TASK_INTERVALS_MS[task],
        FIRST_RUN_DELAY_MS[task],
        log,
      ),
    ];
  });

  // On PostgreSQL a queued delivery wakes the loop through LISTEN/NOTIFY; polling stays as
  // the fallback for retries that come due and for a lost notification.
  let unlisten: (() => void) | null = null;
  if (deliveries) {
    void import("@/lib/infra/db/notifications")
      .then(({ listen, CHANNELS }) => listen(CHANNELS.deliveriesQueued, () => deliveries.wake()))
      .then((stop) => (unlisten = stop))
      .catch((err) => log("listening for queued deliveries failed; polling only", err));
  }

  let stopping: Promise<void> | null = null;
  const worker: Worker = {
    wake: () => deliveries?.wake(),
    stop() {
      stopping ??= (async () => {
        unlisten?.();
        await Promise.all([deliveries?.stop(), ...loops.map((l) => l.stop())]);
        running.delete(opts.name);
      })();
      return stopping;
    },
  };
  running.set(opts.name, worker);
  return worker;
}
