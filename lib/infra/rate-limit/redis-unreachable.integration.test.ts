// An unreachable Redis as the rate-limit store: pointed at a loopback port
// nothing listens on, the store is reported at once (a log line), /api/health/ready warns
// and reads `degraded` (and is not ready when RATE_LIMIT_STORE=redis asks for it by name),
// the gauge rate_limit_store_up says 0, the limits still
// answer from memory, and nothing waits ioredis's default ten-second connect timeout.
import net from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/infra/env";
import { setLogDestination } from "@/lib/infra/log";
import {
  closeRateLimitStores,
  consumeRateLimit,
  rateLimitStoreReachable,
  REDIS_UNREACHABLE_WARNING,
} from "@/lib/infra/rate-limit/rate-limit";
import { readiness } from "@/lib/runtime/health/readiness";
import { renderMetrics } from "@/lib/infra/metrics";

async function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function useRedisAt(port: number, explicit: boolean) {
  await closeRateLimitStores();
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  if (explicit) process.env.RATE_LIMIT_STORE = "redis";
  else delete process.env.RATE_LIMIT_STORE;
  resetEnvCache();
}

afterEach(() => setLogDestination(null));
afterAll(async () => {
  await closeRateLimitStores();
  delete process.env.REDIS_URL;
  delete process.env.RATE_LIMIT_STORE;
  resetEnvCache();
});

describe("an unreachable Redis", () => {
  it("is logged when first connected, warned about by readiness (still ready), and limits answer from memory quickly", async () => {
    await useRedisAt(await deadPort(), false);
    const lines: string[] = [];
    setLogDestination({ write: (l) => void lines.push(l) });
    const started = Date.now();
    expect(await rateLimitStoreReachable()).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(lines.some((l) => JSON.parse(l).msg === REDIS_UNREACHABLE_WARNING)).toBe(true);

    const ready = await readiness();
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe("degraded");
    expect(ready.body.rateLimitStore).toBe("redis");
    expect(ready.body.rateLimitStoreReachable).toBe(false);
    expect(ready.body.warnings).toContain(REDIS_UNREACHABLE_WARNING);
    // the metric says so too
    expect((await renderMetrics()).body).toMatch(/^rate_limit_store_up\{store="redis"\} 0$/m);

    const t = Date.now();
    expect((await consumeRateLimit("unreachable-test", "k", 2, 60)).allowed).toBe(true);
    expect(Date.now() - t).toBeLessThan(2_000);
  });

  it("makes the instance not ready when RATE_LIMIT_STORE=redis asks for it", async () => {
    await useRedisAt(await deadPort(), true);
    const ready = await readiness();
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe("degraded");
    expect(ready.body.warnings).toContain(REDIS_UNREACHABLE_WARNING);
  });

  it("is ok with a reachable Redis, and the metric says it answers", async () => {
    await closeRateLimitStores();
    process.env.REDIS_URL = "redis://127.0.0.1:6379";
    process.env.RATE_LIMIT_STORE = "redis";
    resetEnvCache();
    const ready = await readiness();
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: "ok", rateLimitStore: "redis", rateLimitStoreReachable: true });
    expect((await renderMetrics()).body).toMatch(/^rate_limit_store_up\{store="redis"\} 1$/m);
  });
});
