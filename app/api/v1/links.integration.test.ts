// V1 links/create, links/retrieve and links/update over real HTTP: the V1 ↔ V2 mapping
// (names, requested flags, MCC field, redirect without scheme), the monthly allowance,
// the intake form conflict, cross-reads with V2, events, and the links/update rule (a
// service keeps its progress only when its role and accounts are unchanged).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { call, seedV2Agency, ISO_MS, UUID, type SeededV2Agency } from "@/test/support/v2-fixtures";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { setPlan } from "@/lib/core/agencies/set-plan";
import { setIntake } from "@/lib/core/intake/set-intake";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { forgetApiKeys } from "@/lib/core/api-keys/authenticate-api-key";
import { getDb } from "@/lib/infra/db/db";
import { openSealedJson } from "@/lib/infra/secrets/sealed-json";
import { expectV1Error, expectV1Ok, v1Client } from "@/test/support/v1-test-client";

let server: Awaited<ReturnType<typeof startApiServer>>;
let a: SeededV2Agency;
let v1: ReturnType<typeof v1Client>;
let clientId: string;
let google2: string;

beforeAll(async () => {
  server = await startApiServer();
  a = await seedV2Agency();
  google2 = (await connectAccount({ agencyId: a.agencyId, platform: "google" })).internalAccountId;
  v1 = v1Client(server.url, a.key);
  clientId = expectV1Ok(
    await v1("POST", "/clients/create", { body: { name: "Ana", email: "ana@example.com", language: "Spanish" } }),
    201,
  );
});
afterAll(() => server.close());

const v2Get = async (id: string) => (await call(server.url, a.key, "GET", `/requests/${id}`)).body.data;
const link = (internalAccountID: string, extra: Record<string, string> = {}) => ({ internalAccountID, ...extra });

function basicServices() {
  return {
    google_ads: { requested: true, accessLevel: "standard", requestedAccountLinks: [link(a.accounts.google!)] },
    google_ads_mcc: {
      requested: true,
      requestedAccountLinks: [link(a.accounts.google!, { adsMCCAccountID: "123-456-7890" })],
    },
    meta_ads: { requested: false, accessLevel: "analyst" },
  };
}

async function createLink(body: Record<string, unknown> = {}): Promise<{ id: string; inviteUrl: string }> {
  const res = await v1("POST", "/links/create", {
    body: { clientID: clientId, requestedServices: basicServices(), ...body },
  });
  const id = expectV1Ok(res, 201);
  return { id, inviteUrl: res.body.inviteUrl };
}

async function eventsOf(requestId: string, type: string) {
  const db = await getDb();
  const rows = await db.event.findMany({ where: { requestId, type }, orderBy: { createdAt: "asc" } });
  // the body as a delivery sends it (the stored one keeps the links sealed)
  return rows.map((r) => JSON.parse(openSealedJson(r.body, r.id)));
}

