// What every V1 call shares, over real HTTP: x-auth statuses (V1's, not V2's), the
// Deprecation and Link headers on every response, unknown paths and methods, the
// migration guide, the 300-per-minute limit per client IP address (socket, or
// X-Forwarded-For with TRUST_PROXY), and property-based bad input: never a 5xx, always
// V1's failure body.
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";
import { forgetApiKeys } from "@/lib/core/api-keys/authenticate-api-key";
import { SERVICE_IDS } from "@/lib/core/catalog/catalog";
import { resetEnvCache } from "@/lib/infra/env";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import { legacyClientIp } from "@/lib/surfaces/http/legacy-client-ip";
import {
  expectLegacyHeaders,
  expectV1Error,
  expectV1Ok,
  v1Call,
  v1Client,
  type V1Response,
} from "@/test/support/v1-test-client";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let v1: ReturnType<typeof v1Client>;
let clientId: string;
let linkId: string;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency();
  v1 = v1Client(server.url, a.key);
  clientId = expectV1Ok(
    await v1("POST", "/clients/create", { body: { name: "Ana", email: "ana@example.com", language: "English" } }),
    201,
  );
  linkId = expectV1Ok(
    await v1("POST", "/links/create", {
      body: {
        clientID: clientId,
        requestedServices: {
          google_ads: {
            requested: true,
            accessLevel: "admin",
            requestedAccountLinks: [{ internalAccountID: a.accounts.google }],
          },
        },
      },
    }),
    201,
  );
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
  it.each(ENDPOINTS)(
    "$method $path: no key 403, invalid 401, revoked 401, no API access 403, missing scope 401",
    async ({ method, path, scope }) => {
      const body = method === "POST" ? {} : undefined;
      expect(expectV1Error(await v1Call(server.url, null, method, path, { body }), 403)).toMatch(/x-auth/);
      expectV1Error(await v1Call(server.url, "   ", method, path, { body }), 403);
      expectV1Error(await v1Call(server.url, "ark_not_a_real_key", method, path, { body }), 401);
      // a V2-style header is not V1's
      expectV1Error(
        await v1Call(server.url, null, method, path, { body, headers: { authorization: `Bearer ${a.key}` } }),
        403,
      );

      const revoked = await createApiKey({ agencyId: a.agencyId, scopes: [scope] });
      await revokeApiKey({ agencyId: a.agencyId, id: revoked.id });
      forgetApiKeys();
      expectV1Error(await v1Call(server.url, revoked.key, method, path, { body }), 401);

      const others = (
        [
          "clients:read",
          "clients:create",
          "clients:update",
          "requests:read",
          "requests:create",
          "requests:update",
        ] as const
      ).filter((s) => s !== scope);
      const narrow = await createApiKey({ agencyId: a.agencyId, scopes: others });
      expect(expectV1Error(await v1Call(server.url, narrow.key, method, path, { body }), 401)).toMatch(scope);

      const starter = await seedV2Agency({ plan: "starter", platforms: [] });
      expect(expectV1Error(await v1Call(server.url, starter.key, method, path, { body }), 403)).toMatch(/plan/i);

      // the right scope passes authentication (then fails on the empty input)
      const res = await v1Call(
        server.url,
        (await createApiKey({ agencyId: a.agencyId, scopes: [scope] })).key,
        method,
        path,
        { body },
      );
      expect([400, 404]).toContain(res.status);
    },
  );
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
    expect(responses[0]!.headers["link"]).toBe(
      `<${process.env.APP_URL}/api/v1/migration-guide>; rel="deprecation"; type="text/markdown"`,
    );
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
    for (const op of ["POST /clients/create", "POST /links/update", "adsMccAccountId", "Idempotency-Key"])
      expect(res.text).toContain(op);
  });
});

