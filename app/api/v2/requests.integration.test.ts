// POST /requests, GET /requests, GET /requests/{id}, POST /requests/{id}/cancel over real
// HTTP: the Request object field by field, every request rule and bound, the deadline on
// every read path, filters and keyset pagination, cancel transitions and their events.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import {
  call,
  client,
  expectError,
  expectOk,
  fieldsOf,
  seedV2Agency,
  ISO_MS,
  UUID,
  type SeededV2Agency,
} from "@/test/support/v2-fixtures";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { setIntake } from "@/lib/core/intake/set-intake";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { getDb } from "@/lib/infra/db/db";
import { openSealedJson } from "@/lib/infra/secrets/sealed-json";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let api: ReturnType<typeof client>;
let clientId: string;

const APP_URL = process.env.APP_URL!;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency({ platforms: ["meta", "google", "shopify", "tiktok"] });
  api = client(server.url, a.key);
  clientId = expectOk(
    await api("POST", "/clients", {
      body: { name: "Req Client", email: "req@example.com", externalClientId: "crm-req" },
    }),
    201,
  ).id;
});
afterAll(() => server.close());
// many calls per agency within a minute: the rate limit has its own test (errors-and-limits)
beforeEach(() => resetRateLimiters());

function metaAds(extra: Record<string, unknown> = {}) {
  return {
    meta_ads: { accessLevel: "advertiser", requestedAccountLinks: [{ internalAccountId: a.accounts.meta }], ...extra },
  };
}

async function createOk(body: Record<string, unknown>) {
  return expectOk(await api("POST", "/requests", { body: { clientId, ...body } }), 201);
}

async function createBad(body: Record<string, unknown>, field: string, message?: RegExp) {
  const res = await api("POST", "/requests", { body: { clientId, ...body } });
  const err = expectError(res, 400, "VALIDATION_FAILED");
  const detail = err.details.find((d) => d.field === field);
  expect(detail, JSON.stringify(err)).toBeDefined();
  if (message) expect(detail!.message).toMatch(message);
  return err;
}

