// The receiver's bookkeeping, framework- and runtime-neutral: skip event ids already
// processed (a pluggable store, memory by default), keep stale request snapshots from
// overwriting newer ones by comparing `stateVersion` per request, and the whole receiver as
// one function. It verifies on WebCrypto, so it runs on edge runtimes as well as Node.
import { verifyWebhookAsync, WebhookVerificationError, type WebhookEvent } from "./webhook-signature.js";

/** Where processed event ids are kept. `claim` is true the first time an id is seen. */
export interface EventIdStore {
  claim(eventId: string): boolean | Promise<boolean>;
  /** Forgets a claimed id, so a delivery whose handling failed is processed on the retry. */
  release(eventId: string): void | Promise<void>;
}

/** Remembers the most recent `max` event ids in memory (one process; use a shared store across several). */
export class MemoryEventIdStore implements EventIdStore {
  private readonly seen = new Set<string>();
  constructor(private readonly max = 10_000) {}
  claim(eventId: string): boolean {
    if (this.seen.has(eventId)) return false;
    this.seen.add(eventId);
    if (this.seen.size > this.max) this.seen.delete(this.seen.values().next().value!);
    return true;
  }
  release(eventId: string): void {
    this.seen.delete(eventId);
  }
}

/** Runs a handler once per event id; a handler that throws releases the id for the retry. */
export function createEventDeduplicator(store: EventIdStore = new MemoryEventIdStore()) {
  return {
    /** Returns false without calling `handler` when the event was already processed. */
    async once(event: { id: string }, handler: () => unknown): Promise<boolean> {
      if (!(await store.claim(event.id))) return false;
      try {
        await handler();
      } catch (err) {
        await store.release(event.id);
        throw err;
      }
      return true;
    },
  };
}

/** Where the newest `stateVersion` seen per request is kept. */
export interface StateVersionStore {
  get(requestId: string): number | undefined | Promise<number | undefined>;
  set(requestId: string, stateVersion: number): void | Promise<void>;
}

export class MemoryStateVersionStore implements StateVersionStore {
  private readonly versions = new Map<string, number>();
  get(requestId: string) {
    return this.versions.get(requestId);
  }
  set(requestId: string, stateVersion: number) {
    this.versions.set(requestId, stateVersion);
  }
}

/**
 * Keeps older request snapshots from overwriting newer ones. Events arrive out of order and
 * several share a stateVersion; `accept` is true for a snapshot at least as new as the newest
 * seen for its request (and records it), false for a stale one, whose event should still be
 * handled but whose `request` must not be stored.
 */
export function createStateVersionGuard(store: StateVersionStore = new MemoryStateVersionStore()) {
  return {
    async accept(request: { id: string; stateVersion: number }): Promise<boolean> {
      const newest = await store.get(request.id);
      if (newest !== undefined && request.stateVersion < newest) return false;
      await store.set(request.id, request.stateVersion);
      return true;
    },
  };
}

export interface WebhookHandlerOptions {
  secret: string | readonly string[];
  /** Called once per event id (unless `dedupe` is false); throw to have the delivery retried. */
  onEvent: (event: WebhookEvent) => unknown;
  /** Where processed ids are kept (default: memory); false to call onEvent for every delivery. */
  dedupe?: EventIdStore | false;
  toleranceSeconds?: number;
}

export interface WebhookHandlerResult {
  /** 200 handled or duplicate, 400 refused (bad signature or body), 500 the handler threw. */
  status: 200 | 400 | 500;
  body: string;
  event?: WebhookEvent;
}

/**
 * The whole receiver, framework-neutral: give it the raw body and the signature header, answer
 * with the status it returns. The Express, Next.js and node:http examples are this plus glue.
 */
export function createWebhookHandler(options: WebhookHandlerOptions) {
  const dedupe = options.dedupe === false ? null : createEventDeduplicator(options.dedupe ?? new MemoryEventIdStore());
  return async (payload: string | Uint8Array, signature: string | null | undefined): Promise<WebhookHandlerResult> => {
    let event: WebhookEvent;
    try {
      event = await verifyWebhookAsync({
        payload,
        signature,
        secret: options.secret,
        toleranceSeconds: options.toleranceSeconds,
      });
    } catch (err) {
      if (err instanceof WebhookVerificationError) return { status: 400, body: err.message };
      throw err;
    }
    try {
      if (!dedupe) await options.onEvent(event);
      else if (!(await dedupe.once(event, () => options.onEvent(event))))
        return { status: 200, body: "duplicate", event };
    } catch {
      return { status: 500, body: "handler failed", event };
    }
    return { status: 200, body: "ok", event };
  };
}
