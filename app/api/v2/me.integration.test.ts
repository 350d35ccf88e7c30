// GET /me over real HTTP: the current key and agency, no scope needed, and the
// authentication and entitlement failures it shares with every endpoint.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import { call, expectError, expectOk, seedV2Agency, UUID, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";
import { setPlan } from "@/lib/core/agencies/set-plan";
import { forgetApiKeys } from "@/lib/core/api-keys/authenticate-api-key";
import { getDb } from "@/lib/infra/db/db";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ name: "Me Agency", platforms: [] });
});
afterAll(() => server.close());
// many calls per agency within a minute: the rate limit has its own test (errors-and-limits)
beforeEach(() => resetRateLimiters());

describe("GET /me", () => {
  it("returns the agency and the key's id and scopes", async () => {
    const res = await call(server.url, a.key, "GET", "/me");
    const data = expectOk(res);
    expect(data).toEqual({
      agency: { id: a.agencyId, name: "Me Agency" },
      apiKey: { id: a.apiKeyId, scopes: expect.any(Array) },
    });
    expect(data.agency.id).toMatch(UUID);
    expect(data.apiKey.scopes).toContain("clients:read");
    expect(Object.keys(res.body.meta)).toEqual(["requestId"]);
    expect(res.headers.get("ratelimit-limit")).toBe("300");
  });

  it("needs no scope: a key holding only usage:read may call it", async () => {
    const k = await createApiKey({ agencyId: a.agencyId, scopes: ["usage:read"] });
    const data = expectOk(await call(server.url, k.key, "GET", "/me"));
    expect(data.apiKey).toEqual({ id: k.id, scopes: ["usage:read"] });
  });

  it("401 UNAUTHENTICATED without a key, with a malformed header, an unknown key or a revoked key", async () => {
    expectError(await call(server.url, a.key, "GET", "/me", { key: null }), 401, "UNAUTHENTICATED");
    expectError(
      await call(server.url, a.key, "GET", "/me", { key: null, headers: { authorization: `Basic ${a.key}` } }),
      401,
      "UNAUTHENTICATED",
    );
    expectError(
      await call(server.url, a.key, "GET", "/me", { key: null, headers: { authorization: "Bearer" } }),
      401,
      "UNAUTHENTICATED",
    );
    expectError(await call(server.url, "ars_not_a_real_key", "GET", "/me"), 401, "UNAUTHENTICATED");
    const k = await createApiKey({ agencyId: a.agencyId, scopes: ["clients:read"] });
    expectOk(await call(server.url, k.key, "GET", "/me"));
    await revokeApiKey({ agencyId: a.agencyId, id: k.id });
    forgetApiKeys();
    expectError(await call(server.url, k.key, "GET", "/me"), 401, "UNAUTHENTICATED");
  });

  it("a key revoked elsewhere (another instance, no local forget) is refused within 5 seconds", async () => {
    const k = await createApiKey({ agencyId: a.agencyId, scopes: ["clients:read"] });
    expectOk(await call(server.url, k.key, "GET", "/me"));
    const db = await getDb();
    await db.apiKey.update({ where: { id: k.id }, data: { revokedAt: new Date() } });
    const deadline = Date.now() + 5_500;
    let status = 200;
    while (Date.now() < deadline && status === 200) {
      status = (await call(server.url, k.key, "GET", "/me")).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(401);
  });

  it("403 PLAN_NOT_ENTITLED when the plan has no API access and no trial", async () => {
    const b = await seedV2Agency({ platforms: [] });
    await setPlan({ agencyId: b.agencyId, plan: "starter", apiAccess: false, trial: false });
    forgetApiKeys();
    const err = expectError(await call(server.url, b.key, "GET", "/me"), 403, "PLAN_NOT_ENTITLED");
    expect(err.message).toMatch(/API access/);
    // a running trial entitles the same plan again
    await setPlan({ agencyId: b.agencyId, trial: true });
    forgetApiKeys();
    expectOk(await call(server.url, b.key, "GET", "/me"));
  });

  it("405 METHOD_NOT_ALLOWED with Allow for other methods, in the envelope", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await call(server.url, a.key, method, "/me", { body: {} });
      expectError(res, 405, "METHOD_NOT_ALLOWED");
      expect(res.headers.get("allow")).toBe("GET");
    }
  });

  it("rejects query parameters it does not know", async () => {
    const res = await call(server.url, a.key, "GET", "/me?expand=agency");
    const err = expectError(res, 400, "VALIDATION_FAILED");
    expect(err.details).toEqual([{ field: "expand", message: expect.any(String) }]);
  });
});
