// The webhook receiver helper: verify a delivery's raw body against one or two secrets (two
// during a rotation) in constant time within the 300-second tolerance, parse it into a typed
// event (a union told apart by `type`), skip event ids already processed (a pluggable store,
// memory by default), and keep stale request snapshots from overwriting newer ones by
// comparing `stateVersion` per request.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { components } from "./generated/v2.js";

export type WebhookEvent = components["schemas"]["WebhookEvent"];
export type WebhookEventType = WebhookEvent["type"];
/** The event of one type: `EventOf<"service.granted">`. */
export type EventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

export const SIGNATURE_HEADER = "service-signature";
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type VerificationFailure = "missing_signature" | "malformed_signature" | "timestamp_out_of_tolerance" | "no_matching_signature" | "malformed_body";

export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
  constructor(
    readonly reason: VerificationFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifyOptions {
  /** The raw request body, exactly as received (before any JSON parsing). */
  payload: string | Uint8Array;
  /** The `Service-Signature` header. */
  signature: string | null | undefined;
  /** The webhook's `whsec_` secret, or both secrets during a rotation. */
  secret: string | readonly string[];
  /** Seconds a signature stays valid either side of now (default 300). */
  toleranceSeconds?: number;
  /** Now, in milliseconds (default Date.now()). */
  now?: number;
}

function parseSignature(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const item of header.split(",")) {
    const eq = item.indexOf("=");
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === "t") {
      if (!/^\d{1,15}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) {
      signatures.push(value);
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** Checks the signature and returns the parsed event; throws WebhookVerificationError otherwise. */
export function verifyWebhook(options: VerifyOptions): WebhookEvent {
  const { payload, signature } = options;
  const secrets = typeof options.secret === "string" ? [options.secret] : [...options.secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== "string" || s.length === 0)) throw new TypeError("verifyWebhook needs at least one non-empty secret");
  if (!signature) throw new WebhookVerificationError("missing_signature", "The Service-Signature header is missing.");
  const parsed = parseSignature(signature);
  if (!parsed) throw new WebhookVerificationError("malformed_signature", "The Service-Signature header is not `t=<seconds>,v1=<hex>`.");
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - parsed.timestamp) > tolerance) {
    throw new WebhookVerificationError("timestamp_out_of_tolerance", `The signature's timestamp is more than ${tolerance} seconds from now.`);
  }
  let matched = false;
  // Every comparison runs, so the time taken says nothing about which one matched.
  for (const secret of secrets) {
    const expected = createHmac("sha256", secret).update(`${parsed.timestamp}.`).update(payload).digest();
    for (const candidate of parsed.signatures) {
      if (timingSafeEqual(expected, Buffer.from(candidate, "hex"))) matched = true;
    }
  }
  if (!matched) throw new WebhookVerificationError("no_matching_signature", "No signature matches the secret.");
  let event: unknown;
  try {
    event = JSON.parse(typeof payload === "string" ? payload : new TextDecoder().decode(payload));
  } catch {
    throw new WebhookVerificationError("malformed_body", "The body is not JSON.");
  }
  const e = event as Partial<WebhookEvent> | null;
  if (!e || typeof e !== "object" || typeof e.id !== "string" || typeof e.type !== "string" || typeof e.data !== "object" || e.data === null) {
    throw new WebhookVerificationError("malformed_body", "The body is not an event.");
  }
  return event as WebhookEvent;
}

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
      event = verifyWebhook({ payload, signature, secret: options.secret, toleranceSeconds: options.toleranceSeconds });
    } catch (err) {
      if (err instanceof WebhookVerificationError) return { status: 400, body: err.message };
      throw err;
    }
    try {
      if (!dedupe) await options.onEvent(event);
      else if (!(await dedupe.once(event, () => options.onEvent(event)))) return { status: 200, body: "duplicate", event };
    } catch {
      return { status: 500, body: "handler failed", event };
    }
    return { status: 200, body: "ok", event };
  };
}
