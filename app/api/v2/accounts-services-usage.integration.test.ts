// GET /accounts, GET /services and GET /usage over real HTTP: shapes, scopes, tenancy,
// and monthly usage counting (clients and prospects apart, limits, overage billing,
// replays and failures counting nothing).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startApiServer } from "@/test/support/api-server";
import { resetRateLimiters } from "@/lib/infra/rate-limit/rate-limit";
import {
  call,
  client,
  expectError,
  expectOk,
  seedV2Agency,
  ISO_MS,
  type SeededV2Agency,
} from "@/test/support/v2-fixtures";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createClient } from "@/lib/core/clients/create-client";
import { createRequest } from "@/lib/core/requests/create-request";
import { setPlan } from "@/lib/core/agencies/set-plan";
import { API_CATALOG_SERVICES } from "@/lib/core/catalog/catalog";
import { forgetApiKeys } from "@/lib/core/api-keys/authenticate-api-key";
import { getDb } from "@/lib/infra/db/db";

let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
// many calls per agency within a minute: the rate limit has its own test (errors-and-limits)
beforeEach(() => resetRateLimiters());

describe("GET /accounts", () => {
  it("lists the agency's connected accounts field by field, oldest first, unpaginated", async () => {
    const a = await seedV2Agency({ platforms: ["meta"] });
    const full = await connectAccount({
      agencyId: a.agencyId,
      platform: "google",
      services: ["google_ads", "google_analytics"],
      displayName: "Agency Google",
      email: "ads@agency.example",
      platformAccountId: "123-456",
      business: { id: "biz-1", name: "Agency Inc" },
    });
    const db = await getDb();
    await db.connectedAccount.updateMany({
      where: { internalAccountId: full.internalAccountId },
      data: { status: "disconnected" },
    });
    const res = await call(server.url, a.key, "GET", "/accounts");
    const data = expectOk(res);
    expect(Object.keys(res.body.meta)).toEqual(["requestId"]);
    expect(data).toHaveLength(2);
    expect(data[0]).toEqual({
      internalAccountId: a.accounts.meta,
      platform: "meta",
      displayName: expect.any(String),
      email: null,
      platformAccountId: null,
      business: null,
      services: ["meta_business_manager", "meta_ads", "meta_page", "meta_instagram", "meta_catalog", "meta_pixel"],
      status: "connected",
      linkedAt: expect.stringMatching(ISO_MS),
    });
    expect(data[1]).toEqual({
      internalAccountId: full.internalAccountId,
      platform: "google",
      displayName: "Agency Google",
      email: "ads@agency.example",
      platformAccountId: "123-456",
      business: { id: "biz-1", name: "Agency Inc" },
      services: ["google_ads", "google_analytics"],
      status: "disconnected",
      linkedAt: expect.stringMatching(ISO_MS),
    });
    const other = await seedV2Agency({ platforms: [] });
    expect(expectOk(await call(server.url, other.key, "GET", "/accounts"))).toEqual([]);
  });

  it("needs accounts:read and takes no parameters", async () => {
    const a = await seedV2Agency({ platforms: [], scopes: ["clients:read"] });
    const err = expectError(await call(server.url, a.key, "GET", "/accounts"), 403, "CAPABILITY_REQUIRED");
    expect(err.message).toContain("accounts:read");
    const b = await seedV2Agency({ platforms: [] });
    expectError(await call(server.url, b.key, "GET", "/accounts?limit=10"), 400, "VALIDATION_FAILED");
  });
});

