// What every V1 call shares, over real HTTP: x-auth statuses (V1's, not V2's), the
// Deprecation and Link headers on every response, unknown paths and methods, the
// migration guide, the 300-per-minute limit per client IP address (socket, or
// X-Forwarded-For with TRUST_PROXY), and property-based bad input: never a 5xx, always
// V1's failure body.
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/lib/testing/api-server";
import { seedV2Agency, type SeededV2Agency } from "@/lib/testing/v2-fixtures";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/api-keys/revoke-api-key";
import { forgetApiKeys } from "@/lib/auth/authenticate-api-key";
import { SERVICE_IDS } from "@/lib/catalog/catalog";
import { resetEnvCache } from "@/lib/env";
import { resetRateLimiters } from "@/lib/http/rate-limit";
import { legacyClientIp } from "@/lib/http/with-legacy-key";
import { expectLegacyHeaders, expectV1Error, expectV1Ok, v1Call, v1Client, type V1Response } from "@/app/api/v1/v1-test-client";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let v1: ReturnType<typeof v1Client>;
let clientId: string;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency();
  v1 = v1Client(server.url, a.key);
  clientId = expectV1Ok(await v1("POST", "/clients/create", { body: { name: "Ana", email: "ana@example.com", language: "English" } }), 201);
});
afterAll(() => server.close());
// every test starts with a fresh per-IP allowance
beforeEach(() => resetRateLimiters());

const ENDPOINTS = [
  { method: "POST", path: "/clients/create", scope: "clients:create" },
  { method: "POST", path: "/clients/update", scope: "clients:update" },
  { method: "GET", path: "/clients/retrieve?id=x", scope: "clients:read" },
  { method: "POST", path: "/links/create", scope: "requests:create" },
  { method: "POST", path: "/links/update", scope: "requests:update" },
  { method: "GET", path: "/links/retrieve?id=x", scope: "requests:read" },
] as const;

describe("x-auth", () => {
  it.each(ENDPOINTS)("$method $path: no key 403, invalid 401, revoked 401, no API access 403, missing scope 401", async ({ method, path, scope }) => {
    const body = method === "POST" ? {} : undefined;
    expect(expectV1Error(await v1Call(server.url, null, method, path, { body }), 403)).toMatch(/x-auth/);
    expectV1Error(await v1Call(server.url, "   ", method, path, { body }), 403);
    expectV1Error(await v1Call(server.url, "ark_not_a_real_key", method, path, { body }), 401);
    // a V2-style header is not V1's
    expectV1Error(await v1Call(server.url, null, method, path, { body, headers: { authorization: `Bearer ${a.key}` } }), 403);

    const revoked = await createApiKey({ agencyId: a.agencyId, scopes: [scope] });
    await revokeApiKey({ agencyId: a.agencyId, id: revoked.id });
    forgetApiKeys();
    expectV1Error(await v1Call(server.url, revoked.key, method, path, { body }), 401);

    const others = (["clients:read", "clients:create", "clients:update", "requests:read", "requests:create", "requests:update"] as const).filter((s) => s !== scope);
    const narrow = await createApiKey({ agencyId: a.agencyId, scopes: others });
    expect(expectV1Error(await v1Call(server.url, narrow.key, method, path, { body }), 401)).toMatch(scope);

    const starter = await seedV2Agency({ plan: "starter", platforms: [] });
    expect(expectV1Error(await v1Call(server.url, starter.key, method, path, { body }), 403)).toMatch(/plan/i);

    // the right scope passes authentication (then fails on the empty input)
    const res = await v1Call(server.url, (await createApiKey({ agencyId: a.agencyId, scopes: [scope] })).key, method, path, { body });
    expect([400, 404]).toContain(res.status);
  });
});

