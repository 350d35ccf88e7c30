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
    expect(
      withEnv({ NODE_ENV: "production", DATABASE_URL: undefined, SANDBOX_PLATFORMS: undefined }).sandboxPlatforms,
    ).toBe(true);
    expect(
      withEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db", SANDBOX_PLATFORMS: undefined })
        .sandboxPlatforms,
    ).toBe(false);
    expect(
      withEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://h/db", SANDBOX_PLATFORMS: "1" }).sandboxPlatforms,
    ).toBe(true);
    expect(
      withEnv({ NODE_ENV: "development", DATABASE_URL: "postgres://h/db", SANDBOX_PLATFORMS: undefined })
        .sandboxPlatforms,
    ).toBe(true);
    expect(withEnv({ NODE_ENV: "production", DATABASE_URL: undefined, SANDBOX_PLATFORMS: "0" }).sandboxPlatforms).toBe(
      false,
    );
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
    const e = withEnv({
      PORT: "4100",
      APP_URL: undefined,
      DATABASE_URL: undefined,
      WORKER_IN_PROCESS: undefined,
      ENCRYPTION_KEY: undefined,
    });
    expect(e.appUrl).toBe("http://localhost:4100");
    expect(e.workerInProcess).toBe(true);
    expect(withEnv({ DATABASE_URL: "postgres://h/db", WORKER_IN_PROCESS: undefined }).workerInProcess).toBe(false);
  });
});

describe("env: operations settings", () => {
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("reads TRUST_PROXY as a hop count or a list of proxy addresses, and names it when bad", () => {
    expect(withEnv({ TRUST_PROXY: undefined }).TRUST_PROXY).toEqual({ kind: "none" });
    expect(withEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toEqual({ kind: "none" });
    expect(withEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 1 });
    expect(withEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ kind: "hops", hops: 2 });
    expect(withEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toEqual({
      kind: "addresses",
      addresses: ["loopback", "10.0.0.0/8"],
    });
    expect(() => withEnv({ TRUST_PROXY: "proxy.example" })).toThrow(/TRUST_PROXY/);
    expect(() => withEnv({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(/TRUST_PROXY/);
  });

  it("validates RATE_LIMIT_STORE against what is configured", () => {
    expect(() => withEnv({ RATE_LIMIT_STORE: "memcached" })).toThrow(/RATE_LIMIT_STORE/);
    expect(() => withEnv({ RATE_LIMIT_STORE: "redis", REDIS_URL: undefined })).toThrow(
      /RATE_LIMIT_STORE: redis needs REDIS_URL/,
    );
    expect(() => withEnv({ RATE_LIMIT_STORE: "postgres", DATABASE_URL: undefined })).toThrow(
      /RATE_LIMIT_STORE: postgres needs DATABASE_URL/,
    );
    expect(withEnv({ RATE_LIMIT_STORE: "postgres", DATABASE_URL: "postgres://h/db" }).RATE_LIMIT_STORE).toBe(
      "postgres",
    );
  });

  it("reads pool sizes, the direct URL, shutdown timing, the metrics token and the actions key", () => {
    const e = withEnv({
      DATABASE_POOL_SIZE: "4",
      WORKER_DATABASE_POOL_SIZE: "3",
      DATABASE_DIRECT_URL: "postgres://direct/db",
      SHUTDOWN_TIMEOUT_MS: "5000",
    });
    expect([e.DATABASE_POOL_SIZE, e.WORKER_DATABASE_POOL_SIZE, e.DATABASE_DIRECT_URL, e.SHUTDOWN_TIMEOUT_MS]).toEqual([
      4,
      3,
      "postgres://direct/db",
      5000,
    ]);
    expect(withEnv({ DATABASE_POOL_SIZE: undefined }).DATABASE_POOL_SIZE).toBe(10);
    expect(() => withEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => withEnv({ DATABASE_POOL_SIZE: undefined, DATABASE_DIRECT_URL: "mysql://x" })).toThrow(
      /DATABASE_DIRECT_URL/,
    );
    expect(() => withEnv({ DATABASE_DIRECT_URL: undefined, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => withEnv({ METRICS_TOKEN: undefined, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "not a key" })).toThrow(
      /NEXT_SERVER_ACTIONS_ENCRYPTION_KEY/,
    );
    expect(
      withEnv({ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: "q2tZ0m3H0r8yK5m2Qm9V1tq9r7s6p5o4n3m2l1k0j9I=" })
        .NEXT_SERVER_ACTIONS_ENCRYPTION_KEY,
    ).toBeDefined();
  });
});
