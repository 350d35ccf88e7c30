// The failures every V2 endpoint shares, over real HTTP: 401, 404 for unknown paths, 405,
// 413, 415, malformed JSON, an unexpected error (500 INTERNAL without internals), the rate
// limit (429 with Retry-After and RateLimit-* headers, per agency), all in the envelope.
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import {
  call,
  client,
  expectError,
  expectOk,
  seedV2Agency,
  type ApiResponse,
  type SeededV2Agency,
} from "@/test/support/v2-fixtures";
import { getDb } from "@/lib/infra/db/db";
import { setLogDestination } from "@/lib/infra/log";
import { V2_RATE_LIMIT } from "@/lib/surfaces/v2/with-api-key";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let api: ReturnType<typeof client>;
const ID = "00000000-0000-4000-8000-000000000000";

// Every route the API serves with the methods it answers; the rest answer 405.
const ROUTES: [string, string[]][] = [
  ["/me", ["GET"]],
  ["/clients", ["GET", "POST"]],
  [`/clients/${ID}`, ["GET", "PATCH"]],
  ["/requests", ["GET", "POST"]],
  [`/requests/${ID}`, ["GET"]],
  [`/requests/${ID}/cancel`, ["POST"]],
  ["/accounts", ["GET"]],
  ["/services", ["GET"]],
  ["/usage", ["GET"]],
  ["/webhooks", ["GET", "POST"]],
  [`/webhooks/${ID}`, ["GET", "PATCH", "DELETE"]],
  [`/webhooks/${ID}/test`, ["POST"]],
  [`/webhooks/${ID}/deliveries`, ["GET"]],
  [`/webhooks/${ID}/pause`, ["POST"]],
  [`/webhooks/${ID}/resume`, ["POST"]],
  [`/webhooks/${ID}/rotate-secret`, ["POST"]],
];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: [] });
  api = client(server.url, a.key);
});
afterAll(() => server.close());
// many calls per agency within a minute: the rate limit has its own test (errors-and-limits)
beforeEach(() => resetRateLimiters());

describe("authentication", () => {
  it("401 UNAUTHENTICATED on every endpoint and method it serves, without a key or with a wrong one", async () => {
    for (const [path, methods] of ROUTES) {
      for (const method of methods) {
        const body = method === "GET" ? undefined : {};
        const none = await call(server.url, "", method, path, { key: null, body });
        expectError(none, 401, "UNAUTHENTICATED");
        // RFC 6750: every 401 of a Bearer-protected resource names the scheme
        expect(none.headers.get("www-authenticate"), `${method} ${path}`).toBe('Bearer realm="api"');
        const wrong = await call(server.url, `${a.key}x`, method, path, { body });
        expectError(wrong, 401, "UNAUTHENTICATED");
        expect(wrong.headers.get("www-authenticate"), `${method} ${path}`).toBe(
          'Bearer realm="api", error="invalid_token"',
        );
        const malformed = await call(server.url, "", method, path, {
          key: null,
          body,
          headers: { authorization: `bearer  ${a.key} extra` },
        });
        expectError(malformed, 401, "UNAUTHENTICATED");
        expect(malformed.headers.get("www-authenticate")).toMatch(/^Bearer /);
      }
    }
  });

  it("accepts the scheme in any case", async () => {
    expectOk(await call(server.url, "", "GET", "/me", { key: null, headers: { authorization: `bearer ${a.key}` } }));
  });
});

describe("405 METHOD_NOT_ALLOWED", () => {
  it("answers every other method of every route in the envelope, with Allow", async () => {
    for (const [path, methods] of ROUTES) {
      for (const method of METHODS.filter((m) => !methods.includes(m))) {
        const res = await api(method, path, { body: method === "GET" ? undefined : {} });
        expectError(res, 405, "METHOD_NOT_ALLOWED");
        expect(res.headers.get("allow"), `${method} ${path}`).toBe(methods.join(", "));
      }
    }
  });
});