describe("headers and fixed answers", () => {
  it("every response carries Deprecation and the Link to the migration guide", async () => {
    const responses: V1Response[] = [
      await v1("POST", "/clients/create", { body: { name: "H", email: "h@example.com", language: "English" } }),
      await v1("GET", `/clients/retrieve?id=${clientId}`),
      await v1("POST", "/clients/create", { body: {} }),
      await v1Call(server.url, null, "GET", "/links/retrieve?id=x"),
      await v1Call(server.url, "bad", "GET", "/links/retrieve?id=x"),
      await v1("GET", "/links/retrieve?id=x"),
      await v1("GET", "/no/such/endpoint"),
      await v1("DELETE", "/clients/create"),
      await v1("GET", "/migration-guide"),
    ];
    for (const res of responses) expectLegacyHeaders(res);
    expect(responses[0]!.headers["deprecation"]).toBe(`@${Date.UTC(2026, 9, 6) / 1000}`);
    expect(responses[0]!.headers["link"]).toBe(`<${process.env.APP_URL}/api/v1/migration-guide>; rel="deprecation"; type="text/markdown"`);
  });

  it("unknown paths 404 and other methods 405 with V1's failure body", async () => {
    expect(expectV1Error(await v1("GET", "/no/such/endpoint"), 404)).toMatch(/migration-guide/);
    expectV1Error(await v1("POST", "/clients"), 404);
    const res = await v1("GET", "/clients/create");
    expectV1Error(res, 405);
    expect(res.headers["allow"]).toBe("POST");
    expect((await v1("POST", "/links/retrieve", { body: {} })).headers["allow"]).toBe("GET");
  });

  it("serves the migration guide as Markdown with the mapping table", async () => {
    const res = await v1Call(server.url, null, "GET", "/migration-guide");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/markdown/);
    expect(res.text).toMatch(/^# Migrating from V1 to V2/);
    for (const op of ["POST /clients/create", "POST /links/update", "adsMccAccountId", "Idempotency-Key"]) expect(res.text).toContain(op);
  });
});

describe("rate limit: 300 calls per minute per client IP", () => {
  async function burn(from: string, n: number) {
    for (let i = 0; i < n; i += 25) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, n - i) }, () => v1("GET", "/clients/retrieve?id=x", { from })));
      for (const r of batch) expect(r.status, r.text).toBe(404);
    }
  }

  it("the 301st call from one address gets 429 with Retry-After; another address is unaffected", async () => {
    await burn("127.0.0.3", 300);
    const limited = await v1("GET", `/clients/retrieve?id=${clientId}`, { from: "127.0.0.3" });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ status: "fail", message: expect.stringMatching(/300/) });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60);
    expectLegacyHeaders(limited);
    // counted per address before the key is looked at
    expect((await v1Call(server.url, null, "POST", "/clients/create", { body: {}, from: "127.0.0.3" })).status).toBe(429);
    expectV1Ok(await v1("GET", `/clients/retrieve?id=${clientId}`, { from: "127.0.0.4" }));
  });

  it("with TRUST_PROXY the first X-Forwarded-For hop is the client; without it the last hop (the one Next fills from the socket)", async () => {
    const { GET } = await import("@/app/api/v1/clients/retrieve/route");
    const ask = (xff: string) =>
      GET(new Request(`http://localhost/api/v1/clients/retrieve?id=${clientId}`, { headers: { "x-auth": a.key, "x-forwarded-for": xff } }));
    const previous = process.env.TRUST_PROXY;
    try {
      process.env.TRUST_PROXY = "1";
      resetEnvCache();
      for (let i = 0; i < 300; i += 50) {
        const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => ask(`203.0.113.7, 10.0.0.${(i + j) % 250}`)));
        for (const r of batch) expect(r.status).toBe(200);
      }
      const limited = await ask("203.0.113.7, 10.9.9.9");
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({ status: "fail", message: expect.any(String) });
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await ask("198.51.100.1, 10.0.0.1")).status).toBe(200);

      delete process.env.TRUST_PROXY;
      resetEnvCache();
      // without TRUST_PROXY the first hop is not believed: 203.0.113.7 is not limited here
      expect((await ask("203.0.113.7, 192.0.2.44")).status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = previous;
      resetEnvCache();
    }
  });

  it("normalises the address: IPv4-mapped IPv6, ports, IPv6 per /64, garbage", () => {
    const ip = (xff: string, trust = false) => legacyClientIp(new Headers(xff ? { "x-forwarded-for": xff } : {}), trust);
    expect(ip("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(ip("1.2.3.4:5678")).toBe("1.2.3.4");
    expect(ip("[2001:db8::1]:443")).toBe("2001:db8:0:0::/64");
    expect(ip("2001:db8::1")).toBe(ip("2001:db8::ffff"));
    expect(ip("2001:db8:0:1::1")).not.toBe(ip("2001:db8::1"));
    expect(ip("9.9.9.9, 8.8.8.8", true)).toBe("9.9.9.9");
    expect(ip("9.9.9.9, 8.8.8.8", false)).toBe("8.8.8.8");
    expect(ip("")).toBe("unknown");
    expect(ip("not-an-ip")).toBe("unknown");
  });
});

