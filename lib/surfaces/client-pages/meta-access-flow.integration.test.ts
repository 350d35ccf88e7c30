// The client page's grant through the real Meta connector (SANDBOX_PLATFORMS=0, Meta
// credentials, PLATFORM_HOST_OVERRIDES pointing at the contract fake), over real HTTP and a
// real database: "Grant access" → Login dialog → callback → picker → grant. Checks what is
// stored (granted assets with their read-back), the events, the API's shape, and that the
// client's Meta token shows up in no response, event, log line or stored row.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { getDb } from "@/lib/infra/db/db";
import { resetEnvCache } from "@/lib/infra/env";
import { setLogDestination } from "@/lib/infra/log";
import { startApiServer } from "@/test/support/api-server";
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
import { META_FAKE_APP, hostOverrides, startMetaFake, type MetaFake } from "@/test/support/fakes/meta-fake";
import { call } from "@/test/support/v2-fixtures";

let base: string;
let close: () => Promise<void>;
let fake: MetaFake;
let agency: TestAgency;
let apiKey: string;
const seen: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  fake = await startMetaFake();
  Object.assign(process.env, {
    SANDBOX_PLATFORMS: "0",
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    PLATFORM_HOST_OVERRIDES: hostOverrides(fake.hosts),
    LOG_LEVEL: "debug",
  });
  resetEnvCache();
  // connector calls are logged through the JSON logger at debug level; console too, in case
  setLogDestination({ write: (line: string) => void logged.push(line) });
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(
        args
          .map((a) =>
            a instanceof Error
              ? `${a.message} ${a.stack} ${String(a.cause)}`
              : typeof a === "string"
                ? a
                : JSON.stringify(a),
          )
          .join(" "),
      );
    });
  }
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
  apiKey = (await createApiKey({ agencyId: agency.agencyId, scopes: ["requests:read"] })).key;
});
afterAll(async () => {
  vi.restoreAllMocks();
  setLogDestination(null);
  await close?.();
  await fake?.close();
  for (const k of ["SANDBOX_PLATFORMS", "META_APP_ID", "META_APP_SECRET", "PLATFORM_HOST_OVERRIDES", "LOG_LEVEL"])
    delete process.env[k];
  resetEnvCache();
});

/** A response the client's browser saw: its status, Location and body, kept for the token check. */
async function keep(res: Response): Promise<Response> {
  seen.push(`${res.status} ${res.headers.get("location") ?? ""} ${await res.clone().text()}`);
  return res;
}

