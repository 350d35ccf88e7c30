// The request deadline rules: which `expiresAt` values a new request may carry
// and whether a deadline has passed. Shared by request creation, reads (which
// report `expired` at once) and the background sweep (which records it).

/**
 * The latest allowed deadline: the same instant one calendar year later.
 * Calendar arithmetic rather than 365 days so "one year" means what a person
 * reading the spec expects across leap years (29 Feb rolls to 1 Mar).
 */
export function maxExpiresAt(now: Date): Date {
  const max = new Date(now.getTime());
  max.setUTCFullYear(max.getUTCFullYear() + 1);
  return max;
}

/** A message for the caller when the deadline is not acceptable, else null. */
export function validateExpiresAt(value: Date, now: Date): string | null {
  if (Number.isNaN(value.getTime())) return "expiresAt must be a valid datetime";
  if (value.getTime() <= now.getTime()) return "expiresAt must be in the future";
  if (value.getTime() > maxExpiresAt(now).getTime()) return "expiresAt must be at most one year ahead";
  return null;
}

/** The deadline itself counts as passed: no grant is accepted at `expiresAt`. */
export function isExpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
