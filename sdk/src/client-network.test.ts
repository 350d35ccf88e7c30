// The client's behaviour when no answer comes: network errors and timeouts are retried for
// calls that are safe to repeat (reads, deletes, creates with their Idempotency-Key) and not
// for the others; a per-call timeout and the caller's AbortSignal; against a loopback server
// that never answers and a port nobody listens on.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccessRequestsClient } from "./client.js";
import { AccessRequestsError } from "./errors.js";

let silent: Server;
let silentUrl: string;
let hits = 0;
const ok = (data: unknown) =>
  new Response(JSON.stringify({ data, meta: { requestId: "req_ok" } }), {
    status: 200,
    headers: { "Content-Type": "application/json" },
  });

beforeAll(async () => {
  // Accepts every request and never answers.
  silent = createServer(() => void hits++);
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(() => {
  silent.closeAllConnections();
  silent.close();
});

describe("network errors", () => {
  it("retries a read after a network error, with a growing backoff, and returns the answer", async () => {
    const seen: string[] = [];
    const waits: number[] = [];
    const client = createAccessRequestsClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: "k",
      sleep: async (ms) => void waits.push(ms),
      fetch: async (request) => {
        seen.push(request.method);
        if (seen.length < 3) throw new TypeError("fetch failed");
        return ok({ agency: { id: "a1" } });
      },
    });
    const me = (await client.me()) as unknown as { agency: { id: string } };
    expect(me.agency.id).toBe("a1");
    expect(seen).toEqual(["GET", "GET", "GET"]);
    expect(waits).toEqual([250, 500]);
  });

  it("retries a create with the same Idempotency-Key, and gives up with NETWORK_ERROR after maxRetries", async () => {
    const keys: (string | null)[] = [];
    const client = createAccessRequestsClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: "k",
      maxRetries: 1,
      sleep: async () => {},
      fetch: async (request) => {
        keys.push(request.headers.get("idempotency-key"));
        throw new TypeError("fetch failed");
      },
    });
    const err = await client.clients.create({ name: "A", email: "a@example.com" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AccessRequestsError);
    expect(err).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("does not repeat a call that is not safe to repeat (an action without an Idempotency-Key)", async () => {
    let calls = 0;
    const client = createAccessRequestsClient({
      baseUrl: "http://127.0.0.1:9",
      apiKey: "k",
      sleep: async () => {},
      fetch: async () => {
        calls++;
        throw new TypeError("fetch failed");
      },
    });
    const err = await client.requests.cancel("00000000-0000-4000-8000-000000000000").catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(calls).toBe(1);
  });

  it("turns a refused connection on loopback into NETWORK_ERROR with the cause", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const client = createAccessRequestsClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: "k",
      maxRetries: 1,
      sleep: async () => {},
    });
    const err = (await client.me().catch((e: unknown) => e)) as AccessRequestsError;
    expect(err).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
    expect(err.cause).toBeInstanceOf(Error);
  });
});

describe("timeouts and signals", () => {
  it("abandons an attempt after `timeout` ms, retries a read, then throws TIMEOUT", async () => {
    const before = hits;
    const client = createAccessRequestsClient({
      baseUrl: silentUrl,
      apiKey: "k",
      timeout: 100,
      maxRetries: 1,
      sleep: async () => {},
    });
    const started = Date.now();
    const err = await client.me().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AccessRequestsError);
    expect(err).toMatchObject({ status: 0, code: "TIMEOUT" });
    expect(hits - before).toBe(2);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("takes a per-call timeout over the client's", async () => {
    const client = createAccessRequestsClient({ baseUrl: silentUrl, apiKey: "k", timeout: 60_000, maxRetries: 0 });
    const started = Date.now();
    await expect(client.requests.get("00000000-0000-4000-8000-000000000000", { timeout: 50 })).rejects.toMatchObject({
      code: "TIMEOUT",
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops at once when the caller aborts, without retrying, rejecting with the signal's reason", async () => {
    const before = hits;
    const client = createAccessRequestsClient({
      baseUrl: silentUrl,
      apiKey: "k",
      timeout: 60_000,
      maxRetries: 3,
      sleep: async () => {},
    });
    const controller = new AbortController();
    const pending = client.clients.list({}, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user went away")), 50);
    await expect(pending).rejects.toThrow("user went away");
    expect(hits - before).toBe(1);
  });
});
