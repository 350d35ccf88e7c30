// The webhook retry policy as pure functions: which responses are retried,
// when the next attempt is due, and how a `Retry-After` header moves it.
//
// Retries are timed from the FIRST failure, not from the previous attempt, so
// a slow endpoint cannot stretch the schedule: the last retry is due 24 hours
// after the first failure and nothing is ever scheduled later than that.
// Counting the first attempt, an event is attempted at most 7 times.

import { parseRetryAfter } from "@/lib/infra/retry-after";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Offsets of retries 1..6 from the first failure, before jitter. */
export const RETRY_OFFSETS_MS: readonly number[] = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 8 * HOUR, 24 * HOUR];
export const MAX_ATTEMPTS = 7;
export const RETRY_WINDOW_MS = 24 * HOUR;
/** Each offset moves by up to this fraction either way, so endpoints recovering from an outage are not hit in lockstep. */
export const JITTER_FRACTION = 0.1;

export type ResponseClass = "success" | "retry" | "final";

/** `status` is null when no HTTP response arrived (network error or timeout). */
export function classifyResponse(status: number | null): ResponseClass {
  if (status === null) return "retry";
  if (status >= 200 && status <= 299) return "success";
  if (status === 408 || status === 429 || (status >= 500 && status <= 599)) return "retry";
  // Redirects are final on purpose: following them would let an endpoint point deliveries elsewhere.
  return "final";
}

export type NextAttemptInput = {
  firstFailureAt: Date;
  /** Attempts already made for this delivery, the first one included (>= 1). */
  attemptsMade: number;
  now: Date;
  /** The `Retry-After` header of the last response, if any. */
  retryAfter?: string | null;
  /** Injectable for tests; returns [0, 1). */
  random?: () => number;
};

/**
 * When the next attempt is due, or null when the delivery has used all its
 * attempts or can no longer be made within 24 hours of the first failure.
 * The result is never before `now` (an overdue retry is due at once) and never
 * after firstFailureAt + 24 h.
 */
export function nextAttemptAt({
  firstFailureAt,
  attemptsMade,
  now,
  retryAfter = null,
  random = Math.random,
}: NextAttemptInput): Date | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) {
    throw new RangeError(`attemptsMade must be a whole number >= 1, got ${attemptsMade}`);
  }
  if (attemptsMade >= MAX_ATTEMPTS) return null;

  const start = firstFailureAt.getTime();
  const deadline = start + RETRY_WINDOW_MS;
  if (now.getTime() > deadline) return null;

  const offset = RETRY_OFFSETS_MS[attemptsMade - 1]!;
  const jitter = (random() * 2 - 1) * JITTER_FRACTION;
  let due = start + Math.round(offset * (1 + jitter));

  const postponed = parseRetryAfter(retryAfter, now);
  if (postponed) due = Math.max(due, postponed.getTime());

  due = Math.min(due, deadline);
  due = Math.max(due, now.getTime());
  return new Date(due);
}