describe("GET /services", () => {
  it("returns the catalog, each service exactly the Catalog service fields, with no scope needed", async () => {
    const a = await seedV2Agency({ platforms: [], scopes: ["usage:read"] });
    const data = expectOk(await call(server.url, a.key, "GET", "/services"));
    expect(data).toEqual(JSON.parse(JSON.stringify(API_CATALOG_SERVICES)));
    for (const s of data) {
      expect(Object.keys(s).sort()).toEqual([
        "accountLinkFields",
        "clientSignInRequired",
        "grantMethod",
        "id",
        "platform",
        "roles",
      ]);
      expect(["automatic", "manual"]).toContain(s.grantMethod);
      for (const r of s.roles) expect(Object.keys(r).sort()).toEqual(["label", "readOnly", "value"]);
    }
    const mcc = data.find((s: { id: string }) => s.id === "google_ads_mcc");
    expect(mcc).toMatchObject({ roles: [], accountLinkFields: [{ name: "adsMccAccountId", required: true }] });
    expect(data.find((s: { id: string }) => s.id === "shopify_store").roles).toEqual([]);
  });

  it("lists the larger catalog's services after the original 26, and a request can ask for them", async () => {
    const a = await seedV2Agency({ platforms: ["mailchimp", "google"] });
    const data = expectOk(await call(server.url, a.key, "GET", "/services"));
    const ids = data.map((s: { id: string }) => s.id);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    expect(ids.slice(0, 3)).toEqual(["meta_business_manager", "meta_ads", "meta_page"]);
    expect(ids.indexOf("wordpress_site")).toBe(25);
    for (const id of [
      "google_looker_studio",
      "snapchat_business_manager",
      "amazon_ads",
      "apple_search_ads",
      "reddit_ads",
      "clarity_project",
      "mailchimp_account",
      "wix_site",
      "webflow_site",
      "hotjar_organization",
    ]) {
      expect(ids).toContain(id);
    }
    expect(data.find((s: { id: string }) => s.id === "mailchimp_account")).toEqual({
      id: "mailchimp_account",
      platform: "mailchimp",
      roles: [
        { value: "admin", label: "Admin", readOnly: false },
        { value: "manager", label: "Manager", readOnly: false },
        { value: "author", label: "Author", readOnly: false },
        { value: "viewer", label: "Viewer", readOnly: true },
      ],
      grantMethod: "manual",
      clientSignInRequired: false,
      accountLinkFields: [],
    });
    const clientId = expectOk(
      await call(server.url, a.key, "POST", "/clients", { body: { name: "Shop", email: "shop@example.com" } }),
      201,
    ).id;
    const created = expectOk(
      await call(server.url, a.key, "POST", "/requests", {
        body: {
          clientId,
          requestedServices: {
            mailchimp_account: {
              accessLevel: "viewer",
              requestedAccountLinks: [{ internalAccountId: a.accounts.mailchimp }],
            },
            google_looker_studio: {
              accessLevel: "editor",
              requestedAccountLinks: [{ internalAccountId: a.accounts.google }],
            },
          },
        },
      }),
      201,
    );
    expect(
      created.services
        .map((s: { service: string; platform: string; accessLevel: string }) => [s.service, s.platform, s.accessLevel])
        .sort(),
    ).toEqual([
      ["google_looker_studio", "google", "editor"],
      ["mailchimp_account", "mailchimp", "viewer"],
    ]);
    // a role the platform does not have is refused, naming the field
    const err = expectError(
      await call(server.url, a.key, "POST", "/requests", {
        body: {
          clientId,
          requestedServices: {
            mailchimp_account: {
              accessLevel: "owner",
              requestedAccountLinks: [{ internalAccountId: a.accounts.mailchimp }],
            },
          },
        },
      }),
      400,
      "VALIDATION_FAILED",
    );
    expect(err.details[0]!.field).toBe("requestedServices.mailchimp_account.accessLevel");
  });

  it("says when a link field is required, and the create agrees with it", async () => {
    const a = await seedV2Agency({ platforms: ["meta"] });
    const data = expectOk(await call(server.url, a.key, "GET", "/services"));
    const fields = (id: string) => data.find((s: { id: string }) => s.id === id).accountLinkFields;
    // Instagram's steps assign the agency by its Business ID: an account without one needs the field
    expect(fields("meta_instagram")).toEqual([
      { name: "businessManagerId", required: false, requiredWhen: "account_without_business" },
    ]);
    // a one-click service invites the agency whatever its account holds
    expect(fields("meta_ads")).toEqual([{ name: "businessManagerId", required: false }]);

    // the account (connected as `account connect --platform meta` does by default) has no business
    const accounts = expectOk(await call(server.url, a.key, "GET", "/accounts"));
    expect(accounts.find((x: { internalAccountId: string }) => x.internalAccountId === a.accounts.meta).business).toBe(
      null,
    );
    const clientId = expectOk(
      await call(server.url, a.key, "POST", "/clients", { body: { name: "Insta", email: "insta@example.com" } }),
      201,
    ).id;
    const ask = (link: Record<string, string>) =>
      call(server.url, a.key, "POST", "/requests", {
        body: {
          clientId,
          requestedServices: { meta_instagram: { accessLevel: "analyst", requestedAccountLinks: [link] } },
        },
      });
    const refused = expectError(await ask({ internalAccountId: a.accounts.meta! }), 400, "VALIDATION_FAILED");
    expect(refused.details[0]!.field).toBe(
      "requestedServices.meta_instagram.requestedAccountLinks[0].businessManagerId",
    );
    expect(refused.message).toContain("businessManagerId");
    // the field given: accepted
    expectOk(await ask({ internalAccountId: a.accounts.meta!, businessManagerId: "770000000002" }), 201);
    // an account connected with its business needs no field
    const withBusiness = await connectAccount({
      agencyId: a.agencyId,
      platform: "meta",
      business: { id: "770000000003", name: "Agency BM" },
    });
    expectOk(await ask({ internalAccountId: withBusiness.internalAccountId }), 201);
  });

  it("is still behind authentication", async () => {
    expectError(await call(server.url, "x", "GET", "/services", { key: null }), 401, "UNAUTHENTICATED");
  });
});