describe("POST /links/create", () => {
  it("takes the larger catalog's services like the others", async () => {
    const wix = (await connectAccount({ agencyId: a.agencyId, platform: "wix", email: "web@agency.test" }))
      .internalAccountId;
    const res = await v1("POST", "/links/create", {
      body: {
        clientID: clientId,
        requestedServices: {
          wix_site: { requested: true, accessLevel: "website_manager", requestedAccountLinks: [link(wix)] },
        },
      },
    });
    const id = expectV1Ok(res, 201);
    expect((await v2Get(id)).services).toMatchObject([
      { service: "wix_site", platform: "wix", accessLevel: "website_manager", status: "pending" },
    ]);
  });

  it("201 with data = link id and inviteUrl; V2 reads the request with V2 names; request.created recorded; usage counted", async () => {
    const db = await getDb();
    const usedBefore = (await db.usageCounter.findMany({ where: { agencyId: a.agencyId, kind: "client" } })).reduce(
      (n, c) => n + c.used,
      0,
    );
    const res = await v1("POST", "/links/create", {
      body: {
        clientID: clientId,
        requestedServices: basicServices(),
        thankYouMessage: "Thanks!",
        redirectURL: "example.com/thanks",
        unknownField: { x: 1 },
      },
    });
    const id = expectV1Ok(res, 201);
    expect(id).toMatch(UUID);
    expect(Object.keys(res.body).sort()).toEqual(["data", "error", "inviteUrl"]);
    const r = await v2Get(id);
    expect(res.body.inviteUrl).toBe(r.inviteUrl);
    expect(r).toMatchObject({
      id,
      clientId,
      status: "pending",
      stateVersion: 1,
      source: "api",
      intakeForm: { requested: false, complete: false },
      thankYouMessage: "Thanks!",
      redirectUrl: "https://example.com/thanks",
      expiresAt: null,
    });
    expect(r.services).toEqual([
      {
        service: "google_ads",
        platform: "google",
        accessLevel: "standard",
        optional: false,
        status: "pending",
        accounts: [{ internalAccountId: a.accounts.google, adsMccAccountId: null, businessManagerId: null }],
        grantedAssets: [],
        forwardedTo: null,
        invitation: null,
      },
      {
        service: "google_ads_mcc",
        platform: "google",
        accessLevel: null,
        optional: false,
        status: "pending",
        accounts: [{ internalAccountId: a.accounts.google, adsMccAccountId: "123-456-7890", businessManagerId: null }],
        grantedAssets: [],
        forwardedTo: null,
        invitation: null,
      },
    ]);
    const created = await eventsOf(id, "request.created");
    expect(created).toHaveLength(1);
    expect(created[0].data.request).toEqual(r);
    const usedAfter = (await db.usageCounter.findMany({ where: { agencyId: a.agencyId, kind: "client" } })).reduce(
      (n, c) => n + c.used,
      0,
    );
    expect(usedAfter).toBe(usedBefore + 1);
  });

  it("optional, businessManagerID and a scheme already given are kept; sendEmail queues the invite", async () => {
    const { id } = await createLink({
      requestedServices: {
        meta_ads: {
          requested: true,
          accessLevel: "advertiser",
          optional: true,
          requestedAccountLinks: [link(a.accounts.meta!, { businessManagerID: "bm-1" })],
        },
      },
      redirectURL: "http://example.com/back",
      sendEmail: true,
    });
    const r = await v2Get(id);
    expect(r.redirectUrl).toBe("http://example.com/back");
    expect(r.services[0]).toMatchObject({
      service: "meta_ads",
      optional: true,
      accounts: [{ internalAccountId: a.accounts.meta, businessManagerId: "bm-1", adsMccAccountId: null }],
    });
    const db = await getDb();
    expect(await db.email.count({ where: { requestId: id, kind: "invite" } })).toBe(1);
    const quiet = await createLink();
    expect(await db.email.count({ where: { requestId: quiet.id } })).toBe(0);
  });

  it.each([
    ["requestedServices missing", () => ({ requestedServices: undefined }), /requestedServices/],
    ["requestedServices not an object", () => ({ requestedServices: ["google_ads"] }), /requestedServices/],
    [
      "no service requested",
      () => ({ requestedServices: { google_ads: { requested: false, accessLevel: "standard" } } }),
      /at least one/i,
    ],
    [
      "requested not a boolean",
      () => ({ requestedServices: { google_ads: { requested: "yes", accessLevel: "standard" } } }),
      /requested/,
    ],
    ["a service entry not an object", () => ({ requestedServices: { google_ads: true } }), /google_ads/],
    ["unknown requested service", () => ({ requestedServices: { nope: { requested: true } } }), /nope/],
    [
      "unknown unrequested service",
      () => ({ requestedServices: { ...basicServices(), nope: { requested: false } } }),
      /nope/,
    ],
    [
      "bad role on an unrequested service",
      () => ({ requestedServices: { ...basicServices(), meta_ads: { accessLevel: "owner" } } }),
      /meta_ads\.accessLevel/,
    ],
    [
      "bad role",
      () => ({
        requestedServices: { google_ads: { requested: true, accessLevel: "owner", requestedAccountLinks: [] } },
      }),
      /accessLevel/,
    ],
    [
      "role missing on a service with roles",
      () => ({ requestedServices: { google_ads: { requested: true } } }),
      /accessLevel/,
    ],
    [
      "MCC link without adsMCCAccountID",
      () => ({
        requestedServices: {
          google_ads_mcc: { requested: true, requestedAccountLinks: [{ internalAccountID: "acc_x" }] },
        },
      }),
      /adsMCCAccountID/,
    ],
    [
      "account link without internalAccountID",
      () => ({
        requestedServices: { google_ads: { requested: true, accessLevel: "admin", requestedAccountLinks: [{}] } },
      }),
      /internalAccountID/,
    ],
    [
      "unknown account",
      () => ({
        requestedServices: {
          google_ads: {
            requested: true,
            accessLevel: "admin",
            requestedAccountLinks: [{ internalAccountID: "acc_nope" }],
          },
        },
      }),
      /internalAccountID/,
    ],
    [
      "account on another platform",
      () => ({
        requestedServices: {
          meta_ads: {
            requested: true,
            accessLevel: "admin",
            requestedAccountLinks: [{ internalAccountID: a.accounts.google }],
          },
        },
      }),
      /google/,
    ],
    [
      "too many account links",
      () => ({
        requestedServices: {
          google_ads: {
            requested: true,
            accessLevel: "admin",
            requestedAccountLinks: Array.from({ length: 21 }, (_, i) => ({ internalAccountID: `a${i}` })),
          },
        },
      }),
      /20/,
    ],
    ["thankYouMessage too long", () => ({ thankYouMessage: "x".repeat(2001) }), /2000/],
    ["redirectURL not a URL", () => ({ redirectURL: "not a url" }), /redirectURL/],
    ["redirectURL too long", () => ({ redirectURL: `example.com/${"x".repeat(2040)}` }), /redirectURL/],
    ["redirectURL with another scheme", () => ({ redirectURL: "ftp://example.com" }), /redirectURL/],
    ["sendEmail not a boolean", () => ({ sendEmail: "yes" }), /sendEmail/],
    ["intakeForm not a boolean", () => ({ intakeForm: { requested: true } }), /intakeForm/],
    ["clientID missing", () => ({ clientID: undefined }), /clientID/],
    ["clientID not a string", () => ({ clientID: 12 }), /clientID/],
  ])("400 for %s", async (_label, patch, pattern) => {
    // the table is built before the agency exists, so each patch is a function
    const body: Record<string, unknown> = { clientID: clientId, requestedServices: basicServices(), ...patch() };
    const msg = expectV1Error(await v1("POST", "/links/create", { body }), 400);
    expect(msg).toMatch(pattern);
  });

  it("404 for a clientID that is not a uuid, unknown, or another agency's", async () => {
    expectV1Error(
      await v1("POST", "/links/create", { body: { clientID: "abc", requestedServices: basicServices() } }),
      404,
    );
    expectV1Error(
      await v1("POST", "/links/create", {
        body: { clientID: crypto.randomUUID(), requestedServices: basicServices() },
      }),
      404,
    );
    const other = await seedV2Agency({ platforms: [] });
    const foreign = expectV1Ok(
      await v1Client(server.url, other.key)("POST", "/clients/create", {
        body: { name: "F", email: "f@example.com", language: "English" },
      }),
      201,
    );
    expectV1Error(
      await v1("POST", "/links/create", { body: { clientID: foreign, requestedServices: basicServices() } }),
      404,
    );
  });

  it("intakeForm: 409 while the agency's form is disabled or empty; 201 once it has questions", async () => {
    const b = await seedV2Agency();
    const v1b = v1Client(server.url, b.key);
    const cid = expectV1Ok(
      await v1b("POST", "/clients/create", { body: { name: "I", email: "i@example.com", language: "Dutch" } }),
      201,
    );
    const body = {
      clientID: cid,
      requestedServices: {
        shopify_store: { requested: true, requestedAccountLinks: [{ internalAccountID: b.accounts.shopify }] },
      },
      intakeForm: true,
    };
    expect(expectV1Error(await v1b("POST", "/links/create", { body }), 409)).toMatch(/intake/i);
    await setIntake({ agencyId: b.agencyId, enabled: true, questions: [] });
    expectV1Error(await v1b("POST", "/links/create", { body }), 409);
    await setIntake({ agencyId: b.agencyId, enabled: true, questions: ["Which website should we work on?"] });
    const id = expectV1Ok(await v1b("POST", "/links/create", { body }), 201);
    expect(expectV1Ok(await v1b("GET", `/links/retrieve?id=${id}`)).intakeForm).toBe(true);
    const off = expectV1Ok(await v1b("POST", "/links/create", { body: { ...body, intakeForm: false } }), 201);
    expect(expectV1Ok(await v1b("GET", `/links/retrieve?id=${off}`)).intakeForm).toBe(false);
  });

  it("403 past the enforced monthly limit, like V2; nothing is created or counted", async () => {
    const b = await seedV2Agency({ plan: "pro" });
    await setPlan({ agencyId: b.agencyId, clientLimit: 1 });
    forgetApiKeys();
    const v1b = v1Client(server.url, b.key);
    const cid = expectV1Ok(
      await v1b("POST", "/clients/create", { body: { name: "L", email: "l@example.com", language: "English" } }),
      201,
    );
    const body = {
      clientID: cid,
      requestedServices: {
        shopify_store: { requested: true, requestedAccountLinks: [{ internalAccountID: b.accounts.shopify }] },
      },
    };
    expectV1Ok(await v1b("POST", "/links/create", { body }), 201);
    expect(expectV1Error(await v1b("POST", "/links/create", { body }), 403)).toMatch(/allowance/);
    const db = await getDb();
    expect(await db.accessRequest.count({ where: { agencyId: b.agencyId } })).toBe(1);
    const usage = (await call(server.url, b.key, "GET", "/usage")).body.data;
    expect(usage.clients.used).toBe(1);
  });
});