describe("unknown paths", () => {
  it("404 NOT_FOUND in the envelope for paths the API does not serve", async () => {
    for (const path of ["/nope", "/clients/x/y", `/requests/${ID}/complete`, "/v2/me", "/"]) {
      for (const method of ["GET", "POST"]) {
        expectError(await api(method, path, { body: method === "POST" ? {} : undefined }), 404, "NOT_FOUND");
      }
    }
  });
});

/**
 * Sends a body with node:http and resolves with the response as soon as it has arrived:
 * a server refusing a large body answers before reading it, and the connection may be
 * reset while the rest is still being written, which is not the server's answer.
 */
function sendRaw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  declareLength: boolean,
): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${server.url}/api/v2${path}`);
    const buf = Buffer.from(body);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        headers: {
          ...headers,
          ...(declareLength ? { "content-length": String(buf.length) } : { "transfer-encoding": "chunked" }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
          resolve({ status: res.statusCode!, headers: h, body: JSON.parse(text), text });
        });
      },
    );
    let answered = false;
    req.on("response", () => (answered = true));
    req.on("error", (err) => (answered ? undefined : reject(err)));
    // written in pieces so the server can answer part way through
    let offset = 0;
    const writeMore = () => {
      while (offset < buf.length && !req.destroyed) {
        const piece = buf.subarray(offset, offset + 64 * 1024);
        offset += piece.length;
        if (!req.write(piece)) return void req.once("drain", writeMore);
      }
      if (!req.destroyed) req.end();
    };
    writeMore();
  });
}

describe("bodies", () => {
  const big = JSON.stringify({ name: "x".repeat(1024 * 1024), email: "a@b.c" });

  it("413 PAYLOAD_TOO_LARGE over 1 MB, declared or streamed without a length", async () => {
    const headers = {
      authorization: `Bearer ${a.key}`,
      "content-type": "application/json",
      "idempotency-key": crypto.randomUUID(),
    };
    for (const [method, path] of [
      ["POST", "/clients"],
      ["PATCH", `/clients/${ID}`],
      ["POST", "/requests"],
      ["POST", `/requests/${ID}/cancel`],
      ["POST", "/webhooks"],
    ] as const) {
      expectError(await sendRaw(method, path, headers, big, true), 413, "PAYLOAD_TOO_LARGE");
      expectError(await sendRaw(method, path, headers, big, false), 413, "PAYLOAD_TOO_LARGE");
    }
    const db = await getDb();
    expect(await db.client.count({ where: { agencyId: a.agencyId } })).toBe(0);
  });

  it("accepts a body just under the limit", async () => {
    const res = await api("POST", "/clients", {
      rawBody: JSON.stringify({ name: "n", email: "a@b.c", pad: "x".repeat(1000 * 1000) }),
      headers: { "content-type": "application/json" },
    });
    expectError(res, 400, "VALIDATION_FAILED");
    expect(res.body.error.details).toEqual([{ field: "pad", message: "Unknown field." }]);
  });

  it("415 UNSUPPORTED_MEDIA_TYPE for bodies that are not JSON", async () => {
    const body = JSON.stringify({ name: "n", email: "a@b.c" });
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
    ]) {
      expectError(
        await api("POST", "/clients", { rawBody: body, headers: { "content-type": type } }),
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
    }
    expectError(
      await api("POST", "/clients", { rawBody: new TextEncoder().encode(body) }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectError(
      await api("PATCH", `/clients/${ID}`, { rawBody: body, headers: { "content-type": "text/plain" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectOk(
      await api("POST", "/clients", { rawBody: body, headers: { "content-type": "application/json; charset=utf-8" } }),
      201,
    );
  });

  it("400 VALIDATION_FAILED for malformed JSON and for a missing body", async () => {
    for (const raw of ["{", '{"name": "x",}', "nul", "{'name':'x'}", '{"name":"x"}garbage']) {
      const err = expectError(
        await api("POST", "/clients", { rawBody: raw, headers: { "content-type": "application/json" } }),
        400,
        "VALIDATION_FAILED",
      );
      expect(err.message).toMatch(/JSON/);
    }
    expectError(
      await api("POST", "/clients", { headers: { "content-type": "application/json" } }),
      400,
      "VALIDATION_FAILED",
    );
    expectError(
      await api("POST", "/requests", { rawBody: "{", headers: { "content-type": "application/json" } }),
      400,
      "VALIDATION_FAILED",
    );
  });
});

describe("unexpected errors", () => {
  it("500 INTERNAL with the request id, no internals, and the stack logged", async () => {
    const lines: string[] = [];
    setLogDestination({ write: (line: string) => void lines.push(line) });
    const db = await getDb();
    await db.$executeRawUnsafe('ALTER TABLE "UsageCounter" RENAME TO "UsageCounterAway"');
    try {
      const res = await api("GET", "/usage");
      const err = expectError(res, 500, "INTERNAL");
      expect(err.details).toEqual([]);
      expect(err.message).toContain(res.body.meta.requestId);
      expect(res.text).not.toMatch(/UsageCounter|prisma|postgres|at .*\.ts|relation/i);
      const logged = lines.map((l) => JSON.parse(l) as { level: string; requestId?: string; err?: { stack?: string } });
      const entry = logged.find((l) => l.level === "error" && l.requestId === res.body.meta.requestId);
      expect(entry?.err?.stack).toMatch(/UsageCounter/);
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE "UsageCounterAway" RENAME TO "UsageCounter"');
      setLogDestination(null);
    }
    expectOk(await api("GET", "/usage"));
  });
});

describe("every response", () => {
  it("carries a fresh req_ request id and Cache-Control: no-store", async () => {
    const ids = new Set<string>();
    for (const res of [
      await api("GET", "/me"),
      await api("GET", "/nope"),
      await call(server.url, "", "GET", "/me", { key: null }),
      await api("PUT", "/me"),
    ]) {
      expect(res.headers.get("cache-control")).toBe("no-store");
      ids.add(res.body.meta.requestId);
    }
    expect(ids.size).toBe(4);
  });
});

describe("rate limit", () => {
  it(`allows ${V2_RATE_LIMIT.points} calls a minute per agency; the next gets 429 RATE_LIMITED with Retry-After; other agencies are unaffected`, async () => {
    const r = await seedV2Agency({ platforms: [] });
    const other = await seedV2Agency({ platforms: [] });
    const rl = client(server.url, r.key);
    // failed authentication does not spend the agency's budget
    for (let i = 0; i < 5; i++) await call(server.url, "", "GET", "/me", { key: `${r.key}x` });
    const first = await rl("GET", "/me");
    expectOk(first);
    expect(first.headers.get("ratelimit-limit")).toBe("300");
    expect(first.headers.get("ratelimit-remaining")).toBe("299");
    expect(first.headers.get("ratelimit-policy")).toBe("300;w=60");
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    let last = first;
    for (let done = 1; done < 300; done += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, 300 - done) }, (_, i) =>
          rl(i % 3 === 0 ? "GET" : "GET", i % 2 ? "/me" : "/services"),
        ),
      );
      for (const res of batch) expectOk(res);
      last = batch[batch.length - 1]!;
    }
    expect(last.headers.get("ratelimit-remaining")).toBe("0");
    const limited = await rl("GET", "/me");
    const err = expectError(limited, 429, "RATE_LIMITED");
    expect(err.message).toMatch(/300/);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get("ratelimit-limit")).toBe("300");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("ratelimit-reset")).toBe(String(retryAfter));
    // creates are refused too and create nothing
    expectError(await rl("POST", "/clients", { body: { name: "n", email: "a@b.c" } }), 429, "RATE_LIMITED");
    const db = await getDb();
    expect(await db.client.count({ where: { agencyId: r.agencyId } })).toBe(0);
    // another key of the same agency shares the budget; another agency does not
    const res = await call(server.url, other.key, "GET", "/me");
    expectOk(res);
    expect(res.headers.get("ratelimit-remaining")).toBe("299");
  });
});
