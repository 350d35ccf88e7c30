// Handing services to a colleague, over real HTTP and a real database: the colleague's
// email and link, a grant through the forwarded link (sandbox connector) that completes
// the request and shows on the client's page and in the API, the link reaching nothing
// else, taken back, dying on cancel, the per-request email limit, and refused input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { hashToken } from "@/lib/infra/secrets/link-token";
import { cancelRequest } from "@/lib/core/requests/cancel-request";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";
import { FORWARD_RATE_POINTS } from "@/lib/surfaces/client-pages/apply-forward-action";
import { startApiServer } from "@/test/support/api-server";
import {
  eventsOf,
  getNoFollow,
  locationOf,
  postForm,
  requestRow,
  seedAccessRequest,
  signIn,
  signInAndGrant,
  type TestAgency,
} from "@/test/support/access-fixtures";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { call, seedV2Agency, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { getDashboardHome } from "@/lib/surfaces/dashboard/home/get-dashboard-home";
import { exportClientAccessCsv, getClientProfile } from "@/lib/surfaces/dashboard/get-client-profile";
import { createUser } from "@/lib/core/users/create-user";

let base: string;
let close: () => Promise<void>;
let v2: SeededV2Agency;
let agency: TestAgency;

beforeAll(async () => {
  const server = await startApiServer();
  base = server.url;
  close = server.close;
  v2 = await seedV2Agency({ platforms: [] });
  const accounts: Record<string, string> = {};
  for (const platform of ["meta", "google", "shopify"]) {
    accounts[platform] = (
      await connectAccount({ agencyId: v2.agencyId, platform, email: `${platform}@agency.test` })
    ).internalAccountId;
  }
  agency = { agencyId: v2.agencyId, accounts };
  // a member who hears of grants (the default notifications)
  await createUser({ agencyId: v2.agencyId, email: "owner@agency.test", password: "owner-password-123" });
});
afterAll(async () => close?.());

async function forward(token: string, fields: Record<string, string | string[]>) {
  return postForm(`${base}/api/access/${token}/forward/forward`, {
    name: "Marta Colleague",
    email: "marta@client.test",
    ...fields,
  });
}

/** The forwarded link's token, read from the colleague's email as they would. */
async function colleagueToken(requestId: string, to = "marta@client.test"): Promise<string> {
  const db = await getDb();
  const mail = await db.email.findFirstOrThrow({
    where: { requestId, kind: "forward", to },
    orderBy: { createdAt: "desc" },
  });
  const m = /\/i\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!m) throw new Error(`no link in ${mail.text}`);
  return m[1]!;
}

