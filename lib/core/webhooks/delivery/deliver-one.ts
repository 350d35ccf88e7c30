// One delivery attempt: sign, send through the SSRF-safe sender, then record the attempt and
// the delivery's new state (succeeded, retry at the scheduled time, or failed) in one
// statement. The caller holds the webhook's lease.
import crypto from "node:crypto";
import type { Db, Tx } from "@/lib/infra/db/db";
import type { ReadyDelivery, WebhookGate } from "@/lib/core/webhooks/delivery/claim-deliveries";
import { deliveryHeaders } from "@/lib/infra/delivery/delivery-headers";
import { classifyResponse, nextAttemptAt } from "@/lib/infra/delivery/retry-schedule";
import { safeSend, type PinnedAgentCache, type SafeSendResult } from "@/lib/infra/delivery/safe-send";
import type { HostResolver } from "@/lib/infra/delivery/webhook-url";
import { openSealedJson } from "@/lib/infra/secrets/sealed-json";

export type AttemptOutcome = "succeeded" | "retry" | "failed";

export interface AttemptResult {
  attemptId: string;
  number: number;
  outcome: AttemptOutcome;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  nextAttemptAt: Date | null;
  /** The webhook's gate read as the attempt was recorded (null if the webhook row is gone). */
  gate: WebhookGate | null;
}

export interface SendOptions {
  allowLoopback: boolean;
  timeoutMs?: number;
  /** Aborts the exchange, e.g. when the worker lost the webhook's lease. */
  signal?: AbortSignal;
  resolve?: HostResolver;
  /** Jitter source for the retry schedule; returns [0, 1). */
  random?: () => number;
  /** Keep-alive connections shared by a worker session's sends to one webhook. */
  reuse?: PinnedAgentCache;
}

// PostgreSQL text cannot hold NUL; endpoints can send anything.
export function storable(text: string | null, max = 2000): string | null {
  if (text === null) return null;
  const clean = text.replace(/\u0000/g, "");
  return clean.length > max ? clean.slice(0, max) : clean;
}

/** Sends one attempt with fresh headers; never throws (safeSend does not). */
export async function sendAttempt(
  target: { url: string; body: string; eventId: string; eventType: string; deliveryId: string; secrets: string[] },
  opts: SendOptions & { attemptId: string },
): Promise<SafeSendResult> {
  const headers = deliveryHeaders({ ...target, attemptId: opts.attemptId });
  return safeSend({
    url: target.url,
    body: target.body,
    headers,
    allowLoopback: opts.allowLoopback,
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.resolve ? { resolve: opts.resolve } : {}),
    ...(opts.reuse ? { reuse: opts.reuse } : {}),
  });
}

export async function deliverOne(
  db: Db | Tx,
  delivery: ReadyDelivery,
  secrets: string[],
  opts: SendOptions,
): Promise<AttemptResult> {
  const attemptId = crypto.randomUUID();
  const number = delivery.attempts + 1;
  const startedAt = new Date();
  const res = await sendAttempt(
    {
      url: delivery.url,
      // the stored body keeps the client's links sealed; the integrator gets the real ones
      body: openSealedJson(delivery.body, delivery.eventId),
      eventId: delivery.eventId,
      eventType: delivery.eventType,
      deliveryId: delivery.id,
      secrets,
    },
    { ...opts, attemptId },
  );
  const now = new Date();
  const statusCode = res.ok ? res.status : null;
  const kind = classifyResponse(statusCode);
  let outcome: AttemptOutcome = kind === "success" ? "succeeded" : kind === "final" ? "failed" : "retry";
  let firstFailureAt = delivery.firstFailureAt;
  let next: Date | null = null;
  if (outcome === "retry") {
    firstFailureAt ??= now;
    next = nextAttemptAt({
      firstFailureAt,
      attemptsMade: number,
      now,
      retryAfter: res.retryAfter,
      ...(opts.random ? { random: opts.random } : {}),
    });
    if (next === null) outcome = "failed";
  } else if (outcome === "failed") {
    firstFailureAt ??= now;
  }
  const status = outcome === "retry" ? "pending" : outcome;
  const error = storable(res.error);
  const lastError = error ?? (statusCode !== null && outcome !== "succeeded" ? `HTTP ${statusCode}` : null);
  const completedAt = outcome === "retry" ? null : now;
  // One statement: the attempt row and the delivery's state can never disagree. A delivery
  // cancelled while this attempt ran stays cancelled unless the endpoint took it. It also
  // reads the webhook's gate, so the caller learns of a pause without another query.
  const gates = await db.$queryRaw<WebhookGate[]>`
    WITH attempt AS (
      INSERT INTO "DeliveryAttempt" ("id", "agencyId", "deliveryId", "webhookId", "number", "startedAt", "durationMs", "statusCode", "error", "responseExcerpt", "nextAttemptAt", "createdAt")
      VALUES (${attemptId}::uuid, ${delivery.agencyId}::uuid, ${delivery.id}::uuid, ${delivery.webhookId}::uuid, ${number}::int, ${startedAt}::timestamptz,
              ${res.durationMs}::int, ${statusCode}::int, ${error}::text, ${storable(res.responseExcerpt)}::text, ${next}::timestamptz, ${now}::timestamptz)
    ), recorded AS (
      UPDATE "WebhookDelivery"
      SET "status" = ${status}::"DeliveryStatus", "attempts" = GREATEST("attempts", ${number}::int),
          "nextAttemptAt" = COALESCE(${next}::timestamptz, "nextAttemptAt"), "firstFailureAt" = ${firstFailureAt}::timestamptz,
          "lastStatusCode" = ${statusCode}::int, "lastError" = ${lastError}::text, "completedAt" = ${completedAt}::timestamptz
      WHERE "id" = ${delivery.id}::uuid AND ("status" = 'pending' OR ${outcome === "succeeded"}::boolean)
    )
    SELECT w."updatedAt" AS "webhookUpdatedAt", w."pausedAt", w."deletedAt", a."apiAccess", a."trial", a."trialEndsAt"
    FROM "Webhook" w JOIN "Agency" a ON a."id" = w."agencyId"
    WHERE w."id" = ${delivery.webhookId}::uuid`;
  return {
    attemptId,
    number,
    outcome,
    statusCode,
    error,
    durationMs: res.durationMs,
    nextAttemptAt: next,
    gate: gates[0] ?? null,
  };
}
