// The PostgreSQL rate-limit store keeps every limiter in one table, which the first limiter
// made creates. Limiters made at once on a database without that table all work: their
// CREATE TABLE IF NOT EXISTS statements would otherwise race, and the loser failed with
// "type rate_limits already exists". Runs with DATABASE_URL (each file's database is new).
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeRateLimitStores, consumeRateLimit } from "@/lib/infra/rate-limit/rate-limit";
import { resetEnvCache } from "@/lib/infra/env";

const postgres = !!process.env.DATABASE_URL;

beforeAll(async () => {
  await closeRateLimitStores();
  process.env.RATE_LIMIT_STORE = postgres ? "postgres" : "memory";
  resetEnvCache();
});
afterAll(async () => {
  await closeRateLimitStores();
  delete process.env.RATE_LIMIT_STORE;
  resetEnvCache();
});

it("makes many limiters at once on a database without the table, and each one counts", async () => {
  const names = Array.from({ length: 12 }, (_, i) => `pg-store-${i}`);
  const first = await Promise.all(names.map((name) => consumeRateLimit(name, "k", 1, 60)));
  expect(first.map((r) => r.allowed)).toEqual(names.map(() => true));
  const second = await Promise.all(names.map((name) => consumeRateLimit(name, "k", 1, 60)));
  expect(second.map((r) => r.allowed)).toEqual(names.map(() => false));
});
