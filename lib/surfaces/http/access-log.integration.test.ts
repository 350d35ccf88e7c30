// Through real HTTP and the database: one JSON access-log line per API call (request id,
// agency id, route with ids replaced, status, duration), secrets redacted, and the
// token-protected Prometheus endpoint with the request, queue and pool metrics.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { call, seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { log, setLogDestination } from "@/lib/infra/log";
import { resetEnvCache } from "@/lib/infra/env";
import { routeLabel } from "@/lib/surfaces/http/access-log";

const lines: Array<Record<string, unknown>> = [];
let server: { url: string; close(): Promise<void> };
let a: SeededV2Agency;
const TOKEN = "metrics-token-0123456789";

beforeAll(async () => {
  process.env.LOG_LEVEL = "info";
  process.env.METRICS_TOKEN = TOKEN;
  resetEnvCache();
  setLogDestination({ write: (line: string) => void lines.push(JSON.parse(line)) });
  server = await startApiServer();
  a = await seedV2Agency();
});

afterAll(async () => {
  setLogDestination(null);
  delete process.env.METRICS_TOKEN;
  resetEnvCache();
  await server.close();
});

describe("access log", () => {
  it("writes one JSON line per API call with request id, agency id, route, status and duration", async () => {
    const created = await call(server.url, a.key, "POST", "/clients", {
      body: { name: "Logged Client", email: "logged@example.com" },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const read = await call(server.url, a.key, "GET", `/clients/${id}`);
    const denied = await call(server.url, "ars_live_not_a_real_key_0000000000", "GET", "/clients");
    expect(denied.status).toBe(401);

    const access = lines.filter((l) => l.type === "access");
    const of = (res: { headers: Headers }) => access.filter((l) => l.requestId === res.headers.get("x-request-id"));
    expect(of(created)).toEqual([
      expect.objectContaining({
        level: "info",
        agencyId: a.agencyId,
        method: "POST",
        route: "/api/v2/clients",
        status: 201,
        durationMs: expect.any(Number),
      }),
    ]);
    expect(of(read)).toEqual([
      expect.objectContaining({ agencyId: a.agencyId, method: "GET", route: "/api/v2/clients/:id", status: 200 }),
    ]);
    expect(of(denied)).toEqual([expect.objectContaining({ agencyId: null, route: "/api/v2/clients", status: 401 })]);
    // the key never appears in a line
    expect(JSON.stringify(lines)).not.toContain(a.key);
  });

  it("redacts secrets and tokens by key wherever they sit", () => {
    log().info(
      {
        authorization: "Bearer sk_secret",
        headers: { cookie: "session=abc" },
        webhook: { secret: "whsec_x", token: "t0k" },
        password: "hunter2",
      },
      "redaction check",
    );
    const line = lines.find((l) => l.msg === "redaction check")!;
    expect(JSON.stringify(line)).not.toMatch(/sk_secret|session=abc|whsec_x|t0k|hunter2/);
    expect(line.authorization).toBe("[redacted]");
  });

  it("labels routes without ids", () => {
    expect(routeLabel("/api/v2/requests/3f2a0c4e-1b2c-4d5e-8f90-0123456789ab/cancel")).toBe(
      "/api/v2/requests/:id/cancel",
    );
    expect(routeLabel("/api/v1/links/42/")).toBe("/api/v1/links/:id");
  });
});

describe("GET /api/metrics", () => {
  it("needs the metrics token", async () => {
    const none = await fetch(`${server.url}/api/metrics`);
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe("UNAUTHENTICATED");
    const wrong = await fetch(`${server.url}/api/metrics`, {
      headers: { authorization: "Bearer wrong-token-0123456789" },
    });
    expect(wrong.status).toBe(401);
  });

  it("exposes request durations by route and status, queue depth and age, the email queue and the pool", async () => {
    const res = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="\/api\/v2\/clients",method="POST",status="201"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{route="\/api\/v2\/clients\/:id",method="GET",status="200"\} 1/,
    );
    expect(text).toMatch(/^webhook_deliveries_due \d+$/m);
    expect(text).toMatch(/^webhook_deliveries_pending \d+$/m);
    expect(text).toMatch(/^webhook_oldest_due_delivery_age_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^email_queue_pending \d+$/m);
    expect(text).toMatch(/^db_pool_connections\{state="max"\} [1-9]\d*$/m);
    expect(text).toMatch(/# TYPE webhook_delivery_attempts_total counter/);
    expect(text).toMatch(/# TYPE webhook_delivery_lag_seconds histogram/);
  });

  it("answers 404 when no METRICS_TOKEN is set", async () => {
    delete process.env.METRICS_TOKEN;
    resetEnvCache();
    expect((await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      404,
    );
    process.env.METRICS_TOKEN = TOKEN;
    resetEnvCache();
  });
});
