// The benchmark baseline route over real HTTP: hidden (404) unless BENCH_ROUTES is on,
// and when on, the same lookup of one request as GET /api/v2/requests/{id} (the agency is
// named in the query string).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/infra/env";
import { startApiServer } from "@/test/support/api-server";
import { client, expectOk, seedV2Agency } from "@/test/support/v2-fixtures";

describe("GET /api/bench/baseline", () => {
  let server: { url: string; close(): Promise<void> };
  let requestId: string;
  let agencyId: string;
  const saved = process.env.BENCH_ROUTES;

  beforeAll(async () => {
    server = await startApiServer();
    const agency = await seedV2Agency({ platforms: ["meta"] });
    agencyId = agency.agencyId;
    const api = client(server.url, agency.key);
    const clientId = expectOk(
      await api("POST", "/clients", { body: { name: "Bench", email: "bench@example.com" } }),
      201,
    ).id;
    const requestedServices = {
      meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: agency.accounts.meta }] },
    };
    requestId = expectOk(await api("POST", "/requests", { body: { clientId, requestedServices } }), 201).id;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.BENCH_ROUTES;
    else process.env.BENCH_ROUTES = saved;
    resetEnvCache();
  });
  afterAll(async () => server?.close());

  const get = (id: string, agency = agencyId) =>
    fetch(`${server.url}/api/bench/baseline?id=${encodeURIComponent(id)}&agency=${encodeURIComponent(agency)}`);

  it("answers 404 without BENCH_ROUTES, and with BENCH_ROUTES=0", async () => {
    for (const value of [undefined, "0"]) {
      if (value === undefined) delete process.env.BENCH_ROUTES;
      else process.env.BENCH_ROUTES = value;
      resetEnvCache();
      const res = await get(requestId);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("");
    }
  });

  it("serves the request with BENCH_ROUTES=1, and 404 for an unknown or malformed id or another agency", async () => {
    process.env.BENCH_ROUTES = "1";
    resetEnvCache();
    const res = await get(requestId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; services: { service: string }[] };
    expect(body.id).toBe(requestId);
    expect(body.services.map((s) => s.service)).toEqual(["meta_ads"]);
    expect((await get(crypto.randomUUID())).status).toBe(404);
    expect((await get("not-a-uuid")).status).toBe(404);
    expect((await get(requestId, crypto.randomUUID())).status).toBe(404);
    expect((await get(requestId, "not-a-uuid")).status).toBe(404);
  });
});
