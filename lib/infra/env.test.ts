import { describe, it, expect, afterEach } from "vitest";
import { env, resetEnvCache, EnvError } from "@/lib/infra/env";

const saved = { ...process.env };
function withEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  return env();
}

describe("env", () => {
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("turns the sandbox on for the embedded demo and in development, off in production on PostgreSQL unless asked", () => {
    expect(withEnv({ NODE_ENV: "production", DATABASE_URL: undefined, SANDBOX_PLATFORMS: undefined }).sandboxPlatforms).toBe(true);
    expect(withEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db", SANDBOX_PLATFORMS: undefined }).sandboxPlatforms).toBe(false);
    expect(withEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db", SANDBOX_PLATFORMS: "1" }).sandboxPlatforms).toBe(true);
    expect(withEnv({ NODE_ENV: "development", DATABASE_URL: "postgres://h/db", SANDBOX_PLATFORMS: undefined }).sandboxPlatforms).toBe(true);
    expect(withEnv({ NODE_ENV: "production", DATABASE_URL: undefined, SANDBOX_PLATFORMS: "0" }).sandboxPlatforms).toBe(false);
  });

  it("seeds the demo only on the embedded database unless SEED_DEMO asks", () => {
    expect(withEnv({ DATABASE_URL: undefined, SEED_DEMO: undefined }).seedDemo).toBe(true);
    expect(withEnv({ DATABASE_URL: "postgres://h/db", SEED_DEMO: undefined }).seedDemo).toBe(false);
    expect(withEnv({ DATABASE_URL: "postgres://h/db", SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(withEnv({ DATABASE_URL: undefined, SEED_DEMO: "0" }).seedDemo).toBe(false);
  });

  it("names the variable of a bad value", () => {
    expect(() => withEnv({ PORT: "70000" })).toThrow(EnvError);
    expect(() => withEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => withEnv({ PORT: undefined, DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => withEnv({ DATABASE_URL: undefined, ENCRYPTION_KEY: "short" })).toThrow(/ENCRYPTION_KEY/);
    expect(() => withEnv({ ENCRYPTION_KEY: undefined, BENCH_ROUTES: "maybe" })).toThrow(/BENCH_ROUTES/);
  });

  it("keeps the benchmark routes off unless BENCH_ROUTES is set, also in production", () => {
    expect(withEnv({ NODE_ENV: "production", BENCH_ROUTES: undefined }).BENCH_ROUTES).toBe(false);
    expect(withEnv({ NODE_ENV: "production", BENCH_ROUTES: "0" }).BENCH_ROUTES).toBe(false);
    expect(withEnv({ NODE_ENV: "production", BENCH_ROUTES: "1" }).BENCH_ROUTES).toBe(true);
  });

  it("derives the public URL and the worker default from the database mode", () => {
    const e = withEnv({ PORT: "4100", APP_URL: undefined, DATABASE_URL: undefined, WORKER_IN_PROCESS: undefined, ENCRYPTION_KEY: undefined });
    expect(e.appUrl).toBe("http://localhost:4100");
    expect(e.workerInProcess).toBe(true);
    expect(withEnv({ DATABASE_URL: "postgres://h/db", WORKER_IN_PROCESS: undefined }).workerInProcess).toBe(false);
  });
});
