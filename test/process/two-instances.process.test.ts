// Two app instances from one build on one PostgreSQL database and one Redis, as
// compose.yaml runs them: a key revoked or a plan changed through one instance is refused
// by the other within a second (LISTEN/NOTIFY, though each caches key lookups for 5 s),
// and the per-agency rate limit is exact across both. PostgreSQL only: the embedded
// database belongs to one process. Redis runs on 127.0.0.1:6379.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";
import { seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";
import { changePlan } from "@/lib/core/agencies/change-plan";

const describeOnPostgres = process.env.DATABASE_URL ? describe : ((() => {}) as unknown as typeof describe);

if (!process.env.DATABASE_URL) {
  describe("two app instances on the embedded database", () => {
    it("the second refuses to start on the folder the first holds, with one line saying why", async () => {
      prepareStandalone();
      const first = await startStandalone();
      try {
        const err = await startStandalone().catch((e: Error) => e);
        expect(err).toBeInstanceOf(Error);
        expect((err as Error).message).toMatch(/exited 1/);
        expect((err as Error).message).toMatch(/Cannot start: .*(lock|in use|another process)/i);
        expect((await fetch(`${first.url}/api/health/ready`)).status).toBe(200);
      } finally {
        await stopServer(first);
      }
    });
  });
}

describeOnPostgres("two app instances", () => {
  const servers: RunningServer[] = [];
  const LIMIT = 30;

  beforeAll(async () => {
    prepareStandalone();
    const shared = {
      REDIS_URL: "redis://127.0.0.1:6379",
      V2_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
    };
    servers.push(...(await Promise.all([startStandalone(shared), startStandalone(shared)])));
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => stopServer(s)));
  });

  const me = (s: RunningServer, key: string) =>
    fetch(`${s.url}/api/v2/me`, { headers: { authorization: `Bearer ${key}` } });

  async function within(ms: number, probe: () => Promise<boolean>): Promise<number> {
    const start = Date.now();
    for (;;) {
      if (await probe()) return Date.now() - start;
      if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("a revoked key is refused by the other instance within a second", async () => {
    const a: SeededV2Agency = await seedV2Agency();
    // both instances have looked the key up (and cached it)
    for (const s of servers) expect((await me(s, a.key)).status).toBe(200);
    await revokeApiKey({ agencyId: a.agencyId, id: a.apiKeyId });
    for (const s of servers) await within(1000, async () => (await me(s, a.key)).status === 401);
  });

  it("a plan without API access is refused by both instances within a second", async () => {
    const a = await seedV2Agency();
    for (const s of servers) expect((await me(s, a.key)).status).toBe(200);
    await changePlan({ agencyId: a.agencyId, input: { plan: "starter", billingPeriod: "monthly" } });
    for (const s of servers) await within(1000, async () => (await me(s, a.key)).status === 403);
  });

  it("counts the per-agency rate limit exactly across both instances (Redis)", async () => {
    const a = await seedV2Agency();
    const statuses: number[] = [];
    // alternating instances, in parallel pairs
    for (let i = 0; i < LIMIT + 10; i += 2) {
      const pair = await Promise.all([me(servers[0]!, a.key), me(servers[1]!, a.key)]);
      statuses.push(...pair.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
