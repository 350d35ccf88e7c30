// The delivery worker loop of one process: claims webhooks with due deliveries (a lease
// each, see claim-deliveries.ts) and runs one session per leased webhook, up to
// `maxInFlight` at once, so a slow endpoint holds one slot and delays only itself.
// A session sends the webhook's due deliveries one at a time, oldest first, renewing the
// lease meanwhile, and gives the webhook back after a while so others get their turn.
import crypto from "node:crypto";
import { getDb, type Db } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { log as logger } from "@/lib/infra/log";
import { isEntitled } from "@/lib/core/api-keys/authenticate-api-key";
import {
  claimWebhooks,
  nextReadyDeliveries,
  releaseLease,
  renewLease,
  type WebhookGate,
} from "@/lib/core/webhooks/delivery/claim-deliveries";
import { deliverOne, type AttemptResult } from "@/lib/core/webhooks/delivery/deliver-one";
import { DEFAULT_TIMEOUT_MS, PinnedAgentCache } from "@/lib/infra/delivery/safe-send";
import type { HostResolver } from "@/lib/infra/delivery/webhook-url";
import { cancelPendingDeliveries } from "@/lib/core/webhooks/delivery/cancel-pending-deliveries";
import { loadSigningSecrets } from "@/lib/core/webhooks/delivery/signing-secrets";
import { PAUSED_REASON } from "@/lib/core/webhooks/pause-webhook";

export const DEFAULT_LEASE_MS = 30_000;

export interface DeliveryLoopOptions {
  /** Names the worker in lease owners (visible in the database when debugging). */
  name: string;
  /** Webhooks served at once by this process. */
  maxInFlight?: number;
  /** How long a lease lasts without renewal; a dead worker's webhooks wait this long. */
  leaseMs?: number;
  /** How often to look for due deliveries when idle (a queued delivery wakes the loop at once through LISTEN/NOTIFY). */
  pollMs?: number;
  /** The whole-exchange limit per attempt (10 s by the spec; shorter only in tests). */
  timeoutMs?: number;
  /** A session gives its webhook back after this many deliveries or this long. */
  sessionMaxDeliveries?: number;
  sessionMaxMs?: number;
  /** Due deliveries fetched per query. */
  batchSize?: number;
  /** Webhooks claimed per poll at most. */
  claimBatch?: number;
  /**
   * The pause before the next claim while work is waiting: after a claim that filled every
   * slot it asked for, and after a session that used up its turn (long enough for another
   * worker to claim that webhook first).
   */
  busyPollMs?: number;
  allowLoopback?: boolean;
  resolve?: HostResolver;
  random?: () => number;
  /** Called after every recorded attempt (tests and the benchmark watch progress with it). */
  onAttempt?: (result: AttemptResult & { deliveryId: string; webhookId: string; dueAt: Date }) => void;
  log?: (message: string, error?: unknown) => void;
}

export interface DeliveryLoop {
  /** Looks for due deliveries now instead of at the next poll. */
  wake(): void;
  /** Stops claiming, lets in-flight attempts finish, gives the leases back. */
  stop(): Promise<void>;
  inFlight(): number;
}

async function sleep(ms: number, wakeUp: { promise: Promise<void> }) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([new Promise<void>((r) => (timer = setTimeout(r, ms))), wakeUp.promise]);
  clearTimeout(timer);
}