describe("POST /requests", () => {
  it("creates a pending request with stateVersion 1 and every field of the Request object", async () => {
    const res = await api("POST", "/requests", { body: { clientId, requestedServices: metaAds() } });
    const data = expectOk(res, 201);
    expect(data).toEqual({
      id: expect.stringMatching(UUID),
      clientId,
      externalClientId: "crm-req",
      status: "pending",
      stateVersion: 1,
      source: "api",
      inviteUrl: expect.stringMatching(new RegExp(`^${APP_URL}/i/[A-Za-z0-9_-]{32,}$`)),
      embedUrl: expect.stringMatching(new RegExp(`^${APP_URL}/embed/[A-Za-z0-9_-]{32,}$`)),
      intakeForm: { requested: false, complete: false },
      services: [
        {
          service: "meta_ads",
          platform: "meta",
          accessLevel: "advertiser",
          optional: false,
          status: "pending",
          accounts: [{ internalAccountId: a.accounts.meta, adsMccAccountId: null, businessManagerId: null }],
          grantedAssets: [],
          forwardedTo: null,
          invitation: null,
        },
      ],
      thankYouMessage: null,
      redirectUrl: null,
      createdAt: expect.stringMatching(ISO_MS),
      completedAt: null,
      expiresAt: null,
      cancelledAt: null,
    });
    // the same unguessable token (at least 128 bits) in both links
    const token = data.inviteUrl.split("/i/")[1];
    expect(data.embedUrl).toBe(`${APP_URL}/embed/${token}`);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
  });

  it("stores the optional fields as sent", async () => {
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const data = await createOk({
      requestedServices: {
        ...metaAds({
          optional: true,
          requestedAccountLinks: [{ internalAccountId: a.accounts.meta, businessManagerId: "bm-1" }],
        }),
        google_tag_manager: {
          accessLevel: "[publish,approve]",
          requestedAccountLinks: [{ internalAccountId: a.accounts.google }],
        },
        google_ads_mcc: {
          requestedAccountLinks: [{ internalAccountId: a.accounts.google, adsMccAccountId: "123-456-7890" }],
        },
        shopify_store: { requestedAccountLinks: [{ internalAccountId: a.accounts.shopify }] },
      },
      thankYouMessage: "Thanks!",
      redirectUrl: "https://agency.example/done?x=1",
      expiresAt,
    });
    expect(data.services.map((s: { service: string }) => s.service)).toEqual([
      "meta_ads",
      "google_tag_manager",
      "google_ads_mcc",
      "shopify_store",
    ]);
    expect(data.services[0]).toMatchObject({
      optional: true,
      accounts: [{ internalAccountId: a.accounts.meta, adsMccAccountId: null, businessManagerId: "bm-1" }],
    });
    expect(data.services[1]).toMatchObject({ accessLevel: "[publish,approve]", optional: false });
    expect(data.services[2]).toMatchObject({
      accessLevel: null,
      accounts: [{ internalAccountId: a.accounts.google, adsMccAccountId: "123-456-7890", businessManagerId: null }],
    });
    expect(data.services[3]).toMatchObject({
      service: "shopify_store",
      platform: "shopify",
      accessLevel: null,
      accounts: [{ internalAccountId: a.accounts.shopify }],
    });
    expect(data).toMatchObject({
      thankYouMessage: "Thanks!",
      redirectUrl: "https://agency.example/done?x=1",
      expiresAt,
    });
  });

  it("sendEmail defaults to false and sends nothing; true queues the invite email", async () => {
    const db = await getDb();
    const quiet = await createOk({ requestedServices: metaAds() });
    expect(await db.email.count({ where: { requestId: quiet.id } })).toBe(0);
    const loud = await createOk({ requestedServices: metaAds(), sendEmail: true });
    const emails = await db.email.findMany({ where: { requestId: loud.id } });
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: "invite", to: "req@example.com" });
    expect(emails[0]!.text).toContain(loud.inviteUrl);
    const off = await createOk({ requestedServices: metaAds(), sendEmail: false });
    expect(await db.email.count({ where: { requestId: off.id } })).toBe(0);
  });

  it("records request.created in the same transaction with data.request equal to GET's body", async () => {
    const created = await createOk({ requestedServices: metaAds() });
    const got = expectOk(await api("GET", `/requests/${created.id}`));
    expect(got).toEqual(created);
    const db = await getDb();
    const events = await db.event.findMany({ where: { requestId: created.id } });
    expect(events.map((e) => e.type)).toEqual(["request.created"]);
    expect(JSON.parse(openSealedJson(events[0]!.body, events[0]!.id)).data.request).toEqual(got);
  });

  it("404 for a client that does not exist or belongs to another agency", async () => {
    expectError(
      await api("POST", "/requests", { body: { clientId: crypto.randomUUID(), requestedServices: metaAds() } }),
      404,
      "NOT_FOUND",
    );
    const b = await seedV2Agency({ platforms: [] });
    const theirs = expectOk(
      await call(server.url, b.key, "POST", "/clients", { body: { name: "B", email: "b@example.com" } }),
      201,
    );
    expectError(
      await api("POST", "/requests", { body: { clientId: theirs.id, requestedServices: metaAds() } }),
      404,
      "NOT_FOUND",
    );
  });

  it("400 for a missing or malformed clientId and unknown fields anywhere", async () => {
    expect(fieldsOf(await api("POST", "/requests", { body: { requestedServices: metaAds() } }))).toContain("clientId");
    await createBad({ clientId: "abc", requestedServices: metaAds() }, "clientId", /uuid/);
    const res = await api("POST", "/requests", {
      body: {
        clientId,
        requestedServices: { meta_ads: { accessLevel: "admin", roles: [] } },
        intakeForm: { requested: false, extra: 1 },
        status: "completed",
      },
    });
    expectError(res, 400, "VALIDATION_FAILED");
    expect(fieldsOf(res).sort()).toEqual(["intakeForm.extra", "requestedServices.meta_ads.roles", "status"]);
  });

  it("400 when neither a service nor the intake form is requested", async () => {
    await createBad({}, "requestedServices", /at least one/i);
    await createBad({ requestedServices: {} }, "requestedServices");
    await createBad({ requestedServices: {}, intakeForm: { requested: false } }, "requestedServices");
    await createBad({ intakeForm: {} }, "intakeForm.requested");
  });

  it("400 for the intake form while it is disabled or has no questions; 201 once it has", async () => {
    await setIntake({ agencyId: a.agencyId, enabled: false, questions: ["What is your budget?"] });
    await createBad({ intakeForm: { requested: true } }, "intakeForm.requested", /disabled|no questions/);
    await setIntake({ agencyId: a.agencyId, enabled: true, questions: [] });
    await createBad({ intakeForm: { requested: true } }, "intakeForm.requested", /disabled|no questions/);
    await setIntake({ agencyId: a.agencyId, enabled: true, questions: ["What is your budget?"] });
    const data = await createOk({ intakeForm: { requested: true } });
    expect(data.intakeForm).toEqual({ requested: true, complete: false });
    expect(data.services).toEqual([]);
  });

  it("400 for unknown service ids", async () => {
    await createBad({ requestedServices: { meta_adz: {} } }, "requestedServices.meta_adz", /Unknown service/);
  });

  it("checks accessLevel against the service's roles", async () => {
    await createBad(
      { requestedServices: metaAds({ accessLevel: "owner" }) },
      "requestedServices.meta_ads.accessLevel",
      /admin, advertiser, analyst/,
    );
    await createBad(
      { requestedServices: metaAds({ accessLevel: undefined }) },
      "requestedServices.meta_ads.accessLevel",
      /required/,
    );
    await createBad(
      { requestedServices: metaAds({ accessLevel: "[admin,analyst]" }) },
      "requestedServices.meta_ads.accessLevel",
      /single role/,
    );
    await createBad(
      { requestedServices: { shopify_store: { accessLevel: "admin" } } },
      "requestedServices.shopify_store.accessLevel",
      /no roles/,
    );
    await createBad(
      { requestedServices: { google_tag_manager: { accessLevel: "[publish,owner]", requestedAccountLinks: [] } } },
      "requestedServices.google_tag_manager.accessLevel",
      /owner/,
    );
    const single = await createOk({ requestedServices: { google_tag_manager: { accessLevel: "read" } } });
    expect(single.services[0].accessLevel).toBe("read");
  });

  it("checks account links: the agency's own account, on the service's platform, with the required and known fields", async () => {
    const field = "requestedServices.meta_ads.requestedAccountLinks[0].internalAccountId";
    await createBad(
      { requestedServices: metaAds({ requestedAccountLinks: [{ internalAccountId: "acc_nope" }] }) },
      field,
      /connected accounts/,
    );
    await createBad(
      { requestedServices: metaAds({ requestedAccountLinks: [{ internalAccountId: a.accounts.google }] }) },
      field,
      /google/,
    );
    const b = await seedV2Agency({ platforms: ["meta"] });
    await createBad(
      { requestedServices: metaAds({ requestedAccountLinks: [{ internalAccountId: b.accounts.meta }] }) },
      field,
    );
    await createBad({ requestedServices: metaAds({ requestedAccountLinks: [{}] }) }, field, /required/);
    await createBad(
      { requestedServices: { google_ads_mcc: { requestedAccountLinks: [{ internalAccountId: a.accounts.google }] } } },
      "requestedServices.google_ads_mcc.requestedAccountLinks[0].adsMccAccountId",
      /Required/,
    );
    await createBad(
      {
        requestedServices: {
          google_ads: {
            accessLevel: "admin",
            requestedAccountLinks: [{ internalAccountId: a.accounts.google, pageId: "p" }],
          },
        },
      },
      "requestedServices.google_ads.requestedAccountLinks[0].pageId",
      /Unknown field/,
    );
    await createBad(
      {
        requestedServices: {
          google_ads: {
            accessLevel: "admin",
            requestedAccountLinks: [{ internalAccountId: a.accounts.google, adsMccAccountId: "" }],
          },
        },
      },
      "requestedServices.google_ads.requestedAccountLinks[0].adsMccAccountId",
    );
    await createBad(
      {
        requestedServices: metaAds({ requestedAccountLinks: [{ internalAccountId: a.accounts.meta, color: "blue" }] }),
      },
      "requestedServices.meta_ads.requestedAccountLinks[0].color",
    );
    const links = Array.from({ length: 21 }, () => ({ internalAccountId: a.accounts.meta }));
    await createBad(
      { requestedServices: metaAds({ requestedAccountLinks: links }) },
      "requestedServices.meta_ads.requestedAccountLinks",
      /20/,
    );
  });

  it("refuses a disconnected account", async () => {
    const acc = await connectAccount({ agencyId: a.agencyId, platform: "meta" });
    const db = await getDb();
    await db.connectedAccount.updateMany({
      where: { internalAccountId: acc.internalAccountId },
      data: { status: "disconnected" },
    });
    await createBad(
      { requestedServices: metaAds({ requestedAccountLinks: [{ internalAccountId: acc.internalAccountId }] }) },
      "requestedServices.meta_ads.requestedAccountLinks[0].internalAccountId",
      /disconnected/,
    );
  });

  it("enforces thankYouMessage, redirectUrl and expiresAt bounds, naming each limit", async () => {
    const s = { requestedServices: metaAds() };
    await createBad({ ...s, thankYouMessage: "x".repeat(2001) }, "thankYouMessage", /2000/);
    expect((await createOk({ ...s, thankYouMessage: "x".repeat(2000) })).thankYouMessage).toHaveLength(2000);
    await createBad({ ...s, redirectUrl: `https://a.example/${"x".repeat(2049)}` }, "redirectUrl", /2048/);
    const longest = `https://a.example/${"x".repeat(2048 - 18)}`;
    expect((await createOk({ ...s, redirectUrl: longest })).redirectUrl).toBe(longest);
    for (const url of [
      "agency.example/done",
      "/relative",
      "ftp://agency.example/",
      "javascript:alert(1)",
      "https://",
    ]) {
      await createBad({ ...s, redirectUrl: url }, "redirectUrl", /absolute http\(s\)/);
    }
    await createBad({ ...s, expiresAt: new Date(Date.now() - 60_000).toISOString() }, "expiresAt", /future/);
    await createBad(
      { ...s, expiresAt: new Date(Date.now() + 367 * 86_400_000).toISOString() },
      "expiresAt",
      /one year/,
    );
    await createBad({ ...s, expiresAt: "next tuesday" }, "expiresAt", /ISO 8601/);
    await createBad({ ...s, expiresAt: 1767225600000 }, "expiresAt");
    // an offset is accepted and the deadline is returned in UTC with milliseconds
    const at = new Date(Math.floor((Date.now() + 30 * 86_400_000) / 1000) * 1000);
    const withOffset = `${new Date(at.getTime() + 2 * 3_600_000).toISOString().slice(0, 19)}+02:00`;
    expect((await createOk({ ...s, expiresAt: withOffset })).expiresAt).toBe(at.toISOString());
  });

  it("type errors name the field", async () => {
    await createBad({ requestedServices: metaAds({ optional: "yes" }) }, "requestedServices.meta_ads.optional");
    await createBad({ requestedServices: metaAds(), sendEmail: "true" }, "sendEmail");
    await createBad({ requestedServices: [] }, "requestedServices");
  });

  it("403 CAPABILITY_REQUIRED for keys lacking the requests scopes", async () => {
    const k = await createApiKey({ agencyId: a.agencyId, scopes: ["clients:read", "clients:create"] });
    const r = await createOk({ requestedServices: metaAds() });
    for (const [method, path, scope, body] of [
      ["POST", "/requests", "requests:create", { clientId, requestedServices: metaAds() }],
      ["GET", "/requests", "requests:read", undefined],
      ["GET", `/requests/${r.id}`, "requests:read", undefined],
      ["POST", `/requests/${r.id}/cancel`, "requests:cancel", undefined],
    ] as const) {
      const err = expectError(await call(server.url, k.key, method, path, { body }), 403, "CAPABILITY_REQUIRED");
      expect(err.message).toContain(scope);
    }
  });
});

