// One sign-in per platform, through the sandbox connector over real HTTP and a real
// database: a sign-in started from one service covers every pending one-click service of
// its platform, the picker's one submit grants them all in one attempt (one
// `connection.attempt_completed` listing each service, `service.granted` and
// `service.grant_failed` per service), services the client picked nothing for stay
// pending, and a platform with one pending service behaves as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { appSecret } from "@/lib/infra/secrets/secrets";
import { openAttemptNotice } from "@/lib/surfaces/client-pages/attempt-notice";
import { startApiServer } from "@/test/support/api-server";
import {
  eventsOf,
  locationOf,
  postForm,
  requestRow,
  seedAccessAgency,
  seedAccessRequest,
  signIn,
  typesOf,
  type TestAgency,
} from "@/test/support/access-fixtures";

let base: string;
let close: () => Promise<void>;
let agency: TestAgency;

beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
  agency = await seedAccessAgency();
});
afterAll(async () => close?.());

const statusOf = (row: Awaited<ReturnType<typeof requestRow>>, id: string) =>
  row.services.find((s) => s.serviceId === id)!.status;
type Attempt = {
  platform: string;
  outcome: string;
  services: { service: string; status: string; errors: string[] }[];
  errors: string[];
};

describe("one sign-in per platform (sandbox)", () => {
  it("grants two Meta and two Google services with two sign-ins: one attempt per platform, events per service", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "advertiser" },
      google_analytics: { accessLevel: "viewer" },
      meta_page: { accessLevel: "editor" },
      google_tag_manager: { accessLevel: "[edit,read]" },
    });

    const meta = await signIn(base, token, "meta_ads");
    expect(meta.callback!.searchParams.get("pick")).toBe("meta_ads");
    const db = await getDb();
    const metaSession = await db.grantSession.findUniqueOrThrow({
      where: { id: meta.callback!.searchParams.get("session")! },
    });
    expect(metaSession.serviceIds).toEqual(["meta_ads", "meta_page"]);

    const res = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
      session: metaSession.id,
      asset: "meta_ads_1001",
      "asset:meta_page": ["meta_page_1001", "meta_page_1002"],
    });
    expect(res.status).toBe(303);
    // Several services: the notice names none of them.
    expect(locationOf(res).search).toBe("?notice=granted");

    let row = await requestRow(requestId);
    expect([statusOf(row, "meta_ads"), statusOf(row, "meta_page"), statusOf(row, "google_analytics")]).toEqual([
      "granted",
      "granted",
      "pending",
    ]);
    expect(row.services.find((s) => s.serviceId === "meta_page")!.grantedAssets).toMatchObject([
      { id: "meta_page_1001", accessLevel: "editor" },
      { id: "meta_page_1002", accessLevel: "editor" },
    ]);
    let events = await eventsOf(requestId);
    expect(typesOf(events)).toEqual([
      "connection.attempt_completed",
      "request.created",
      "service.granted",
      "service.granted",
    ]);
    const metaAttempt = events.filter((e) => e.type === "connection.attempt_completed");
    expect(metaAttempt).toHaveLength(1);
    expect(metaAttempt[0]!.data.attempt).toEqual({
      platform: "meta",
      outcome: "success",
      services: [
        { service: "meta_ads", status: "granted", errors: [] },
        { service: "meta_page", status: "granted", errors: [] },
      ],
      errors: [],
    });
    expect(metaAttempt[0]!.data.request!.stateVersion).toBe(row.stateVersion);
    expect(
      events.filter((e) => e.type === "service.granted").map((e) => (e.data.service as { service: string }).service),
    ).toEqual(["meta_ads", "meta_page"]);

    // The Google sign-in: asset 3 always fails in the sandbox, so Tag Manager is refused.
    const google = await signIn(base, token, "google_tag_manager");
    const session = google.callback!.searchParams.get("session")!;
    const partial = await postForm(`${base}/api/access/${token}/services/google_tag_manager/grant`, {
      session,
      asset: "google_tag_manager_1003",
      "asset:google_analytics": "google_analytics_1002",
    });
    const notice = openAttemptNotice(requestId, locationOf(partial).searchParams.get("attempt"), appSecret());
    expect(notice?.outcome).toBe("partial_success");
    expect(notice?.errors).toHaveLength(1);
    expect(notice?.errors[0]).toMatch(/^Google Tag Manager: /);

    row = await requestRow(requestId);
    expect([statusOf(row, "google_analytics"), statusOf(row, "google_tag_manager")]).toEqual(["granted", "pending"]);
    events = await eventsOf(requestId);
    const attempts = events
      .filter((e) => e.type === "connection.attempt_completed")
      .map((e) => e.data.attempt as Attempt);
    expect(attempts).toHaveLength(2);
    const googleAttempt = attempts.find((a) => a.platform === "google")!;
    expect(googleAttempt.outcome).toBe("partial_success");
    expect(googleAttempt.services.map((s) => [s.service, s.status, s.errors.length])).toEqual([
      ["google_analytics", "granted", 0],
      ["google_tag_manager", "pending", 1],
    ]);
    const failed = events.filter((e) => e.type === "service.grant_failed");
    expect(failed.map((e) => (e.data.service as { service: string }).service)).toEqual(["google_tag_manager"]);
    expect(failed[0]!.data.errors).toEqual(googleAttempt.services[1]!.errors);

    // Two sign-ins, two attempts; the token is gone from both sessions.
    const sessions = await db.grantSession.findMany({ where: { requestId } });
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => s.accessToken === null)).toBe(true);

    // Tag Manager is the only service left: its own sign-in covers it alone, as before.
    const again = await signIn(base, token, "google_tag_manager");
    const last = await db.grantSession.findUniqueOrThrow({
      where: { id: again.callback!.searchParams.get("session")! },
    });
    expect(last.serviceIds).toEqual(["google_tag_manager"]);
    const done = await postForm(`${base}/api/access/${token}/services/google_tag_manager/grant`, {
      session: last.id,
      asset: "google_tag_manager_1001",
    });
    expect(locationOf(done).search).toBe("?notice=granted&service=google_tag_manager");
    expect((await requestRow(requestId)).status).toBe("completed");
  });

  it("a service the client picks nothing for stays pending and outside the attempt; skipped or granted services are not covered", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "advertiser" },
      meta_page: { accessLevel: "editor", optional: true },
      meta_catalog: { accessLevel: "admin", optional: true },
    });
    const skip = await postForm(`${base}/api/access/${token}/services/meta_catalog/skip`, {});
    expect(skip.status).toBe(303);
    const { callback } = await signIn(base, token, "meta_page");
    const db = await getDb();
    const session = await db.grantSession.findUniqueOrThrow({ where: { id: callback!.searchParams.get("session")! } });
    expect(session.serviceIds).toEqual(["meta_page", "meta_ads"]);

    // Only Ads picked, posted to the form of the sign-in's first service.
    const res = await postForm(`${base}/api/access/${token}/services/meta_page/grant`, {
      session: session.id,
      "asset:meta_ads": "meta_ads_1002",
    });
    expect(locationOf(res).search).toBe("?notice=granted&service=meta_ads");
    const row = await requestRow(requestId);
    expect([statusOf(row, "meta_ads"), statusOf(row, "meta_page"), statusOf(row, "meta_catalog")]).toEqual([
      "granted",
      "pending",
      "skipped",
    ]);
    const attempt = (await eventsOf(requestId)).find((e) => e.type === "connection.attempt_completed")!.data
      .attempt as Attempt;
    expect(attempt.services.map((s) => s.service)).toEqual(["meta_ads"]);

    // The sign-in served its one grant.
    const reuse = await postForm(`${base}/api/access/${token}/services/meta_page/grant`, {
      session: session.id,
      asset: "meta_page_1001",
    });
    expect(locationOf(reuse).searchParams.get("error")).toBe("sign_in_used");
  });

  it("refuses a service the sign-in does not cover, another platform's service, and an empty pick", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "advertiser" },
      google_analytics: { accessLevel: "viewer" },
    });
    const { callback } = await signIn(base, token, "meta_ads");
    const session = callback!.searchParams.get("session")!;
    const other = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
      session,
      asset: "meta_ads_1001",
      "asset:google_analytics": "google_analytics_1001",
    });
    expect(locationOf(other).searchParams.get("error")).toBe("not_allowed");
    const unknown = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
      session,
      "asset:meta_page": "meta_page_1001",
    });
    expect(locationOf(unknown).searchParams.get("error")).toBe("not_allowed");
    const empty = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
      session,
      "asset:meta_ads": "",
    });
    expect(locationOf(empty).searchParams.get("error")).toBe("no_assets");
    expect(locationOf(empty).searchParams.get("pick")).toBe("meta_ads");
    // Nothing was recorded, and the sign-in is still good for a real pick.
    expect(typesOf(await eventsOf(requestId))).toEqual(["request.created"]);
    const ok = await postForm(`${base}/api/access/${token}/services/meta_ads/grant`, {
      session,
      asset: "meta_ads_1001",
    });
    expect(locationOf(ok).search).toBe("?notice=granted&service=meta_ads");
  });
});