describe("GET /usage", () => {
  let a: SeededV2Agency;
  let api: ReturnType<typeof client>;
  let clientId: string;
  let prospectId: string;
  const services = () => ({ meta_pixel: { requestedAccountLinks: [{ internalAccountId: a.accounts.meta }] } });

  beforeAll(async () => {
    a = await seedV2Agency({ plan: "pro", platforms: ["meta"] });
    api = client(server.url, a.key);
    clientId = expectOk(await api("POST", "/clients", { body: { name: "C", email: "c@example.com" } }), 201).id;
    prospectId = (
      await createClient({
        agencyId: a.agencyId,
        input: { name: "P", email: "p@example.com", language: "English", metadata: {} },
        isProspect: true,
      })
    ).id;
  });

  it("returns the Usage object for the current UTC month", async () => {
    const data = expectOk(await api("GET", "/usage"));
    const now = new Date();
    expect(data).toEqual({
      plan: "pro",
      billingPeriod: null,
      trial: false,
      apiAccess: true,
      countingMode: "access_links",
      period: {
        start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
        end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
        timezone: "UTC",
      },
      clients: { used: 0, limit: 100, remaining: 100 },
      prospects: { used: 0, limit: 100, remaining: 100 },
      overage: { enabled: false, included: null, billableUnits: 0 },
    });
  });

  it("counts each new request once, clients and prospects apart; replays, failures and demo requests count nothing", async () => {
    const key = crypto.randomUUID();
    const body = { clientId, requestedServices: services() };
    expectOk(await api("POST", "/requests", { body, idempotencyKey: key }), 201);
    const replay = await api("POST", "/requests", { body, idempotencyKey: key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expectOk(await api("POST", "/requests", { body: { clientId: prospectId, requestedServices: services() } }), 201);
    expectError(
      await api("POST", "/requests", {
        body: { clientId, requestedServices: { meta_pixel: { accessLevel: "admin" } } },
      }),
      400,
      "VALIDATION_FAILED",
    );
    expectError(
      await api("POST", "/requests", { body: { clientId: crypto.randomUUID(), requestedServices: services() } }),
      404,
      "NOT_FOUND",
    );
    await createRequest({
      agencyId: a.agencyId,
      input: {
        clientId,
        requestedServices: { meta_pixel: { optional: false, requestedAccountLinks: [] } },
        sendEmail: false,
      },
      source: "dashboard",
      isDemo: true,
    });
    const data = expectOk(await api("GET", "/usage"));
    expect(data.clients).toEqual({ used: 1, limit: 100, remaining: 99 });
    expect(data.prospects).toEqual({ used: 1, limit: 100, remaining: 99 });
  });

  it("403 PLAN_LIMIT_REACHED at an enforced limit, separately for clients and prospects, creating nothing", async () => {
    await setPlan({ agencyId: a.agencyId, clientLimit: 2, prospectLimit: 1 });
    expectOk(await api("POST", "/requests", { body: { clientId, requestedServices: services() } }), 201);
    const db = await getDb();
    const before = await db.accessRequest.count({ where: { agencyId: a.agencyId } });
    const events = await db.event.count({ where: { agencyId: a.agencyId } });
    const key = crypto.randomUUID();
    const err = expectError(
      await api("POST", "/requests", { body: { clientId, requestedServices: services() }, idempotencyKey: key }),
      403,
      "PLAN_LIMIT_REACHED",
    );
    expect(err.message).toMatch(/allowance/);
    expectError(
      await api("POST", "/requests", { body: { clientId: prospectId, requestedServices: services() } }),
      403,
      "PLAN_LIMIT_REACHED",
    );
    expect(await db.accessRequest.count({ where: { agencyId: a.agencyId } })).toBe(before);
    expect(await db.event.count({ where: { agencyId: a.agencyId } })).toBe(events);
    const usage = expectOk(await api("GET", "/usage"));
    expect(usage.clients).toEqual({ used: 2, limit: 2, remaining: 0 });
    expect(usage.prospects).toEqual({ used: 1, limit: 1, remaining: 0 });
    // the refused call stored no idempotency result: after a raise the same key goes through
    await setPlan({ agencyId: a.agencyId, clientLimit: 3 });
    expectOk(
      await api("POST", "/requests", { body: { clientId, requestedServices: services() }, idempotencyKey: key }),
      201,
    );
    // creating clients does not use the allowance
    expectOk(await api("POST", "/clients", { body: { name: "More", email: "m@example.com" } }), 201);
    expect(expectOk(await api("GET", "/usage")).clients.used).toBe(3);
  });

  it("with overage billing, client links beyond the included number are billed instead of refused; prospects are not", async () => {
    const b = await seedV2Agency({ plan: "agency", platforms: ["meta"] });
    await setPlan({ agencyId: b.agencyId, overage: true, included: 2, clientLimit: 2, prospectLimit: 1 });
    const bapi = client(server.url, b.key);
    const c = expectOk(await bapi("POST", "/clients", { body: { name: "C", email: "c@example.com" } }), 201).id;
    const p = (
      await createClient({
        agencyId: b.agencyId,
        input: { name: "P", email: "p@example.com", language: "English", metadata: {} },
        isProspect: true,
      })
    ).id;
    const body = (id: string) => ({
      clientId: id,
      requestedServices: { meta_pixel: { requestedAccountLinks: [{ internalAccountId: b.accounts.meta }] } },
    });
    for (let i = 0; i < 4; i++) expectOk(await bapi("POST", "/requests", { body: body(c) }), 201);
    expectOk(await bapi("POST", "/requests", { body: body(p) }), 201);
    expectError(await bapi("POST", "/requests", { body: body(p) }), 403, "PLAN_LIMIT_REACHED");
    const usage = expectOk(await bapi("GET", "/usage"));
    expect(usage.clients).toEqual({ used: 4, limit: 2, remaining: 0 });
    expect(usage.prospects).toEqual({ used: 1, limit: 1, remaining: 0 });
    expect(usage.overage).toEqual({ enabled: true, included: 2, billableUnits: 2 });
  });

  it("shows the trial and plan flags and needs usage:read", async () => {
    const t = await seedV2Agency({ plan: "trial", platforms: [] });
    const data = expectOk(await call(server.url, t.key, "GET", "/usage"));
    expect(data).toMatchObject({
      plan: "trial",
      trial: true,
      apiAccess: true,
      clients: { used: 0, limit: 10, remaining: 10 },
    });
    const k = await createApiKey({ agencyId: t.agencyId, scopes: ["clients:read"] });
    expect(expectError(await call(server.url, k.key, "GET", "/usage"), 403, "CAPABILITY_REQUIRED").message).toContain(
      "usage:read",
    );
    // an ended trial without API access is not entitled
    await setPlan({ agencyId: t.agencyId, plan: "starter", trial: false });
    forgetApiKeys();
    expectError(await call(server.url, t.key, "GET", "/usage"), 403, "PLAN_NOT_ENTITLED");
  });
});