describe("GET /requests/{id}", () => {
  it("404 for missing, foreign, demo and malformed ids", async () => {
    expectError(await api("GET", `/requests/${crypto.randomUUID()}`), 404, "NOT_FOUND");
    expectError(await api("GET", "/requests/req_123"), 404, "NOT_FOUND");
    expectError(await api("GET", `/requests/${crypto.randomUUID().toUpperCase()}x`), 404, "NOT_FOUND");
    const b = await seedV2Agency({ platforms: ["meta"] });
    const bc = expectOk(
      await call(server.url, b.key, "POST", "/clients", { body: { name: "B", email: "b@example.com" } }),
      201,
    );
    const br = expectOk(
      await call(server.url, b.key, "POST", "/requests", {
        body: {
          clientId: bc.id,
          requestedServices: {
            meta_ads: { accessLevel: "admin", requestedAccountLinks: [{ internalAccountId: b.accounts.meta }] },
          },
        },
      }),
      201,
    );
    expectError(await api("GET", `/requests/${br.id}`), 404, "NOT_FOUND");
    expectError(await api("POST", `/requests/${br.id}/cancel`), 404, "NOT_FOUND");
    expect(expectOk(await call(server.url, b.key, "GET", `/requests/${br.id}`)).status).toBe("pending");
    const demo = await createRequest({
      agencyId: a.agencyId,
      input: ZCreateRequestBody.parse({ clientId, requestedServices: metaAds() }),
      source: "dashboard",
      isDemo: true,
    });
    expectError(await api("GET", `/requests/${demo.id}`), 404, "NOT_FOUND");
    expectError(await api("POST", `/requests/${demo.id}/cancel`), 404, "NOT_FOUND");
    await expect((await getDb()).accessRequest.findUniqueOrThrow({ where: { id: demo.id } })).resolves.toMatchObject({
      status: "pending",
    });
  });

  it("reports expired at once when the deadline has passed, before any sweep, and refuses to cancel it", async () => {
    const r = await createOk({
      requestedServices: metaAds(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const db = await getDb();
    await db.accessRequest.update({ where: { id: r.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const got = expectOk(await api("GET", `/requests/${r.id}`));
    expect(got).toMatchObject({ status: "expired", stateVersion: 1, cancelledAt: null });
    expect((await db.accessRequest.findUniqueOrThrow({ where: { id: r.id } })).status).toBe("pending");
    const err = expectError(await api("POST", `/requests/${r.id}/cancel`), 409, "INVALID_STATE");
    expect(err.message).toMatch(/expired/);
    expect(expectOk(await api("GET", `/requests/${r.id}`))).toEqual(got);
  });
});

describe("POST /requests/{id}/cancel", () => {
  it("pending → cancelled with cancelledAt, a higher stateVersion and request.cancelled", async () => {
    const r = await createOk({ requestedServices: metaAds() });
    const res = await api("POST", `/requests/${r.id}/cancel`);
    const data = expectOk(res);
    expect(data).toEqual({
      ...r,
      status: "cancelled",
      stateVersion: expect.any(Number),
      cancelledAt: expect.stringMatching(ISO_MS),
    });
    expect(data.stateVersion).toBeGreaterThan(r.stateVersion);
    const got = expectOk(await api("GET", `/requests/${r.id}`));
    expect(got).toEqual(data);
    const db = await getDb();
    const events = await db.event.findMany({ where: { requestId: r.id }, orderBy: { createdAt: "asc" } });
    expect(events.map((e) => e.type)).toEqual(["request.created", "request.cancelled"]);
    expect(JSON.parse(openSealedJson(events[1]!.body, events[1]!.id)).data.request).toEqual(got);
  });

  it("in_progress → cancelled", async () => {
    const r = await createOk({
      requestedServices: {
        ...metaAds(),
        shopify_store: { requestedAccountLinks: [{ internalAccountId: a.accounts.shopify }] },
      },
    });
    await applyRequestAction({
      agencyId: a.agencyId,
      requestId: r.id,
      action: { kind: "grant", serviceId: "meta_ads" },
      grantedAssets: [{ id: "act_1", name: "Ads", accessLevel: "advertiser" }],
    });
    const mid = expectOk(await api("GET", `/requests/${r.id}`));
    expect(mid.status).toBe("in_progress");
    expect(mid.services[0]).toMatchObject({
      status: "granted",
      grantedAssets: [{ id: "act_1", name: "Ads", accessLevel: "advertiser" }],
    });
    const data = expectOk(await api("POST", `/requests/${r.id}/cancel`, { body: {} }));
    expect(data).toMatchObject({ status: "cancelled", cancelledAt: expect.stringMatching(ISO_MS) });
    expect(data.stateVersion).toBeGreaterThan(mid.stateVersion);
    // access already granted is kept
    expect(data.services[0].status).toBe("granted");
  });

  it("cancelling a cancelled request returns 200 unchanged and records nothing more", async () => {
    const r = await createOk({ requestedServices: metaAds() });
    const first = expectOk(await api("POST", `/requests/${r.id}/cancel`));
    const second = expectOk(await api("POST", `/requests/${r.id}/cancel`));
    expect(second).toEqual(first);
    const db = await getDb();
    expect(await db.event.count({ where: { requestId: r.id, type: "request.cancelled" } })).toBe(1);
  });

  it("completed → 409 INVALID_STATE, unchanged", async () => {
    const r = await createOk({ requestedServices: metaAds() });
    await applyRequestAction({
      agencyId: a.agencyId,
      requestId: r.id,
      action: { kind: "grant", serviceId: "meta_ads" },
    });
    const done = expectOk(await api("GET", `/requests/${r.id}`));
    expect(done).toMatchObject({ status: "completed", completedAt: expect.stringMatching(ISO_MS) });
    const err = expectError(await api("POST", `/requests/${r.id}/cancel`), 409, "INVALID_STATE");
    expect(err.message).toMatch(/completed/);
    expect(expectOk(await api("GET", `/requests/${r.id}`))).toEqual(done);
  });

  it("takes no body, and 404 for ids that are not uuids", async () => {
    const r = await createOk({ requestedServices: metaAds() });
    expectError(await api("POST", `/requests/${r.id}/cancel`, { body: { reason: "x" } }), 400, "VALIDATION_FAILED");
    expectError(await api("POST", `/requests/${r.id}/cancel`, { body: [] }), 400, "VALIDATION_FAILED");
    expectError(await api("POST", "/requests/not-a-uuid/cancel"), 404, "NOT_FOUND");
    expect(expectOk(await api("GET", `/requests/${r.id}`)).status).toBe("pending");
  });
});

describe("GET /requests", () => {
  let b: SeededV2Agency;
  let list: ReturnType<typeof client>;
  const order: string[] = [];
  const byClient: Record<string, string[]> = {};
  let expiredId: string;
  let c1: { id: string };
  let c2: { id: string };

  beforeAll(async () => {
    b = await seedV2Agency({ platforms: ["meta"] });
    list = client(server.url, b.key);
    c1 = expectOk(
      await list("POST", "/clients", { body: { name: "One", email: "one@example.com", externalClientId: "ext-one" } }),
      201,
    );
    c2 = expectOk(await list("POST", "/clients", { body: { name: "Two", email: "two@example.com" } }), 201);
    // 120 requests (three services each) in ties of three on createdAt, statuses spread
    const db = await getDb();
    const base = Date.UTC(2026, 1, 1);
    const statuses = ["pending", "in_progress", "completed", "cancelled", "expired"] as const;
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: crypto.randomUUID(),
      agencyId: b.agencyId,
      clientId: i % 2 === 0 ? c1.id : c2.id,
      status: statuses[i % 5]!,
      source: "api",
      inviteToken: `tok-${crypto.randomUUID()}`,
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    }));
    await db.accessRequest.createMany({ data: rows });
    await db.requestService.createMany({
      data: rows.flatMap((r) =>
        ["meta_ads", "meta_page", "meta_pixel"].map((serviceId, position) => ({
          agencyId: b.agencyId,
          requestId: r.id,
          serviceId,
          platform: "meta",
          accessLevel: serviceId === "meta_pixel" ? null : "admin",
          position,
        })),
      ),
    });
    const sorted = [...rows].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || (x.id < y.id ? -1 : 1));
    order.push(...sorted.map((r) => r.id));
    for (const r of sorted) (byClient[r.clientId] ??= []).push(r.id);
    // one open request past its deadline, not yet recorded as expired
    const late = await db.accessRequest.create({
      data: {
        agencyId: b.agencyId,
        clientId: c2.id,
        status: "pending",
        source: "api",
        inviteToken: `tok-${crypto.randomUUID()}`,
        createdAt: new Date(base + 200_000),
        expiresAt: new Date(Date.now() - 1000),
      },
    });
    expiredId = late.id;
    order.push(late.id);
    byClient[c2.id]!.push(late.id);
    // demo requests are never listed
    await db.accessRequest.create({
      data: {
        agencyId: b.agencyId,
        clientId: c1.id,
        status: "pending",
        source: "dashboard",
        isDemo: true,
        inviteToken: `tok-${crypto.randomUUID()}`,
        createdAt: new Date(base + 5),
      },
    });
  });

  async function walk(query: string, limit: number) {
    const seen: { id: string; status: string; services: unknown[] }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(
        "GET",
        `/requests?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...expectOk(res));
      cursor = res.body.meta.nextCursor;
      pages++;
    } while (cursor && pages < 300);
    return { seen, pages, ids: seen.map((r) => r.id) };
  }

  it("walks 121 rows oldest first with no duplicates or gaps, services included, demo requests left out", async () => {
    const { seen, ids, pages } = await walk("", 11);
    expect(ids).toEqual(order);
    expect(pages).toBe(11);
    expect(seen[0]!.services).toHaveLength(3);
    expect((seen[0]!.services as { service: string }[]).map((s) => s.service)).toEqual([
      "meta_ads",
      "meta_page",
      "meta_pixel",
    ]);
  });

  it("defaults to 50 and accepts 1-100", async () => {
    const res = await list("GET", "/requests");
    expect(expectOk(res)).toHaveLength(50);
    expect(expectOk(await list("GET", "/requests?limit=100"))).toHaveLength(100);
    for (const limit of ["0", "101", "x", "2.5"]) {
      const err = expectError(await list("GET", `/requests?limit=${limit}`), 400, "VALIDATION_FAILED");
      expect(err.details[0]).toEqual({ field: "limit", message: expect.stringMatching(/1 to 100/) });
    }
  });

  it("filters by clientId and externalClientId", async () => {
    expect((await walk(`&clientId=${c1.id}`, 100)).ids).toEqual(byClient[c1.id]);
    expect((await walk(`&clientId=${c2.id}`, 7)).ids).toEqual(byClient[c2.id]);
    expect((await walk("&externalClientId=ext-one", 100)).ids).toEqual(byClient[c1.id]);
    expect((await walk("&externalClientId=EXT-ONE", 100)).ids).toEqual([]);
    expect((await walk(`&clientId=${crypto.randomUUID()}`, 100)).ids).toEqual([]);
    expect(fieldsOf(await list("GET", "/requests?clientId=abc"))).toEqual(["clientId"]);
  });

  it("filters by status, applying the deadline: status=expired includes open requests past expiresAt", async () => {
    const expired = await walk("&status=expired", 100);
    expect(expired.ids).toContain(expiredId);
    expect(expired.seen.every((r) => r.status === "expired")).toBe(true);
    expect(expired.ids).toHaveLength(25);
    const pending = await walk("&status=pending", 100);
    expect(pending.ids).not.toContain(expiredId);
    expect(pending.ids).toHaveLength(24);
    for (const status of ["in_progress", "completed", "cancelled"]) {
      const r = await walk(`&status=${status}`, 9);
      expect(r.ids).toHaveLength(24);
      expect(r.seen.every((x) => x.status === status)).toBe(true);
    }
    const combined = await walk(`&status=completed&clientId=${c1.id}`, 5);
    expect(combined.seen.every((x) => x.status === "completed")).toBe(true);
    const err = expectError(await list("GET", "/requests?status=done"), 400, "VALIDATION_FAILED");
    expect(err.details[0]!.field).toBe("status");
  });

  it("refuses a cursor used with other filters", async () => {
    const first = await list("GET", "/requests?limit=5&status=pending");
    const cursor = encodeURIComponent(first.body.meta.nextCursor);
    expect(fieldsOf(await list("GET", `/requests?limit=5&cursor=${cursor}`))).toEqual(["cursor"]);
    expect(fieldsOf(await list("GET", `/requests?limit=5&status=completed&cursor=${cursor}`))).toEqual(["cursor"]);
    expectOk(await list("GET", `/requests?limit=5&status=pending&cursor=${cursor}`));
    const clientsCursor = (await list("GET", "/clients?limit=1")).body.meta.nextCursor;
    expect(
      fieldsOf(await list("GET", `/requests?cursor=${encodeURIComponent(clientsCursor)}&externalClientId=x`)),
    ).toEqual(["cursor"]);
  });

  it("lists only the caller's agency", async () => {
    const res = await api("GET", "/requests?limit=100");
    const own = expectOk(res).map((r: { id: string }) => r.id);
    expect(own.length).toBeGreaterThan(0);
    expect(own.some((id: string) => order.includes(id))).toBe(false);
    const theirs = (await walk("", 100)).ids;
    expect(theirs.some((id) => own.includes(id))).toBe(false);
  });
});