describe("handing services to a colleague", () => {
  it("the colleague grants through their own link, the request completes, and both pages and the API show it", async () => {
    const { requestId, token } = await seedAccessRequest(
      agency,
      { meta_ads: { accessLevel: "advertiser" }, google_analytics: { accessLevel: "viewer" } },
      { language: "Spanish" },
    );
    const res = await forward(token, { service: "meta_ads", note: "Tú tienes el acceso de administrador" });
    expect(res.status).toBe(303);
    expect(locationOf(res).search).toBe("?notice=forwarded&service=meta_ads");

    // The email is in the client's language and carries a link of its own.
    const db = await getDb();
    const mail = await db.email.findFirstOrThrow({ where: { requestId, kind: "forward" } });
    expect(mail.to).toBe("marta@client.test");
    expect(mail.subject).toContain("te pide que des acceso");
    expect(mail.text).toContain("Tú tienes el acceso de administrador");
    // the services as the catalog names them in Spanish, never in English
    expect(mail.text).toContain("acceso a: Cuenta publicitaria de Meta.");
    expect(mail.text).not.toContain("Meta Ad Account");
    const colleague = await colleagueToken(requestId);
    expect(colleague).not.toBe(token);
    // stored like invite tokens: hashed and sealed, never in clear
    const stored = await db.requestForward.findFirstOrThrow({ where: { requestId } });
    expect(stored.tokenHash).toBe(hashToken(colleague));
    expect(stored.tokenSealed).not.toContain(colleague);

    // request.updated with a new stateVersion, and forwardedTo on the Request object
    let row = await requestRow(requestId);
    expect(row.stateVersion).toBe(2);
    const updated = (await eventsOf(requestId)).filter((e) => e.type === "request.updated");
    expect(updated).toHaveLength(1);
    expect(updated[0]!.data.forward).toEqual({
      change: "forwarded",
      name: "Marta Colleague",
      email: "marta@client.test",
      services: ["meta_ads"],
    });
    const api = await call(base, v2.key, "GET", `/requests/${requestId}`);
    expect(api.status).toBe(200);
    const apiServices = api.body.data.services as { service: string; forwardedTo: unknown }[];
    expect(apiServices.find((s) => s.service === "meta_ads")!.forwardedTo).toEqual({
      name: "Marta Colleague",
      email: "marta@client.test",
      forwardedAt: expect.any(String),
    });
    expect(apiServices.find((s) => s.service === "google_analytics")!.forwardedTo).toBeNull();

    // The colleague's page holds only the forwarded service, and names who asked.
    const theirs = (await loadAccessPage({ token: colleague }))!;
    expect(theirs.platforms.flatMap((p) => p.services.map((s) => s.serviceId))).toEqual(["meta_ads"]);
    expect(theirs.colleague).toEqual({
      from: "Ana Client",
      note: "Tú tienes el acceso de administrador",
      takenBack: [],
      declined: [],
      revoked: false,
    });
    expect(theirs.forwardable).toEqual([]);

    // The sign-in started from the colleague's link comes back to it, and the grant counts.
    const { callback } = await signIn(base, colleague, "meta_ads");
    expect(callback!.pathname).toBe(`/i/${colleague}`);
    const granted = await postForm(`${base}/api/access/${colleague}/services/meta_ads/grant`, {
      session: callback!.searchParams.get("session")!,
      asset: "meta_ads_1001",
    });
    expect(locationOf(granted).search).toBe("?notice=granted&service=meta_ads");
    row = await requestRow(requestId);
    expect(row.services.find((s) => s.serviceId === "meta_ads")).toMatchObject({
      status: "granted",
      grantedBy: "marta@client.test",
    });

    // The client's page shows who it went to and that they granted it.
    const mine = (await loadAccessPage({ token }))!;
    const metaView = mine.platforms.flatMap((p) => p.services).find((s) => s.serviceId === "meta_ads")!;
    expect(metaView.forwardedTo).toMatchObject({ name: "Marta Colleague", email: "marta@client.test" });
    expect(metaView.grantedByColleague).toBe("Marta Colleague");

    // Every dashboard place credits the colleague, named as the client's colleague, never
    // the client and never as agency staff.
    const credit = "Marta Colleague, colleague of Ana Client";
    const detail = await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId });
    const grantLine = detail.timeline.find((t) => t.type === "service.granted" && t.service === "meta_ads")!;
    expect(grantLine.text).toBe(`${credit} granted Meta Ad Account (1 asset)`);
    const home = await getDashboardHome({ agencyId: agency.agencyId });
    expect(home.recent.map((e) => e.text)).toContain(`${credit} granted Meta Ad Account (1 asset)`);
    const notes = await db.notification.findMany({ where: { requestId, type: "service.granted" } });
    expect(notes.map((n) => n.message)).toEqual([`${credit} granted Meta Ad Account`]);
    const profile = await getClientProfile({ agencyId: agency.agencyId, id: detail.request.client.id });
    expect(profile.assets.find((a) => a.service === "Meta Ad Account")!.grantedBy).toBe(credit);
    expect(profile.activity.map((a) => a.text)).toContain(`${credit} granted Meta Ad Account (1 asset)`);
    const csv = await exportClientAccessCsv({ agencyId: agency.agencyId, id: detail.request.client.id });
    expect(csv.body).toContain(`"${credit}"`);
    expect(csv.body).not.toContain("marta@client.test (team)");

    // The client grants the rest: the request completes with both.
    await signInAndGrant(base, token, "google_analytics");
    row = await requestRow(requestId);
    expect(row.status).toBe("completed");
    // A forwarded link never adds to the allowance: one request counted.
    expect(
      await db.usageCounter.findMany({ where: { agencyId: agency.agencyId } }).then((rows) => rows.length),
    ).toBeLessThanOrEqual(1);
  });

  it("a forwarded link reaches only its services and cannot hand services on", async () => {
    const { requestId, token } = await seedAccessRequest(
      agency,
      {
        meta_ads: { accessLevel: "advertiser" },
        shopify_store: { optional: true },
        google_analytics: { accessLevel: "viewer" },
      },
      { intake: false },
    );
    await forward(token, { service: "meta_ads" });
    const colleague = await colleagueToken(requestId);
    expect(locationOf(await getNoFollow(`${base}/api/access/${colleague}/connect/google_analytics`)).search).toContain(
      "error=not_allowed",
    );
    expect(
      locationOf(await postForm(`${base}/api/access/${colleague}/services/shopify_store/skip`, {})).search,
    ).toContain("error=not_allowed");
    const nested = await postForm(
      `${base}/api/access/${colleague}/forward/forward`,
      { name: "X", email: "x@client.test", service: "meta_ads" },
      { json: true },
    );
    expect(nested.status).toBe(404);
    const row = await requestRow(requestId);
    expect(row.services.map((s) => s.status)).toEqual(["pending", "pending", "pending"]);
  });

  it("taking a forward back revokes its link and gives the service back; resend emails the same link", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "advertiser" },
      google_analytics: { accessLevel: "viewer" },
    });
    await forward(token, { service: ["meta_ads", "google_analytics"] });
    const colleague = await colleagueToken(requestId);
    const db = await getDb();
    const fwd = await db.requestForward.findFirstOrThrow({ where: { requestId } });

    const resent = await postForm(`${base}/api/access/${token}/forward/resend`, { forward: fwd.id });
    expect(locationOf(resent).search).toBe("?notice=resent&service=meta_ads");
    const mails = await db.email.findMany({ where: { requestId, kind: "forward" } });
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`/i/${colleague}`);
    expect((await requestRow(requestId)).stateVersion).toBe(2);

    const back = await postForm(`${base}/api/access/${token}/forward/take-back`, { forward: fwd.id });
    expect(locationOf(back).search).toBe("?notice=taken_back&service=meta_ads");
    // the colleague's link offers nothing any more, and says the client took it all back
    const theirs = (await loadAccessPage({ token: colleague }))!;
    expect(theirs.colleague).toMatchObject({ revoked: true, takenBack: ["Meta Ad Account", "Google Analytics"] });
    expect(theirs.platforms).toEqual([]);
    expect(locationOf(await getNoFollow(`${base}/api/access/${colleague}/connect/meta_ads`)).search).toContain(
      "error=not_found",
    );
    const row = await requestRow(requestId);
    expect(row.stateVersion).toBe(3);
    expect(row.services.map((s) => s.forwardedTo)).toEqual([null, null]);
    const events = (await eventsOf(requestId)).filter((e) => e.type === "request.updated");
    expect(events.map((e) => (e.data.forward as { change: string }).change)).toEqual(["forwarded", "taken_back"]);
    const mine = (await loadAccessPage({ token }))!;
    expect(mine.forwardable.map((s) => s.serviceId)).toEqual(["meta_ads", "google_analytics"]);
  });

  it("a forwarded link dies when the request is cancelled", async () => {
    const { requestId, token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    await forward(token, { service: "meta_ads" });
    const colleague = await colleagueToken(requestId);
    expect(await loadAccessPage({ token: colleague })).not.toBeNull();
    await cancelRequest({ agencyId: agency.agencyId, id: requestId });
    expect(await loadAccessPage({ token: colleague })).toBeNull();
    expect(locationOf(await getNoFollow(`${base}/api/access/${colleague}/connect/meta_ads`)).search).toContain(
      "error=not_found",
    );
    const db = await getDb();
    expect((await db.requestForward.findFirstOrThrow({ where: { requestId } })).revokedAt).not.toBeNull();
  });

  it("limits the emails one request sends to colleagues", async () => {
    const { requestId, token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "advertiser" } });
    await forward(token, { service: "meta_ads" });
    const fwd = await (await getDb()).requestForward.findFirstOrThrow({ where: { requestId } });
    for (let i = 1; i < FORWARD_RATE_POINTS; i++)
      expect((await postForm(`${base}/api/access/${token}/forward/resend`, { forward: fwd.id })).status).toBe(303);
    const res = await postForm(`${base}/api/access/${token}/forward/resend`, { forward: fwd.id }, { json: true });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await (await getDb()).email.count({ where: { requestId, kind: "forward" } })).toBe(FORWARD_RATE_POINTS);
  });

  it("refuses bad input naming the fields, and services that are not pending", async () => {
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "advertiser" },
      shopify_store: { optional: true },
    });
    const res = await postForm(
      `${base}/api/access/${token}/forward/forward`,
      { name: "", email: "not-an-email", service: "meta_ads" },
      { json: true },
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("invalid_input");
    expect(Object.keys(body.error.fields).sort()).toEqual(["email", "name"]);
    await postForm(`${base}/api/access/${token}/services/shopify_store/skip`, {});
    const skipped = await forward(token, { service: "shopify_store" });
    expect(locationOf(skipped).searchParams.get("error")).toBe("invalid_input");
    const unknown = await forward(token, { service: "tiktok_ads" });
    expect(locationOf(unknown).searchParams.get("error")).toBe("invalid_input");
    expect(await (await getDb()).requestForward.count({ where: { requestId } })).toBe(0);
  });

  it("the agency sees who it went to on the request page and in the timeline, and the team is notified", async () => {
    const db = await getDb();
    const user = await db.user.create({
      data: { email: `m-${crypto.randomUUID().slice(0, 8)}@agency.test`, passwordHash: "x" },
    });
    await db.membership.create({ data: { agencyId: agency.agencyId, userId: user.id, role: "member" } });
    const { requestId, token } = await seedAccessRequest(agency, {
      meta_ads: { accessLevel: "advertiser" },
      google_analytics: { accessLevel: "viewer" },
    });
    await forward(token, { service: ["meta_ads", "google_analytics"], name: "Ana Admin", email: "Ana@Client.test" });

    const detail = await getRequestForDashboard({ agencyId: agency.agencyId, id: requestId });
    expect(detail.request.services.map((s) => s.forwardedTo?.email)).toEqual(["ana@client.test", "ana@client.test"]);
    const entry = detail.timeline.find((e) => e.type === "request.updated")!;
    expect(entry.text).toBe("Ana Client forwarded Meta Ad Account, Google Analytics to Ana Admin (ana@client.test)");
    expect(entry.technical).toBe(false);

    const notes = await db.notification.findMany({ where: { userId: user.id } });
    expect(notes.map((n) => [n.type, n.message])).toEqual([
      ["request.forwarded", "Ana Client forwarded Meta Ad Account, Google Analytics to Ana Admin (ana@client.test)"],
    ]);
  });
});