/** "Grant access" → the fake's Login dialog → our callback: returns the picker's session. */
async function signInWithMeta(token: string, serviceId: string) {
  const start = await keep(await getNoFollow(`${base}/api/access/${token}/connect/${serviceId}`));
  const dialog = locationOf(start);
  expect(dialog.origin).toBe(fake.hosts["www.facebook.com"]);
  const consent = await fetch(dialog, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  expect(back.origin + back.pathname).toBe("http://localhost:3999/api/access/callback");
  const callback = locationOf(await keep(await getNoFollow(`${base}${back.pathname}${back.search}`)));
  expect(callback.searchParams.get("pick")).toBe(serviceId);
  return callback.searchParams.get("session")!;
}

describe("client grants Meta services through the real connector", () => {
  it("partial success: granted assets stored with their read-back, events and API agree, the token leaks nowhere", async () => {
    fake.switches.refuse = ["act_1002"];
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "advertiser" },
      meta_page: { accessLevel: "editor" },
    });

    const session = await signInWithMeta(token, "meta_ads");
    const res = await keep(
      await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
        session,
        asset: ["act_1001", "act_1002"],
      }),
    );
    expect(res.status).toBe(303);

    const posts = fake.calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => [c.path, c.form.business, c.form.permitted_tasks, c.status])).toEqual([
      ["/v25.0/act_1001/agencies", "770000000001", '["ADVERTISE","ANALYZE"]', 200],
      ["/v25.0/act_1002/agencies", "770000000001", '["ADVERTISE","ANALYZE"]', 400],
    ]);

    const row = await requestRow(requestId);
    const ads = row.services.find((s) => s.serviceId === "meta_ads")!;
    expect(ads.status).toBe("granted");
    expect(ads.grantedAssets).toEqual([
      {
        id: "act_1001",
        name: "Acme Main Ads",
        accessLevel: "advertiser",
        verified: true,
        verifiedAt: expect.any(String),
      },
    ]);

    const events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual(["connection.attempt_completed", "request.created", "service.granted"]);
    const attempt = events.find((e) => e.type === "connection.attempt_completed")!.data.attempt;
    expect(attempt).toEqual({
      platform: "meta",
      outcome: "partial_success",
      services: [
        {
          service: "meta_ads",
          status: "granted",
          errors: ["Acme Brand Ads does not allow new partners. Ask its admin to turn on partner access."],
        },
      ],
      errors: [],
    });

    const api = await call(base, apiKey, "GET", `/requests/${requestId}`);
    seen.push(api.text);
    expect(api.status).toBe(200);
    const apiAds = (api.body.data ?? api.body).services.find((s: { service: string }) => s.service === "meta_ads");
    expect(apiAds.grantedAssets).toEqual([{ id: "act_1001", name: "Acme Main Ads", accessLevel: "advertiser" }]);

    // The Page grant uses the Page's own token; an expired token fails the whole attempt,
    // which is reported through the attempt event only (not service.grant_failed).
    const pageSession = await signInWithMeta(token, "meta_page");
    fake.switches.expireTokens = true;
    const failed = await keep(
      await postForm(`${base}/api/access/${token}/services/meta_page/grant`, { session: pageSession, asset: "2001" }),
    );
    expect(failed.status).toBe(303);
    const after = await eventsOf(requestId);
    type AttemptData = { service?: { service?: string }; attempt?: { outcome?: string; errors?: string[] } };
    expect(
      after.some((e) => e.type === "service.grant_failed" && (e.data as AttemptData).service?.service === "meta_page"),
    ).toBe(false);
    const failedAttempt = after
      .filter((e) => e.type === "connection.attempt_completed")
      .find((e) => (e.data as AttemptData).attempt?.outcome === "failed")!;
    expect((failedAttempt.data as AttemptData).attempt!.errors).toEqual([
      "Meta asks you to sign in again. Click the button once more to continue.",
    ]);

    // Nowhere: responses the browser saw, the API, events, log lines, stored rows.
    const tokens = fake.issuedTokens();
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const db = await getDb();
    const stored =
      JSON.stringify(await db.event.findMany({ where: { agencyId: agency.agencyId } })) +
      JSON.stringify(await requestRow(requestId));
    const sessions = await db.grantSession.findMany({ where: { requestId } });
    expect(sessions.every((s) => s.accessToken === null)).toBe(true);
    expect(logged.some((l) => l.includes("connector POST"))).toBe(true);
    for (const t of tokens) {
      for (const [where, text] of [
        ["responses", seen.join("\n")],
        ["events and rows", stored],
        ["logs", logged.join("\n")],
      ] as const) {
        expect(text.includes(t), `token found in ${where}`).toBe(false);
      }
    }
  });

  it("a consent Deny is not an attempt: back to the page with an error, no event", async () => {
    fake.reset();
    fake.switches.denyConsent = true;
    const { requestId, token } = await seedAccessRequest(agency, { meta_catalog: { accessLevel: "admin" } });
    const dialog = locationOf(await getNoFollow(`${base}/api/access/${token}/connect/meta_catalog`));
    const back = new URL((await fetch(dialog, { redirect: "manual" })).headers.get("location")!);
    const page = locationOf(await getNoFollow(`${base}${back.pathname}${back.search}`));
    expect(page.pathname).toBe(`/i/${token}`);
    expect(page.search).toContain("denied");
    expect(typesOf(await eventsOf(requestId))).toEqual(["request.created"]);
  });
});