describe("rate limit: 300 calls per minute per client IP", () => {
  async function burn(from: string, n: number) {
    for (let i = 0; i < n; i += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, n - i) }, () => v1("GET", "/clients/retrieve?id=x", { from })),
      );
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
    expect((await v1Call(server.url, null, "POST", "/clients/create", { body: {}, from: "127.0.0.3" })).status).toBe(
      429,
    );
    expectV1Ok(await v1("GET", `/clients/retrieve?id=${clientId}`, { from: "127.0.0.4" }));
  });

  it("with TRUST_PROXY the first X-Forwarded-For hop is the client; without it the last hop (the one Next fills from the socket)", async () => {
    const { GET } = await import("@/app/api/v1/clients/retrieve/route");
    const ask = (xff: string) =>
      GET(
        new Request(`http://localhost/api/v1/clients/retrieve?id=${clientId}`, {
          headers: { "x-auth": a.key, "x-forwarded-for": xff },
        }),
      );
    const previous = process.env.TRUST_PROXY;
    try {
      process.env.TRUST_PROXY = "1";
      resetEnvCache();
      for (let i = 0; i < 300; i += 50) {
        const batch = await Promise.all(
          Array.from({ length: 50 }, (_, j) => ask(`203.0.113.7, 10.0.0.${(i + j) % 250}`)),
        );
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
    const ip = (xff: string, trust = false) =>
      legacyClientIp(new Headers(xff ? { "x-forwarded-for": xff } : {}), trust);
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
  // text the database cannot store, in places where it would be stored
  const nasty = fc.constantFrom("\u0000", "a\u0000b", "x\ud800", "\udfffy", "\u202e", "𝒜", " ", "");
  const anyValue = fc.oneof(
    anyJson,
    nasty,
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.constant(null),
    fc.integer(),
    fc.boolean(),
  );

  function expectHandled(res: V1Response) {
    expect(res.status, res.text).toBeLessThan(500);
    expectLegacyHeaders(res);
    if (res.status >= 400) expect(res.body, res.text).toEqual({ error: true, msg: expect.any(String) });
    else expect(res.body.error, res.text).toBe(false);
  }

  // Mostly valid values, so that many cases get past the first checks and reach the database.
  const mostly = <T>(valid: fc.Arbitrary<T>) =>
    fc.oneof(
      { weight: 16, arbitrary: valid },
      { weight: 1, arbitrary: anyValue },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  const rarely = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
  const text = (max: number) =>
    fc.oneof({ weight: 30, arbitrary: fc.string({ minLength: 1, maxLength: max }) }, { weight: 1, arbitrary: nasty });

  const TEMPLATES = [
    { id: "google_ads", accessLevel: "standard", acc: "GOOGLE", mcc: false },
    { id: "google_analytics", accessLevel: "viewer", acc: "GOOGLE", mcc: false },
    { id: "google_tag_manager", accessLevel: "[read,edit]", acc: "GOOGLE", mcc: false },
    { id: "meta_ads", accessLevel: "analyst", acc: "META", mcc: false },
    { id: "google_ads_mcc", accessLevel: undefined, acc: "GOOGLE", mcc: true },
  ];
  const entryFor = (t: (typeof TEMPLATES)[number]) =>
    fc.record({
      requested: mostly(
        fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      ),
      accessLevel: mostly(fc.constant(t.accessLevel)),
      optional: mostly(fc.boolean()),
      requestedAccountLinks: mostly(
        fc.array(
          fc.record({
            internalAccountID: mostly(fc.constant(t.acc)),
            adsMCCAccountID: t.mcc ? mostly(text(40)) : fc.constant(undefined),
            businessManagerID: fc.oneof(fc.constant(undefined), text(300)),
          }),
          { minLength: 1, maxLength: 2 },
        ),
      ),
    });
  const services = mostly(
    fc
      .uniqueArray(fc.constantFrom(...TEMPLATES), { selector: (t) => t.id, minLength: 1, maxLength: 4 })
      .chain((ts) => fc.tuple(...ts.map((t) => entryFor(t).map((e) => [t.id, e] as const))))
      .chain((entries) =>
        // now and then an unknown or odd service name among them
        rarely(
          fc.tuple(fc.oneof(fc.constantFrom(...SERVICE_IDS), fc.string({ unit: "binary", maxLength: 120 })), anyValue),
        ).map((extra) => Object.fromEntries(extra ? [...entries, extra] : entries)),
      ),
  );
  const idLike = (placeholder: string) =>
    fc.oneof(
      { weight: 12, arbitrary: fc.constant(placeholder) },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
      { weight: 1, arbitrary: anyValue },
    );
  const metadata = mostly(
    fc.dictionary(
      fc.oneof({ weight: 30, arbitrary: fc.string({ maxLength: 100 }) }, { weight: 1, arbitrary: nasty }),
      text(500),
      { maxKeys: 52 },
    ),
  );

  // placeholders become this agency's real ids
  function fill(v: unknown): unknown {
    if (v === "CLIENT") return clientId;
    if (v === "LINK") return linkId;
    if (v === "GOOGLE") return a.accounts.google;
    if (v === "META") return a.accounts.meta;
    if (Array.isArray(v)) return v.map(fill);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
    return v;
  }

  const clientFields = {
    name: mostly(text(210)),
    email: mostly(fc.emailAddress()),
    language: mostly(fc.constantFrom("English", "Spanish", "Dutch")),
    company: mostly(text(210)),
    website: mostly(fc.oneof(fc.webUrl(), text(100))),
    metadata,
    extra: rarely(anyValue),
  };
  const bodies: Record<string, fc.Arbitrary<unknown>> = {
    "/clients/create": fc.record(clientFields),
    "/clients/update": fc.record({ id: idLike("CLIENT"), ...clientFields }),
    "/links/create": fc.record({
      clientID: idLike("CLIENT"),
      requestedServices: services,
      intakeForm: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: anyValue }),
      sendEmail: mostly(fc.boolean()),
      thankYouMessage: mostly(text(2010)),
      redirectURL: mostly(fc.oneof(fc.webUrl(), fc.domain(), nasty)),
      expiresAt: rarely(anyValue),
    }),
    "/links/update": fc.record({ id: idLike("LINK"), requestedServices: services }),
  };
  const statuses: Record<string, Record<number, number>> = {};

  it("refuses NUL characters and lone surrogates (which the database cannot store) with a 400", async () => {
    const base = { name: "N", email: "n@example.com", language: "English" };
    for (const body of [
      { ...base, name: "a\u0000b" },
      { ...base, metadata: { k: "x\ud800" } },
      { ...base, metadata: { "\udfff": "v" } },
      { ...base, ignored: ["\u0000"] },
    ]) {
      expect(expectV1Error(await v1("POST", "/clients/create", { body }), 400)).toMatch(/NUL/);
    }
    const link = { internalAccountID: a.accounts.meta, businessManagerID: "bm\ud800" };
    const res = await v1("POST", "/links/create", {
      body: {
        clientID: clientId,
        requestedServices: { meta_ads: { requested: true, accessLevel: "admin", requestedAccountLinks: [link] } },
      },
    });
    expectV1Error(res, 400);
    expectV1Ok(
      await v1("POST", "/clients/create", { body: { ...base, name: "Ünïcødé 𝒜 \u202e", metadata: { ключ: "値" } } }),
      201,
    );
  });

  it.each(Object.keys(bodies))("POST %s: structured bodies", async (path) => {
    await fc.assert(
      fc.asyncProperty(bodies[path]!, async (body) => {
        resetRateLimiters();
        const res = await v1("POST", path, { body: fill(body) });
        expectHandled(res);
        (statuses[path] ??= {})[res.status] = (statuses[path][res.status] ?? 0) + 1;
      }),
      { numRuns: 60 },
    );
    // the generators must reach past validation, or the property proves little
    expect(
      Object.keys(statuses[path]!).some((st) => Number(st) < 300),
      JSON.stringify(statuses[path]),
    ).toBe(true);
  });

  it("POST: any JSON value or raw text as the body", async () => {
    const paths = Object.keys(bodies);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(
          anyJson.map((v) => JSON.stringify(v)),
          fc.string({ unit: "binary", maxLength: 200 }),
        ),
        async (path, raw) => {
          resetRateLimiters();
          expectHandled(await v1("POST", path, { rawBody: raw, headers: { "content-type": "application/json" } }));
        },
      ),
      { numRuns: 80 },
    );
  });

  it("GET: any query string", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/clients/retrieve", "/links/retrieve"),
        fc.oneof(idLike("CLIENT"), anyJson).map((v) => (typeof v === "string" ? v : JSON.stringify(v))),
        fc.string({ maxLength: 20 }),
        async (path, id, extra) => {
          resetRateLimiters();
          const qs = new URLSearchParams({ id: String(fill(id) ?? ""), [extra || "x"]: extra }).toString();
          expectHandled(await v1("GET", `${path}?${qs}`));
        },
      ),
      { numRuns: 60 },
    );
  });
});