export function startDeliveryLoop(opts: DeliveryLoopOptions): DeliveryLoop {
  const maxInFlight = opts.maxInFlight ?? 16;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = opts.pollMs ?? 1_000;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sessionMaxDeliveries = opts.sessionMaxDeliveries ?? 100;
  const sessionMaxMs = opts.sessionMaxMs ?? 5_000;
  const batchSize = opts.batchSize ?? 10;
  const claimBatch = opts.claimBatch ?? 4;
  const busyPollMs = opts.busyPollMs ?? 20;
  const allowLoopback = opts.allowLoopback ?? env().WEBHOOK_ALLOW_LOOPBACK;
  const log =
    opts.log ??
    ((message: string, error?: unknown) =>
      logger().error({ component: "worker", worker: opts.name, err: error }, message));
  const prefix = `${opts.name}:${process.pid}`;

  const sessions = new Map<string, Promise<void>>();
  let stopping = false;
  let wakeUp = deferred();

  function deferred() {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  }
  function wake() {
    wakeUp.resolve();
  }

  /** Cancels what must not go out; true when the session must end. */
  async function closedGate(db: Db, webhookId: string, gate: WebhookGate): Promise<boolean> {
    if (gate.deletedAt) {
      // Normally cancelled by the delete already; this catches an event recorded in a race with it.
      await cancelPendingDeliveries(db, { webhookId, reason: "Cancelled: the webhook was deleted." });
      return true;
    }
    if (gate.pausedAt) {
      // Only what is due now: a retry scheduled after a resume keeps its place (the spec).
      await cancelPendingDeliveries(db, { webhookId, reason: PAUSED_REASON, dueOnly: true });
      return true;
    }
    if (!isEntitled(gate)) {
      await cancelPendingDeliveries(db, {
        webhookId,
        reason: "Cancelled: the agency's plan has no API access.",
        dueOnly: true,
      });
      return true;
    }
    return false;
  }

  /** Runs one webhook's session; `quota` when it stopped with deliveries possibly still due. */
  async function runSession(db: Db, webhookId: string, owner: string): Promise<{ sent: number; quota: boolean }> {
    const lost = new AbortController();
    const renewEvery = Math.max(250, Math.floor(leaseMs / 3));
    const timer = setInterval(() => {
      renewLease(db, { webhookId, owner, leaseMs })
        .then((held) => {
          if (!held) lost.abort();
        })
        .catch((err) => log(`renewing the lease of webhook ${webhookId} failed`, err));
    }, renewEvery);
    timer.unref();
    const connections = new PinnedAgentCache();
    let sent = 0;
    const started = Date.now();
    const withinQuota = () => sent < sessionMaxDeliveries && Date.now() - started < sessionMaxMs;
    try {
      const more = () => !stopping && !lost.signal.aborted && withinQuota();
      let secrets: string[] = [];
      let secretsAsOf = 0;
      fetching: while (more()) {
        const batch = await nextReadyDeliveries(db, webhookId, batchSize);
        if (batch.length === 0) break;
        // The batch's URL and secrets hold while the webhook is unchanged; a change (new URL,
        // rotation: both bump updatedAt) sends us back for a fresh batch.
        const asOf = batch[0]!.webhookUpdatedAt.getTime();
        let gate: WebhookGate = batch[0]!;
        for (const delivery of batch) {
          if (!more()) break fetching;
          if (await closedGate(db, webhookId, gate)) break fetching;
          if (gate.webhookUpdatedAt.getTime() !== asOf) continue fetching;
          if (secrets.length === 0 || secretsAsOf !== asOf) {
            secrets = await loadSigningSecrets(db, webhookId);
            secretsAsOf = asOf;
          }
          if (secrets.length === 0) {
            log(`webhook ${webhookId} has no signing secret; its deliveries wait`);
            break fetching;
          }
          const result = await deliverOne(db, delivery, secrets, {
            allowLoopback,
            timeoutMs,
            signal: lost.signal,
            reuse: connections,
            ...(opts.resolve ? { resolve: opts.resolve } : {}),
            ...(opts.random ? { random: opts.random } : {}),
          });
          sent++;
          opts.onAttempt?.({ ...result, deliveryId: delivery.id, webhookId, dueAt: delivery.nextAttemptAt });
          if (!result.gate) break fetching;
          gate = result.gate;
        }
      }
    } finally {
      clearInterval(timer);
      await connections.close();
      await releaseLease(db, { webhookId, owner }).catch((err) =>
        log(`releasing the lease of webhook ${webhookId} failed`, err),
      );
    }
    return { sent, quota: !withinQuota() };
  }

  /** Claims a few webhooks (never all at once, so other workers get their share); true when it got as many as it asked for. */
  async function claimOnce(db: Db): Promise<boolean> {
    const free = Math.min(maxInFlight - sessions.size, claimBatch);
    if (free <= 0) return false;
    const owner = `${prefix}:${crypto.randomUUID()}`;
    const ids = await claimWebhooks(db, { owner, leaseMs, limit: free });
    for (const id of ids) {
      const session = runSession(db, id, owner)
        .catch((err) => {
          log(`delivering to webhook ${id} failed`, err);
          return { sent: 0, quota: false };
        })
        .then(({ sent, quota }) => {
          sessions.delete(id);
          // A slot came free: look for work at once, or, when this webhook merely used up its
          // turn, after a brief pause, so another worker's claim can take it first and a
          // backlog spreads over the workers. A session that sent nothing found nothing to
          // do: waking would only spin.
          if (!stopping && sent > 0) {
            if (quota) setTimeout(wake, busyPollMs).unref();
            else wake();
          }
        });
      sessions.set(id, session);
    }
    return ids.length === free;
  }

  const main = (async () => {
    let failures = 0;
    while (!stopping) {
      // A wake() from here on (a session ending, a caller) cuts the next sleep short.
      wakeUp = deferred();
      // Jitter keeps several workers' polls apart.
      let pause = pollMs * (0.75 + Math.random() * 0.5);
      try {
        // Every slot asked for was filled: more is likely waiting, so come back soon for it.
        if (await claimOnce(await getDb())) pause = Math.min(pause, busyPollMs);
        failures = 0;
      } catch (err) {
        failures++;
        // Do not flood the log while the database is down; back off up to 5 s.
        if (failures === 1 || failures % 50 === 0) log("claiming deliveries failed", err);
        pause = Math.min(5_000, pollMs * 2 ** Math.min(failures, 5));
      }
      if (stopping) break;
      await sleep(pause, wakeUp);
    }
  })();

  return {
    wake,
    inFlight: () => sessions.size,
    async stop() {
      stopping = true;
      wake();
      await main;
      await Promise.allSettled([...sessions.values()]);
    },
  };
}