describe("GET /links/retrieve", () => {
  it("returns the V1 view: requestedServices keyed by service id, V1 names, redirectURL without https", async () => {
    const { id, inviteUrl } = await createLink({ redirectURL: "example.com/done", thankYouMessage: "Bye" });
    const data = expectV1Ok(await v1("GET", `/links/retrieve?id=${id}`));
    expect(data).toEqual({
      id,
      clientID: clientId,
      status: "pending",
      stateVersion: 1,
      inviteUrl,
      embedUrl: expect.stringMatching(/\/embed\//),
      intakeForm: false,
      intakeFormComplete: false,
      requestedServices: {
        google_ads: {
          requested: true,
          platform: "google",
          accessLevel: "standard",
          optional: false,
          status: "pending",
          requestedAccountLinks: [
            { internalAccountID: a.accounts.google, adsMCCAccountID: null, businessManagerID: null },
          ],
          grantedAssets: [],
        },
        google_ads_mcc: {
          requested: true,
          platform: "google",
          accessLevel: null,
          optional: false,
          status: "pending",
          requestedAccountLinks: [
            { internalAccountID: a.accounts.google, adsMCCAccountID: "123-456-7890", businessManagerID: null },
          ],
          grantedAssets: [],
        },
      },
      thankYouMessage: "Bye",
      redirectURL: "example.com/done",
      createdAt: expect.stringMatching(ISO_MS),
      completedAt: null,
      expiresAt: null,
      cancelledAt: null,
    });
  });

  it("reads requests created through V2, and reports expired once the deadline passes", async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await call(server.url, a.key, "POST", "/requests", {
      body: {
        clientId,
        requestedServices: {
          google_analytics: {
            accessLevel: "viewer",
            requestedAccountLinks: [{ internalAccountId: a.accounts.google }],
          },
        },
        expiresAt,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const before = expectV1Ok(await v1("GET", `/links/retrieve?id=${id}`));
    expect(before).toMatchObject({
      status: "pending",
      expiresAt: created.body.data.expiresAt,
      requestedServices: { google_analytics: { accessLevel: "viewer" } },
    });
    const db = await getDb();
    await db.accessRequest.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(expectV1Ok(await v1("GET", `/links/retrieve?id=${id}`)).status).toBe("expired");
    expect((await v2Get(id)).status).toBe("expired");
  });

  it("400 without id; 404 for a non-uuid, unknown or foreign id", async () => {
    expectV1Error(await v1("GET", "/links/retrieve"), 400);
    expectV1Error(await v1("GET", "/links/retrieve?id=12"), 404);
    expectV1Error(await v1("GET", `/links/retrieve?id=${crypto.randomUUID()}`), 404);
    const { id } = await createLink();
    const other = await seedV2Agency({ platforms: [] });
    expectV1Error(await v1Client(server.url, other.key)("GET", `/links/retrieve?id=${id}`), 404);
  });
});

describe("POST /links/update", () => {
  const grant = (requestId: string, serviceId: string) =>
    applyRequestAction({
      agencyId: a.agencyId,
      requestId,
      action: { kind: "mark_granted", serviceId },
      grantedAssets: [{ id: `asset-${serviceId}`, name: "Asset", accessLevel: null }],
    });

  function fourServices() {
    return {
      google_ads: { requested: true, accessLevel: "standard", requestedAccountLinks: [link(a.accounts.google!)] },
      google_analytics: { requested: true, accessLevel: "viewer", requestedAccountLinks: [link(a.accounts.google!)] },
      google_search_console: {
        requested: true,
        accessLevel: "restricted",
        requestedAccountLinks: [link(a.accounts.google!), link(google2)],
      },
      meta_ads: { requested: true, accessLevel: "analyst", requestedAccountLinks: [link(a.accounts.meta!)] },
    };
  }

  it("keeps progress only where role and accounts are unchanged; removes omitted, adds new; one stateVersion; request.updated", async () => {
    const { id } = await createLink({ requestedServices: fourServices() });
    await grant(id, "google_ads");
    await grant(id, "google_analytics");
    await grant(id, "google_search_console");
    const before = await v2Get(id);
    expect(before.status).toBe("in_progress");

    const body = {
      id,
      requestedServices: {
        // unchanged (account links in another order count as unchanged too)
        google_search_console: {
          requested: true,
          accessLevel: "restricted",
          requestedAccountLinks: [link(google2), link(a.accounts.google!)],
        },
        // role changed
        google_analytics: { requested: true, accessLevel: "editor", requestedAccountLinks: [link(a.accounts.google!)] },
        // accounts changed
        google_ads: { requested: true, accessLevel: "standard", requestedAccountLinks: [link(google2)] },
        // new
        google_tag_manager: {
          requested: true,
          accessLevel: "[read,edit]",
          requestedAccountLinks: [link(a.accounts.google!)],
        },
        // not requested: neither kept nor added (meta_ads is removed)
        meta_ads: { requested: false, accessLevel: "analyst" },
      },
    };
    expect(expectV1Ok(await v1("POST", "/links/update", { body }))).toBe(id);

    const after = await v2Get(id);
    expect(after.stateVersion).toBe(before.stateVersion + 1);
    expect(after.status).toBe("in_progress");
    const byId = Object.fromEntries(after.services.map((s: { service: string }) => [s.service, s]));
    expect(Object.keys(byId)).toEqual([
      "google_search_console",
      "google_analytics",
      "google_ads",
      "google_tag_manager",
    ]);
    expect(byId.google_search_console).toMatchObject({
      status: "granted",
      grantedAssets: [{ id: "asset-google_search_console" }],
    });
    expect(byId.google_analytics).toMatchObject({ status: "pending", accessLevel: "editor", grantedAssets: [] });
    expect(byId.google_ads).toMatchObject({
      status: "pending",
      accounts: [{ internalAccountId: google2 }],
      grantedAssets: [],
    });
    // multi-role lists are stored in catalog order
    expect(byId.google_tag_manager).toMatchObject({ status: "pending", accessLevel: "[edit,read]" });

    const updated = await eventsOf(id, "request.updated");
    expect(updated).toHaveLength(1);
    expect(updated[0].data.request).toEqual(after);
    expect(await eventsOf(id, "request.completed")).toHaveLength(0);

    const viaV1 = expectV1Ok(await v1("GET", `/links/retrieve?id=${id}`));
    expect(Object.keys(viaV1.requestedServices)).toEqual([
      "google_search_console",
      "google_analytics",
      "google_ads",
      "google_tag_manager",
    ]);
    expect(viaV1.requestedServices.google_search_console.status).toBe("granted");
  });

  it("sending the same set changes nothing: no new stateVersion, no event", async () => {
    const { id } = await createLink({ requestedServices: fourServices() });
    await grant(id, "google_ads");
    const before = await v2Get(id);
    expectV1Ok(await v1("POST", "/links/update", { body: { id, requestedServices: fourServices() } }));
    expect(await v2Get(id)).toEqual(before);
    expect(await eventsOf(id, "request.updated")).toHaveLength(0);
  });

  it("completes the request when the remaining services are all granted (request.completed after request.updated)", async () => {
    const { id } = await createLink({ requestedServices: fourServices() });
    await grant(id, "google_ads");
    await grant(id, "google_analytics");
    const { google_ads, google_analytics } = fourServices();
    expectV1Ok(
      await v1("POST", "/links/update", { body: { id, requestedServices: { google_ads, google_analytics } } }),
    );
    const r = await v2Get(id);
    expect(r).toMatchObject({ status: "completed", completedAt: expect.stringMatching(ISO_MS), stateVersion: 4 });
    const completed = await eventsOf(id, "request.completed");
    expect(completed).toHaveLength(1);
    expect(completed[0].data.request).toEqual(r);
    expect(
      expectV1Error(await v1("POST", "/links/update", { body: { id, requestedServices: fourServices() } }), 409),
    ).toMatch(/completed/);
  });

  it("a skipped optional service made required is reset; kept optional it stays skipped", async () => {
    const services = {
      google_ads: {
        requested: true,
        accessLevel: "standard",
        optional: true,
        requestedAccountLinks: [link(a.accounts.google!)],
      },
      google_analytics: {
        requested: true,
        accessLevel: "viewer",
        optional: true,
        requestedAccountLinks: [link(a.accounts.google!)],
      },
      meta_ads: { requested: true, accessLevel: "analyst", requestedAccountLinks: [link(a.accounts.meta!)] },
    };
    const { id } = await createLink({ requestedServices: services });
    await applyRequestAction({ requestId: id, action: { kind: "skip", serviceId: "google_ads" } });
    await applyRequestAction({ requestId: id, action: { kind: "skip", serviceId: "google_analytics" } });
    expectV1Ok(
      await v1("POST", "/links/update", {
        body: {
          id,
          requestedServices: { ...services, google_analytics: { ...services.google_analytics, optional: false } },
        },
      }),
    );
    const r = await v2Get(id);
    expect(
      r.services.map((s: { service: string; status: string; optional: boolean }) => [s.service, s.status, s.optional]),
    ).toEqual([
      ["google_ads", "skipped", true],
      ["google_analytics", "pending", false],
      ["meta_ads", "pending", false],
    ]);
  });

  it("concurrent updates and grants are serialised: each change gets its own stateVersion and event", async () => {
    const { id } = await createLink({ requestedServices: fourServices() });
    const { google_ads, google_analytics, google_search_console, meta_ads } = fourServices();
    const results = await Promise.all([
      v1("POST", "/links/update", {
        body: { id, requestedServices: { google_ads, google_analytics, google_search_console } },
      }),
      v1("POST", "/links/update", { body: { id, requestedServices: { google_ads, meta_ads } } }),
      grant(id, "google_ads"),
    ]);
    expectV1Ok(results[0]);
    expectV1Ok(results[1]);
    const r = await v2Get(id);
    expect(r.stateVersion).toBe(4);
    const versions = (await eventsOf(id, "request.updated")).map((e) => e.data.request.stateVersion).sort();
    expect(new Set(versions).size).toBe(2);
    expect(r.services.find((s: { service: string }) => s.service === "google_ads").status).toBe("granted");
  });

  it("links created through V1 are listed by V2 and V2 requests are updatable through V1", async () => {
    const { id } = await createLink();
    const listed = await call(server.url, a.key, "GET", `/requests?clientId=${clientId}&limit=100`);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toContain(id);
    const created = await call(server.url, a.key, "POST", "/requests", {
      body: {
        clientId,
        requestedServices: {
          google_analytics: {
            accessLevel: "viewer",
            requestedAccountLinks: [{ internalAccountId: a.accounts.google }],
          },
        },
      },
    });
    expectV1Ok(
      await v1("POST", "/links/update", { body: { id: created.body.data.id, requestedServices: basicServices() } }),
    );
    expect((await v2Get(created.body.data.id)).services.map((s: { service: string }) => s.service)).toEqual([
      "google_ads",
      "google_ads_mcc",
    ]);
  });

  it("409 for cancelled and expired links", async () => {
    const cancelled = await createLink();
    expect((await call(server.url, a.key, "POST", `/requests/${cancelled.id}/cancel`)).status).toBe(200);
    expect(
      expectV1Error(
        await v1("POST", "/links/update", { body: { id: cancelled.id, requestedServices: basicServices() } }),
        409,
      ),
    ).toMatch(/cancelled/);
    const expired = await createLink();
    const db = await getDb();
    await db.accessRequest.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(
      expectV1Error(
        await v1("POST", "/links/update", { body: { id: expired.id, requestedServices: basicServices() } }),
        409,
      ),
    ).toMatch(/expired/);
  });

  it("400 for a bad service set, 404 for bad ids; nothing changes", async () => {
    const { id } = await createLink();
    const before = await v2Get(id);
    expectV1Error(await v1("POST", "/links/update", { body: { requestedServices: basicServices() } }), 400);
    expectV1Error(await v1("POST", "/links/update", { body: { id } }), 400);
    expectV1Error(
      await v1("POST", "/links/update", {
        body: { id, requestedServices: { google_ads: { requested: false, accessLevel: "admin" } } },
      }),
      400,
    );
    expectV1Error(
      await v1("POST", "/links/update", {
        body: { id, requestedServices: { google_ads: { requested: true, accessLevel: "owner" } } },
      }),
      400,
    );
    expectV1Error(
      await v1("POST", "/links/update", {
        body: { id, requestedServices: { ...basicServices(), zzz: { requested: false } } },
      }),
      400,
    );
    expectV1Error(await v1("POST", "/links/update", { body: { id: "x", requestedServices: basicServices() } }), 404);
    expectV1Error(
      await v1("POST", "/links/update", { body: { id: crypto.randomUUID(), requestedServices: basicServices() } }),
      404,
    );
    const other = await seedV2Agency({ platforms: [] });
    expectV1Error(
      await v1Client(server.url, other.key)("POST", "/links/update", {
        body: { id, requestedServices: basicServices() },
      }),
      404,
    );
    expect(await v2Get(id)).toEqual(before);
  });
});
