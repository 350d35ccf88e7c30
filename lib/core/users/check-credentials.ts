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
//
// Under concurrency: every attempt takes its slot before the password is checked, with the
// rate limiter's atomic consume (not a read followed by a write after the check), in the
// pair's, the account's and the address's counters. Past the free failures an attempt must
// also take the pair's (or account's) one-point gate, which stays shut for the current
// wait: of thirty simultaneous guesses exactly the free ones and one more reach argon2.
// An attempt refused by a limit gives its slots back; a success gives back its account and
// address slots, so those count failures only.
import { getDb } from "@/lib/infra/db/db";
import { consumeRateLimit, deleteRateLimitKey, refundRateLimit } from "@/lib/infra/rate-limit/rate-limit";
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

export type CredentialCheck =
  | { ok: true; user: { id: string; email: string; name: string | null } }
  | { ok: false; reason: "invalid" | "throttled"; retryAfterSeconds: number };

/** Wait (seconds) after the n-th failure when `free` failures are allowed: 0, then 1, 2, 4 ... capped. */
export function failureDelaySeconds(failures: number, free: number, maxSeconds: number): number {
  if (failures < free) return 0;
  return Math.min(maxSeconds, 2 ** Math.min(30, failures - free));
}

const pairKey = (email: string, address: string) => `${email}|${address}`;

interface Counter {
  name: string;
  key: string;
  points: number;
  window: number;
}

interface Gate {
  name: string;
  key: string;
  free: number;
  max: number;
}

/**
 * The n-th attempt (n >= free) takes the gate and shuts it for the wait after the n-th
 * failure; past the free attempts only the one that takes it goes on. Returns the seconds
 * to wait when refused, else 0.
 */
async function passGate(g: Gate, n: number): Promise<number> {
  if (n < g.free) return 0;
  const wait = failureDelaySeconds(n, g.free, g.max);
  const taken = await consumeRateLimit(g.name, g.key, 1, g.max, { keyWindowSeconds: wait });
  if (n === g.free || taken.allowed) return 0;
  return Math.max(1, taken.resetSeconds);
}

type Slot =
  { ok: true; pairN: number; accountN: number; counters: Counter[] } | { ok: false; retryAfterSeconds: number };

/** Takes this attempt's slots before the password is checked (see the header). */
async function takeSlot(email: string, address: string): Promise<Slot> {
  const t = LOGIN_THROTTLE;
  const counters: Counter[] = [
    { name: "login-try-pair", key: pairKey(email, address), points: COUNT_POINTS, window: t.failureWindowSeconds },
    { name: "login-try-account", key: email, points: COUNT_POINTS, window: t.failureWindowSeconds },
    { name: "login-try-address", key: address, points: t.addressFailures, window: t.addressWindowSeconds },
  ];
  const [pair, account, byAddress] = await Promise.all(
    counters.map((c) => consumeRateLimit(c.name, c.key, c.points, c.window)),
  );
  const pairN = COUNT_POINTS - pair!.remaining;
  const accountN = COUNT_POINTS - account!.remaining;
  let wait = byAddress!.allowed ? 0 : Math.max(1, byAddress!.resetSeconds);
  if (wait === 0) {
    const waits = await Promise.all([
      passGate(
        { name: "login-gate-pair", key: pairKey(email, address), free: t.pairFreeFailures, max: t.pairMaxDelaySeconds },
        pairN,
      ),
      passGate(
        { name: "login-gate-account", key: email, free: t.accountFreeFailures, max: t.accountMaxDelaySeconds },
        accountN,
      ),
    ]);
    wait = Math.max(...waits);
  }
  if (wait > 0) {
    await refund(counters);
    return { ok: false, retryAfterSeconds: wait };
  }
  return { ok: true, pairN, accountN, counters };
}

const refund = (counters: Counter[]) =>
  Promise.all(counters.map((c) => refundRateLimit(c.name, c.key, c.points, c.window)));

/**
 * Checks `password` for the account `email` (lower-cased here) from `address`. Answers
 * `invalid` for a wrong password and for an unknown email alike (verified against a dummy
 * hash, so the timing matches), and `throttled` while a wait runs.
 */
export async function checkCredentials(opts: {
  email: string;
  password: string;
  address: string;
}): Promise<CredentialCheck> {
  const t = LOGIN_THROTTLE;
  const email = opts.email.trim().toLowerCase();
  const address = opts.address || "unknown";
  const slot = await takeSlot(email, address);
  if (!slot.ok) return { ok: false, reason: "throttled", retryAfterSeconds: slot.retryAfterSeconds };

  const db = await getDb();
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, opts.password);
  if (!user || !ok) {
    const next = Math.max(
      failureDelaySeconds(slot.pairN, t.pairFreeFailures, t.pairMaxDelaySeconds),
      failureDelaySeconds(slot.accountN, t.accountFreeFailures, t.accountMaxDelaySeconds),
    );
    return { ok: false, reason: "invalid", retryAfterSeconds: next };
  }
  const [pairCounter, ...others] = slot.counters;
  await Promise.all([
    deleteRateLimitKey(pairCounter!.name, pairCounter!.key, pairCounter!.points, pairCounter!.window),
    deleteRateLimitKey("login-gate-pair", pairKey(email, address), 1, t.pairMaxDelaySeconds),
    refund(others),
  ]);
  return { ok: true, user: { id: user.id, email: user.email, name: user.name } };
}

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$/vDpCc3VQ7z3zwH7Umt8/Q$C/W3a7x+wfkdbKXLTviSzCRGFEC7GBAPSr2uHhNz1wc";
