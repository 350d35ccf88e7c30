// The delivery worker loop of one process: claims webhooks with due deliveries (a lease
// each, see claim-deliveries.ts) and runs one session per leased webhook, up to
// `maxInFlight` at once, so a slow endpoint holds one slot and delays only itself.
// A session sends the webhook's due deliveries one at a time, oldest first, renewing the
// lease meanwhile, and gives the webhook back after a while so others get their turn.
import crypto from "node:crypto";
import { getDb, type Db } from "@/lib/db";
import { env } from "@/lib/env";
import { isEntitled } from "@/lib/auth/authenticate-api-key";
import { claimWebhooks, nextReadyDelivery, releaseLease, renewLease } from "@/lib/delivery/claim-deliveries";
import { deliverOne, type AttemptResult } from "@/lib/delivery/deliver-one";
import { DEFAULT_TIMEOUT_MS } from "@/lib/delivery/safe-send";
import type { HostResolver } from "@/lib/delivery/webhook-url";
import { cancelPendingDeliveries } from "@/lib/webhooks/cancel-pending-deliveries";
import { loadSigningSecrets } from "@/lib/webhooks/signing-secrets";

export const DEFAULT_LEASE_MS = 30_000;

export interface DeliveryLoopOptions {
  /** Names the worker in lease owners (visible in the database when debugging). */
  name: string;
  /** Webhooks served at once by this process. */
  maxInFlight?: number;
  /** How long a lease lasts without renewal; a dead worker's webhooks wait this long. */
  leaseMs?: number;
  /** How often to look for due deliveries when idle. */
  pollMs?: number;
  /** The whole-exchange limit per attempt (10 s by the spec; shorter only in tests). */
  timeoutMs?: number;
  /** A session gives its webhook back after this many deliveries or this long. */
  sessionMaxDeliveries?: number;
  sessionMaxMs?: number;
  allowLoopback?: boolean;
  resolve?: HostResolver;
  random?: () => number;
  /** Called after every recorded attempt (tests and the benchmark watch progress with it). */
  onAttempt?: (result: AttemptResult & { deliveryId: string; webhookId: string }) => void;
  log?: (message: string, error?: unknown) => void;
}

export interface DeliveryLoop {
  /** Looks for due deliveries now instead of at the next poll. */
  wake(): void;
  /** Stops claiming, lets in-flight attempts finish, gives the leases back. */
  stop(): Promise<void>;
  inFlight(): number;
}

function sleep(ms: number, wakeUp: { promise: Promise<void> }) {
  return Promise.race([new Promise<void>((r) => setTimeout(r, ms)), wakeUp.promise]);
}

export function startDeliveryLoop(opts: DeliveryLoopOptions): DeliveryLoop {
  const maxInFlight = opts.maxInFlight ?? 16;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = opts.pollMs ?? 200;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const sessionMaxDeliveries = opts.sessionMaxDeliveries ?? 100;
  const sessionMaxMs = opts.sessionMaxMs ?? 5_000;
  const allowLoopback = opts.allowLoopback ?? env().WEBHOOK_ALLOW_LOOPBACK;
  const log = opts.log ?? ((message: string, error?: unknown) => console.error(`[worker ${opts.name}] ${message}`, error ?? ""));
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

  async function runSession(db: Db, webhookId: string, owner: string): Promise<number> {
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
    let sent = 0;
    try {
      const started = Date.now();
      let secrets: string[] = [];
      let secretsAsOf = 0;
      while (!stopping && !lost.signal.aborted && sent < sessionMaxDeliveries && Date.now() - started < sessionMaxMs) {
        const delivery = await nextReadyDelivery(db, webhookId);
        if (!delivery) break;
        if (delivery.deletedAt || delivery.pausedAt) {
          // Normally cancelled by pause/delete already; this catches an event recorded in a race with them.
          await cancelPendingDeliveries(db, { webhookId, reason: `Cancelled: the webhook was ${delivery.deletedAt ? "deleted" : "paused"}.` });
          break;
        }
        if (!isEntitled(delivery)) {
          await cancelPendingDeliveries(db, { webhookId, reason: "Cancelled: the agency's plan has no API access.", dueOnly: true });
          break;
        }
        // Rotation bumps the webhook's updatedAt; reload the secrets when it moved.
        if (secrets.length === 0 || delivery.webhookUpdatedAt.getTime() !== secretsAsOf) {
          secrets = await loadSigningSecrets(db, webhookId);
          secretsAsOf = delivery.webhookUpdatedAt.getTime();
        }
        if (secrets.length === 0) {
          log(`webhook ${webhookId} has no signing secret; its deliveries wait`);
          break;
        }
        const result = await deliverOne(db, delivery, secrets, {
          allowLoopback,
          timeoutMs,
          signal: lost.signal,
          ...(opts.resolve ? { resolve: opts.resolve } : {}),
          ...(opts.random ? { random: opts.random } : {}),
        });
        sent++;
        opts.onAttempt?.({ ...result, deliveryId: delivery.id, webhookId });
      }
    } finally {
      clearInterval(timer);
      await releaseLease(db, { webhookId, owner }).catch((err) => log(`releasing the lease of webhook ${webhookId} failed`, err));
    }
    return sent;
  }

  async function claimOnce(db: Db) {
    const free = maxInFlight - sessions.size;
    if (free <= 0) return;
    const owner = `${prefix}:${crypto.randomUUID()}`;
    const ids = await claimWebhooks(db, { owner, leaseMs, limit: free });
    for (const id of ids) {
      const session = runSession(db, id, owner)
        .catch((err) => {
          log(`delivering to webhook ${id} failed`, err);
          return 0;
        })
        .then((sent) => {
          sessions.delete(id);
          // A session that sent nothing found nothing to do: waking would only spin.
          if (!stopping && sent > 0) wake();
        });
      sessions.set(id, session);
    }
  }

  const main = (async () => {
    let failures = 0;
    while (!stopping) {
      // A wake() from here on (a session ending, a caller) cuts the next sleep short.
      wakeUp = deferred();
      let pause = pollMs;
      try {
        await claimOnce(await getDb());
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
