// The one password check of the dashboard: sign-in and accepting a team invite with an
// existing account both go through it. Failures are throttled the way OWASP's
// authentication guidance recommends instead of a hard lock that anyone could trigger:
// - per (account, address) pair: a few free failures, then an exponentially growing wait
//   before that address may try that account again (1 s, 2 s, 4 s ... up to 15 minutes);
//   the owner signing in from their own address is not slowed by someone else's guesses;
// - per account across all addresses: a wait that starts later and stays short (at most a
//   minute), so a guesser spread over many addresses still gets few guesses per hour;
// - per address across all accounts: a cap on failures, so one address cannot spray.
// While a wait runs, the password is not even checked, so guessing during it learns nothing.
// A success clears its pair's failures.
import { getDb } from "@/lib/infra/db/db";
import { blockRateLimitKey, consumeRateLimit, deleteRateLimitKey, peekRateLimit } from "@/lib/infra/rate-limit/rate-limit";
import { verifyPassword } from "@/lib/core/users/password";

export const LOGIN_THROTTLE = {
  /** failures of one (account, address) pair before waits start */
  pairFreeFailures: 3,
  pairMaxDelaySeconds: 15 * 60,
  /** failures of one account from all addresses before its (short) waits start */
  accountFreeFailures: 20,
  accountMaxDelaySeconds: 60,
  /** failures from one address, over all accounts, per window */
  addressFailures: 100,
  addressWindowSeconds: 15 * 60,
  /** failures are remembered this long */
  failureWindowSeconds: 24 * 3600,
};

const COUNT_POINTS = 1_000_000;

export type CredentialCheck = { ok: true; user: { id: string; email: string; name: string | null } } | { ok: false; reason: "invalid" | "throttled"; retryAfterSeconds: number };

/** Wait (seconds) after the n-th failure when `free` failures are allowed: 0, then 1, 2, 4 ... capped. */
export function failureDelaySeconds(failures: number, free: number, maxSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(maxSeconds, 2 ** Math.min(30, failures - free));
}

const pairKey = (email: string, address: string) => `${email}|${address}`;

async function waitFor(name: string, key: string, maxSeconds: number): Promise<number> {
  const { consumed, resetSeconds } = await peekRateLimit(name, key, 1, maxSeconds);
  return consumed > 1 ? Math.max(1, resetSeconds) : 0;
}

async function recordFailure(email: string, address: string): Promise<number> {
  const t = LOGIN_THROTTLE;
  const [pair, account] = await Promise.all([
    consumeRateLimit("login-fail-pair", pairKey(email, address), COUNT_POINTS, t.failureWindowSeconds),
    consumeRateLimit("login-fail-account", email, COUNT_POINTS, t.failureWindowSeconds),
    consumeRateLimit("login-fail-address", address, t.addressFailures, t.addressWindowSeconds),
  ]);
  const pairDelay = failureDelaySeconds(COUNT_POINTS - pair.remaining, t.pairFreeFailures, t.pairMaxDelaySeconds);
  const accountDelay = failureDelaySeconds(COUNT_POINTS - account.remaining, t.accountFreeFailures, t.accountMaxDelaySeconds);
  await Promise.all([
    pairDelay > 0 ? blockRateLimitKey("login-wait-pair", pairKey(email, address), 1, t.pairMaxDelaySeconds, pairDelay) : null,
    accountDelay > 0 ? blockRateLimitKey("login-wait-account", email, 1, t.accountMaxDelaySeconds, accountDelay) : null,
  ]);
  return Math.max(pairDelay, accountDelay);
}

/**
 * Checks `password` for the account `email` (lower-cased here) from `address`. Answers
 * `invalid` for a wrong password and for an unknown email alike (verified against a dummy
 * hash, so the timing matches), and `throttled` while a wait runs.
 */
export async function checkCredentials(opts: { email: string; password: string; address: string }): Promise<CredentialCheck> {
  const t = LOGIN_THROTTLE;
  const email = opts.email.trim().toLowerCase();
  const address = opts.address || "unknown";
  const [pairWait, accountWait, byAddress] = await Promise.all([
    waitFor("login-wait-pair", pairKey(email, address), t.pairMaxDelaySeconds),
    waitFor("login-wait-account", email, t.accountMaxDelaySeconds),
    peekRateLimit("login-fail-address", address, t.addressFailures, t.addressWindowSeconds),
  ]);
  const addressWait = byAddress.consumed >= t.addressFailures ? Math.max(1, byAddress.resetSeconds) : 0;
  const wait = Math.max(pairWait, accountWait, addressWait);
  if (wait > 0) return { ok: false, reason: "throttled", retryAfterSeconds: wait };

  const db = await getDb();
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, name: true, passwordHash: true } });
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, opts.password);
  if (!user || !ok) {
    const next = await recordFailure(email, address);
    return { ok: false, reason: "invalid", retryAfterSeconds: next };
  }
  await deleteRateLimitKey("login-fail-pair", pairKey(email, address), COUNT_POINTS, t.failureWindowSeconds);
  return { ok: true, user: { id: user.id, email: user.email, name: user.name } };
}

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$/vDpCc3VQ7z3zwH7Umt8/Q$C/W3a7x+wfkdbKXLTviSzCRGFEC7GBAPSr2uHhNz1wc";
