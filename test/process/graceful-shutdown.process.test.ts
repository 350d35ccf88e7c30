// The standalone server (what the image runs) started for real: it becomes ready, and on
// SIGTERM it reports draining, stops taking connections, lets every request already in
// flight finish, closes the database and exits 0.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareStandalone, startStandalone, stopServer, type RunningServer } from "@/test/support/standalone-server";

let server: RunningServer | undefined;

beforeAll(async () => {
  prepareStandalone();
  server = await startStandalone({ SHUTDOWN_DELAY_MS: "1500", SHUTDOWN_TIMEOUT_MS: "20000", LOG_LEVEL: "info" });
});

afterAll(async () => {
  await stopServer(server);
});

/** A form POST whose body is sent in two halves; `finish()` sends the rest. */
function slowPost(url: string) {
  const body = "csrfToken=none&email=slow%40example.com&password=not-the-password&json=true";
  const target = new URL("/api/auth/callback/credentials", url);
  let resolveResponse!: (v: { status: number; body: string }) => void;
  let rejectResponse!: (e: Error) => void;
  const response = new Promise<{ status: number; body: string }>((res, rej) => {
    resolveResponse = res;
    rejectResponse = rej;
  });
  const req = http.request(
    {
      hostname: target.hostname,
      port: target.port,
      path: target.pathname,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) },
    },
    (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolveResponse({ status: res.statusCode ?? 0, body: text }));
    },
  );
  req.on("error", rejectResponse);
  req.write(body.slice(0, 20));
  return { response, finish: () => req.end(body.slice(20)) };
}

describe("graceful shutdown of the standalone server", () => {
  it("serves liveness and readiness", async () => {
    expect((await fetch(`${server!.url}/api/health/live`)).status).toBe(200);
    const ready = await fetch(`${server!.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).database.migrations.compatibility).toBe("ok");
  });

  it("finishes every request in flight at SIGTERM, refuses new ones, then exits 0", async () => {
    const s = server!;
    const inFlight = Array.from({ length: 6 }, () => slowPost(s.url));
    // the server has the requests (headers read, body half sent) before the signal
    await new Promise((r) => setTimeout(r, 500));
    s.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));

    // draining: still answering during SHUTDOWN_DELAY_MS, but not ready
    const draining = await fetch(`${s.url}/api/health/ready`);
    expect(draining.status).toBe(503);
    expect((await draining.json()).status).toBe("draining");
    // after the delay no new connection is accepted
    await new Promise((r) => setTimeout(r, 1800));
    await expect(fetch(`${s.url}/api/health/live`)).rejects.toThrow();

    for (const r of inFlight) r.finish();
    const results = await Promise.all(inFlight.map((r) => r.response));
    for (const r of results) {
      expect(r.status).toBeGreaterThanOrEqual(200);
      expect(r.status).toBeLessThan(500);
    }
    const exit = await s.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(s.output()).toMatch(/"msg":"stopped"/);
  });
});