describe("bad input never gives a 5xx", () => {
  // Any JSON, with any code unit in strings (NUL, lone surrogates...).
  const anyJson = fc.jsonValue({ stringUnit: "binary", maxDepth: 4 });
  const anyValue = fc.oneof(anyJson, fc.string({ unit: "binary", maxLength: 300 }), fc.constant(null), fc.integer(), fc.boolean());

  function expectHandled(res: V1Response) {
    expect(res.status, res.text).toBeLessThan(500);
    expectLegacyHeaders(res);
    if (res.status >= 400) expect(res.body, res.text).toEqual({ error: true, msg: expect.any(String) });
    else expect(res.body.error, res.text).toBe(false);
  }

  const serviceEntry = fc.record(
    {
      requested: fc.oneof(fc.boolean(), anyValue),
      accessLevel: fc.oneof(fc.constantFrom("admin", "standard", "viewer", "analyst", "[edit,read]", ""), anyValue),
      optional: fc.oneof(fc.boolean(), anyValue),
      requestedAccountLinks: fc.oneof(
        fc.array(
          fc.record(
            {
              internalAccountID: fc.oneof(fc.constant("GOOGLE"), fc.constant("META"), anyValue),
              adsMCCAccountID: fc.oneof(fc.string({ maxLength: 300 }), anyValue),
              businessManagerID: anyValue,
            },
            { requiredKeys: [] },
          ),
          { maxLength: 25 },
        ),
        anyValue,
      ),
    },
    { requiredKeys: [] },
  );
  const services = fc.oneof(fc.dictionary(fc.oneof(fc.constantFrom(...SERVICE_IDS), fc.string({ unit: "binary", maxLength: 120 })), serviceEntry, { maxKeys: 4 }), anyValue);
  const idLike = () => fc.oneof(fc.constant("CLIENT"), fc.uuid(), fc.string({ unit: "binary", maxLength: 60 }), anyValue);

  // placeholders become this agency's real ids so that some cases get past the first checks
  function fill(v: unknown): unknown {
    if (v === "CLIENT") return clientId;
    if (v === "GOOGLE") return a.accounts.google;
    if (v === "META") return a.accounts.meta;
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  }

  const bodies: Record<string, fc.Arbitrary<unknown>> = {
    "/clients/create": fc.record(
      { name: anyValue, email: fc.oneof(fc.emailAddress(), anyValue), language: fc.oneof(fc.constantFrom("English", "Spanish", "Dutch"), anyValue), company: anyValue, website: anyValue, metadata: fc.oneof(fc.dictionary(fc.string({ unit: "binary", maxLength: 120 }), anyValue, { maxKeys: 55 }), anyValue) },
      { requiredKeys: [] },
    ),
    "/clients/update": fc.record(
      { id: idLike(), name: anyValue, email: anyValue, language: anyValue, company: anyValue, website: anyValue, metadata: fc.oneof(fc.dictionary(fc.string({ maxLength: 5 }), anyValue, { maxKeys: 5 }), anyValue) },
      { requiredKeys: [] },
    ),
    "/links/create": fc.record(
      { clientID: idLike(), requestedServices: services, intakeForm: fc.oneof(fc.boolean(), anyValue), sendEmail: fc.oneof(fc.boolean(), anyValue), thankYouMessage: anyValue, redirectURL: fc.oneof(fc.webUrl(), fc.domain(), anyValue) },
      { requiredKeys: [] },
    ),
    "/links/update": fc.record({ id: idLike(), requestedServices: services }, { requiredKeys: [] }),
  };

  it.each(Object.keys(bodies))("POST %s: structured bodies", async (path) => {
    await fc.assert(
      fc.asyncProperty(bodies[path]!, async (body) => {
        resetRateLimiters();
        expectHandled(await v1("POST", path, { body: fill(body) }));
      }),
      { numRuns: 60 },
    );
  });

  it("POST: any JSON value or raw text as the body", async () => {
    const paths = Object.keys(bodies);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.oneof(anyJson.map((v) => JSON.stringify(v)), fc.string({ unit: "binary", maxLength: 200 })), async (path, raw) => {
        resetRateLimiters();
        expectHandled(await v1("POST", path, { rawBody: raw, headers: { "content-type": "application/json" } }));
      }),
      { numRuns: 80 },
    );
  });

  it("GET: any query string", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/clients/retrieve", "/links/retrieve"), fc.oneof(idLike(), anyJson).map((v) => (typeof v === "string" ? v : JSON.stringify(v))), fc.string({ maxLength: 20 }), async (path, id, extra) => {
        resetRateLimiters();
        const qs = new URLSearchParams({ id: String(fill(id) ?? ""), [extra || "x"]: extra }).toString();
        expectHandled(await v1("GET", `${path}?${qs}`));
      }),
      { numRuns: 60 },
    );
  });
});
