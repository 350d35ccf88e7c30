// One sign-in per platform through the real Meta and Google connectors (SANDBOX_PLATFORMS=0,
// PLATFORM_HOST_OVERRIDES pointing at the contract fakes), over real HTTP and a real
// database. The fakes refuse calls the consent's scopes do not cover, as the platforms do,
// so a grant of two services with one sign-in only works when the sign-in asked for both
// services' scopes. Two Meta and two Google services: two consent visits in total.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { resetEnvCache } from "@/lib/infra/env";
import {
  eventsOf,
  getNoFollow,
  locationOf,
  postForm,
  requestRow,
  seedAccessAgency,
  seedAccessRequest,
  typesOf,
  type TestAgency,
} from "@/test/support/access-fixtures";
import { startApiServer } from "@/test/support/api-server";
import { GOOGLE_FAKE, startGoogleFake, type GoogleFake } from "@/test/support/fakes/google-fake";
import { META_FAKE_APP, hostOverrides, startMetaFake, type MetaFake } from "@/test/support/fakes/meta-fake";

let base: string;
let close: () => Promise<void>;
let meta: MetaFake;
let google: GoogleFake;
let agency: TestAgency;
const KEYS = [
  "SANDBOX_PLATFORMS",
  "META_APP_ID",
  "META_APP_SECRET",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_ADS_DEVELOPER_TOKEN",
  "PLATFORM_HOST_OVERRIDES",
];
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  meta = await startMetaFake();
  google = await startGoogleFake();
  Object.assign(process.env, {
    SANDBOX_PLATFORMS: "0",
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
    PLATFORM_HOST_OVERRIDES: `${hostOverrides(meta.hosts)},${google.overrides}`,
  });
  resetEnvCache();
  const server = await startApiServer();
  base = server.url;
  close = server.close;
  agency = await seedAccessAgency(["google"]);
  agency.accounts.meta = (
    await connectAccount({
      agencyId: agency.agencyId,
      platform: "meta",
      email: "ops@agency.test",
      platformAccountId: "20002",
      business: { id: "770000000001", name: "Agency Main BM" },
    })
  ).internalAccountId;
});
afterAll(async () => {
  await close?.();
  await meta?.close();
  await google?.close();
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
});

/** The platform button → the fake's consent page (one visit) → our callback: the picker's session. */
async function signInOnce(
  token: string,
  serviceId: string,
  consentOrigin: string,
): Promise<{ session: string; scope: string[] }> {
  const start = locationOf(await getNoFollow(`${base}/api/access/${token}/connect/${serviceId}`));
  expect(start.origin).toBe(consentOrigin);
  const scope = (start.searchParams.get("scope") ?? "").split(/[ ,]/).filter(Boolean);
  const consent = await fetch(start, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  const callback = locationOf(await getNoFollow(`${base}${back.pathname}${back.search}`));
  expect(callback.searchParams.get("pick")).toBe(serviceId);
  return { session: callback.searchParams.get("session")!, scope };
}

type Attempt = {
  platform: string;
  outcome: string;
  services: { service: string; status: string; errors: string[] }[];
  errors: string[];
};

describe("one sign-in per platform through the real connectors", () => {
  it("grants two Meta and two Google services with two consent visits, one attempt per platform", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "advertiser" },
      meta_page: { accessLevel: "editor" },
      google_analytics: { accessLevel: "analyst" },
      google_tag_manager: { accessLevel: "[edit,read]" },
    });

    const m = await signInOnce(token, "meta_ads", meta.hosts["www.facebook.com"]!);
    expect(m.scope).toEqual(expect.arrayContaining(["ads_management", "pages_show_list", "business_management"]));
    const metaRes = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
      session: m.session,
      asset: "act_1001",
      "asset:meta_page": "2001",
    });
    expect(locationOf(metaRes).search).toBe("?notice=granted");
    expect(meta.partners.get("act_1001")?.get("770000000001")).toEqual(["ADVERTISE", "ANALYZE"]);
    expect(meta.partners.get("2001")?.get("770000000001")).toBeDefined();

    const g = await signInOnce(token, "google_analytics", google.hosts["accounts.google.com"]!);
    expect(g.scope).toEqual(
      expect.arrayContaining([
        "https://www.googleapis.com/auth/analytics.manage.users",
        "https://www.googleapis.com/auth/tagmanager.manage.users",
      ]),
    );
    const googleRes = await postForm(`${base}/api/access/${token}/services/google_analytics/grant`, {
      session: g.session,
      asset: "properties/1001",
      "asset:google_tag_manager": "accounts/2001/containers/3001",
    });
    expect(locationOf(googleRes).search).toBe("?notice=granted");
    const bindings = google.calls.filter((c) => c.method === "POST" && c.path.endsWith("/accessBindings"));
    expect(bindings.map((c) => c.path)).toEqual(["/v1alpha/properties/1001/accessBindings"]);
    expect(google.calls.some((c) => c.method === "POST" && c.path.includes("/user_permissions"))).toBe(true);

    // Two consent visits in all.
    expect(meta.calls.filter((c) => c.path.endsWith("/dialog/oauth"))).toHaveLength(1);
    expect(google.calls.filter((c) => c.path === "/o/oauth2/v2/auth")).toHaveLength(1);

    const row = await requestRow(requestId);
    expect(row.status).toBe("completed");
    const events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual([
      "connection.attempt_completed",
      "connection.attempt_completed",
      "request.completed",
      "request.created",
      "service.granted",
      "service.granted",
      "service.granted",
      "service.granted",
    ]);
    const attempts = events
      .filter((e) => e.type === "connection.attempt_completed")
      .map((e) => e.data.attempt as Attempt);
    expect(attempts.find((a) => a.platform === "meta")).toEqual({
      platform: "meta",
      outcome: "success",
      services: [
        { service: "meta_ads", status: "granted", errors: [] },
        { service: "meta_page", status: "granted", errors: [] },
      ],
      errors: [],
    });
    expect(attempts.find((a) => a.platform === "google")).toEqual({
      platform: "google",
      outcome: "success",
      services: [
        { service: "google_analytics", status: "granted", errors: [] },
        { service: "google_tag_manager", status: "granted", errors: [] },
      ],
      errors: [],
    });
  });

  it("a refused asset on one Meta service: service.grant_failed for that service only, one partial attempt", async () => {
    meta.reset();
    meta.switches.refuse = ["2002"];
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "analyst" },
      meta_page: { accessLevel: "analyst" },
    });
    const m = await signInOnce(token, "meta_page", meta.hosts["www.facebook.com"]!);
    await postForm(`${base}/api/access/${token}/services/meta_page/grant`, {
      session: m.session,
      asset: "2002",
      "asset:meta_ads": "act_1003",
    });
    const row = await requestRow(requestId);
    expect(row.services.map((s) => [s.serviceId, s.status])).toEqual([
      ["meta_ads", "granted"],
      ["meta_page", "pending"],
    ]);
    const events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual([
      "connection.attempt_completed",
      "request.created",
      "service.grant_failed",
      "service.granted",
    ]);
    expect((events.find((e) => e.type === "service.grant_failed")!.data.service as { service: string }).service).toBe(
      "meta_page",
    );
    const attempt = events.find((e) => e.type === "connection.attempt_completed")!.data.attempt as Attempt;
    expect(attempt.outcome).toBe("partial_success");
    expect(attempt.services.map((s) => [s.service, s.status, s.errors.length])).toEqual([
      ["meta_ads", "granted", 0],
      ["meta_page", "pending", 1],
    ]);
  });
});
