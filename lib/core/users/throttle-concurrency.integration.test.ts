// The throttles under concurrency, on the memory store and on a Redis
// of our own: bursts of 30 and 40 simultaneous attempts reach the password (or code) check
// no more often than the limit allows, counted at the check itself; and a locked team
// invite answers the same whatever the password.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "otplib";
import { resetEnvCache } from "@/lib/infra/env";
import { closeRateLimitStores } from "@/lib/infra/rate-limit/rate-limit";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { checkCredentials, LOGIN_THROTTLE } from "@/lib/core/users/check-credentials";
import { passwordChecksSoFar } from "@/lib/core/users/password";
import {
  beginTwoFactorEnrolment,
  checkSecondFactor,
  confirmTwoFactorEnrolment,
  TWO_FACTOR_MAX_FAILURES,
} from "@/lib/core/users/two-factor";
import { createTeamInvite } from "@/lib/core/team/create-team-invite";
import { acceptTeamInvite, MAX_INVITE_FAILED_ATTEMPTS } from "@/lib/core/team/accept-team-invite";
import { ApiError } from "@/lib/core/common/api-error";

// the PostgreSQL store only where the run has PostgreSQL
const STORES: ("memory" | "redis" | "postgres")[] = [
  "memory",
  "redis",
  ...(process.env.DATABASE_URL ? (["postgres"] as const) : []),
];
const PASSWORD = "correct horse battery staple 42";
let n = 0;
const uniq = () => `${++n}-${Date.now()}`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

let redis: ChildProcess | null = null;
let redisUrl = "";

beforeAll(async () => {
  const port = await freePort();
  redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  redisUrl = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const c = net.connect(port, "127.0.0.1", () => (c.end(), resolve(true)));
      c.on("error", () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  await useStore("memory");
  redis?.kill();
});

async function useStore(store: "memory" | "redis" | "postgres") {
  await closeRateLimitStores();
  process.env.RATE_LIMIT_STORE = store;
  if (store === "redis") process.env.REDIS_URL = redisUrl;
  else delete process.env.REDIS_URL;
  resetEnvCache();
}

async function account() {
  const agency = await createAgency({ name: "Burst Co" });
  const email = `burst-${uniq()}@example.com`;
  await createUser({ agencyId: agency.id, email, password: PASSWORD });
  return { agencyId: agency.id, email };
}

/** Runs `attempt` `count` times at once; returns the answers and how many passwords were checked. */
async function burst<T>(count: number, attempt: (i: number) => Promise<T>) {
  const before = passwordChecksSoFar();
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => attempt(i)));
  return { answers, checks: passwordChecksSoFar() - before };
}

describe.each(STORES)("throttles under concurrency on the %s store", (store) => {
  beforeAll(() => useStore(store));

  it("30 simultaneous sign-in guesses from one address check at most the free failures and one more; the right password among them is refused", async () => {
    const { email } = await account();
    const { answers, checks } = await burst(30, (i) =>
      checkCredentials({ email, password: i === 29 ? PASSWORD : `guess-${i}`, address: "198.51.100.30" }),
    );
    expect(checks).toBeLessThanOrEqual(LOGIN_THROTTLE.pairFreeFailures + 1);
    expect(answers.filter((a) => !a.ok && a.reason === "throttled").length).toBeGreaterThanOrEqual(
      30 - LOGIN_THROTTLE.pairFreeFailures - 1,
    );
    expect(answers[29]).toMatchObject({ ok: false, reason: "throttled" });
    // the owner from their own address is not locked out
    expect((await checkCredentials({ email, password: PASSWORD, address: "192.0.2.30" })).ok).toBe(true);
  });

  it("one address spraying 30 accounts at once is held to its cap", async () => {
    const saved = LOGIN_THROTTLE.addressFailures;
    LOGIN_THROTTLE.addressFailures = 5;
    try {
      const { checks, answers } = await burst(30, (i) =>
        checkCredentials({
          email: `spray-${i}-${uniq()}@example.com`,
          password: "whatever-pw",
          address: `203.0.113.${STORES.indexOf(store) + 30}`,
        }),
      );
      expect(checks).toBe(5);
      expect(answers.filter((a) => !a.ok && a.reason === "throttled")).toHaveLength(25);
    } finally {
      LOGIN_THROTTLE.addressFailures = saved;
    }
  });

  it("30 simultaneous wrong second-factor codes: exactly the allowed number are checked", async () => {
    const { email } = await account();
    const { getDb } = await import("@/lib/infra/db/db");
    const user = await (await getDb()).user.findUniqueOrThrow({ where: { email } });
    const { secret } = await beginTwoFactorEnrolment({ userId: user.id });
    await confirmTwoFactorEnrolment({ userId: user.id, code: await generate({ secret }) });
    const { answers } = await burst(30, () => checkSecondFactor({ userId: user.id, code: "000000" }));
    expect(answers.filter((a) => a === "invalid")).toHaveLength(TWO_FACTOR_MAX_FAILURES);
    expect(answers.filter((a) => a === "throttled")).toHaveLength(30 - TWO_FACTOR_MAX_FAILURES);
  });

  it("40 simultaneous accepts of a team invite for an existing account check at most its slots, and a locked invite answers the same for the right password", async () => {
    const { email } = await account();
    const other = await createAgency({ name: "Inviting Co" });
    const { token } = await createTeamInvite({ agencyId: other.id, input: { email, role: "viewer" } });
    const outcome = (p: Promise<unknown>) =>
      p.then(
        () => "accepted",
        (e: unknown) => (e instanceof ApiError ? `${e.status} ${e.code}` : String(e)),
      );
    // each from its own address, so only the invite's own limit applies
    const { answers, checks } = await burst(40, (i) =>
      outcome(acceptTeamInvite({ input: { token, password: `wrong-${i}` }, address: `10.28.0.${i + 1}` })),
    );
    expect(checks).toBeLessThanOrEqual(MAX_INVITE_FAILED_ATTEMPTS);
    expect(answers.filter((a) => a === "400 VALIDATION_FAILED")).toHaveLength(checks);
    expect(answers.filter((a) => a === "409 INVALID_STATE")).toHaveLength(40 - checks);
    const right = await outcome(acceptTeamInvite({ input: { token, password: PASSWORD }, address: "10.28.1.1" }));
    const wrong = await outcome(acceptTeamInvite({ input: { token, password: "still-wrong" }, address: "10.28.1.2" }));
    expect(right).toBe("409 INVALID_STATE");
    expect(wrong).toBe(right);
  });

  it("a right password among simultaneous accepts joins while slots remain", async () => {
    const { email } = await account();
    const other = await createAgency({ name: "Inviting Co" });
    const { token } = await createTeamInvite({ agencyId: other.id, input: { email, role: "viewer" } });
    const results = await Promise.allSettled([
      acceptTeamInvite({ input: { token, password: "wrong-a" }, address: "10.28.2.1" }),
      acceptTeamInvite({ input: { token, password: PASSWORD }, address: "10.28.2.2" }),
    ]);
    expect(results[1]).toMatchObject({ status: "fulfilled", value: { email, newUser: false } });
  });
});
