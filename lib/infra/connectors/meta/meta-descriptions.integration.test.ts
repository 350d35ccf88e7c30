// Every Graph request the Meta connector sends, checked against the field lists written down
// from Meta's documentation pages (Meta publishes no machine-readable Graph description;
// test/fixtures/platform-descriptions/meta-documented-fields.json names the page of each
// operation): sign-in, listing for every service, every service's grant, read-back, removal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { META_SERVICE_IDS } from "@/lib/infra/connectors/meta/meta-roles";
import { pkceVerifier } from "@/lib/infra/connectors/pkce";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import {
  META_FAKE_APP,
  META_FAKE_PEOPLE,
  hostOverrides,
  startMetaFake,
  type MetaFake,
} from "@/test/support/fakes/meta-fake";
import { describedCallErrors, loadDescription } from "@/test/support/platform-description";

const REDIRECT = "http://localhost:3999/api/access/callback";
const AGENCY: AgencyAccountRef = {
  internalAccountId: "acc_meta",
  platformAccountId: "20002",
  email: "ops@agency.test",
  businessId: "770000000001",
};
const FIELDS = loadDescription("meta-documented-fields.json");
const ASSET: Record<string, string> = {
  meta_business_manager: "910000000001",
  meta_ads: "act_1001",
  meta_page: "2001",
  meta_catalog: "3001",
  meta_pixel: "4001",
};

let fake: MetaFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startMetaFake();
  const overrides = parseHostOverrides(hostOverrides(fake.hosts));
  const http = createConnectorHttp({ overrides, baseDelayMs: 1, budgetMs: 5_000, sleep: async () => {} });
  const e = {
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    sandboxPlatformList: [],
    platformHostOverrides: overrides,
  } as unknown as ConnectorEnv;
  connector = getConnector("meta", { env: e, http });
});
afterAll(async () => fake?.close());

describe("Meta requests against the documented field lists", () => {
  it("sign-in, listing, every service's grant with every role, read-back and removal send only documented fields and values", async () => {
    const verifier = pkceVerifier("secret", "nonce-descriptions");
    const { authorizationUrl } = connector.beginSignIn({
      state: "st",
      redirectUri: REDIRECT,
      serviceIds: [...META_SERVICE_IDS],
      codeVerifier: verifier,
    });
    const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
    const { accessToken } = await connector.handleCallback({
      code: back.searchParams.get("code")!,
      state: "st",
      redirectUri: REDIRECT,
      codeVerifier: verifier,
    });

    for (const serviceId of META_SERVICE_IDS) await connector.listAssets({ accessToken, serviceId });
    for (const [serviceId, assetId] of Object.entries(ASSET)) {
      const roles = getCatalogService(serviceId)?.roles?.map((r) => r.value) ?? [null];
      for (const role of roles.length > 0 ? roles : [null]) {
        fake.partners.get(assetId)?.delete(AGENCY.businessId!);
        await connector.grantAccess({ accessToken, serviceId, assetIds: [assetId], role, agencyAccount: AGENCY });
      }
      await connector.verifyAccess!({ accessToken, serviceId, assetIds: [assetId], agencyAccount: AGENCY });
    }
    await connector.removeAccess!({
      accessToken,
      serviceId: "meta_ads",
      assetIds: ["act_1001"],
      agencyAccount: AGENCY,
    });

    // The Meta fake records form bodies as `form`; the checker reads `body`.
    const calls = fake.calls
      .filter((c) => c.host === "graph.facebook.com")
      .map((c) => ({
        host: c.host,
        method: c.method,
        path: c.path,
        query: c.query,
        headers: {},
        body: Object.keys(c.form).length > 0 ? c.form : null,
      }));
    const { checked, errors } = describedCallErrors(FIELDS, calls);
    expect(errors).toEqual([]);
    for (const op of [
      "POST /v25.0/{id}/agencies",
      "POST /v25.0/{id}/business_users",
      "DELETE /v25.0/{id}/agencies",
      "GET /v25.0/oauth/access_token",
    ])
      expect(checked).toContain(op);
  });
});

describe("Meta: the agency's people, read and assigned with the agency's own token", () => {
  const graphCalls = () =>
    fake.calls
      .filter((c) => c.host === "graph.facebook.com")
      .map((c) => ({
        host: c.host,
        method: c.method,
        path: c.path,
        query: c.query,
        headers: {},
        body: Object.keys(c.form).length > 0 ? c.form : null,
      }));

  it("listing people and assigning them send only documented fields and values", async () => {
    fake.reset();
    const accessToken = fake.agencyToken();
    const people = await connector.listAgencyPeople!({ accessToken, businessId: META_FAKE_PEOPLE.business });
    expect(people.map((p) => [p.id, p.kind])).toEqual([
      ["7700000000011", "business_user"],
      ["30001", "business_user"],
      ["30002", "business_user"],
      ["40001", "system_user"],
    ]);
    fake.shareAlready("act_1001", META_FAKE_PEOPLE.business, ["ADVERTISE", "ANALYZE"]);
    fake.shareAlready("2001", META_FAKE_PEOPLE.business, ["ANALYZE"]);
    for (const [serviceId, assetId] of [
      ["meta_ads", "act_1001"],
      ["meta_page", "2001"],
    ] as const) {
      for (const role of getCatalogService(serviceId)!.roles.map((r) => r.value)) {
        const out = await connector.assignPeople!({
          accessToken,
          businessId: META_FAKE_PEOPLE.business,
          serviceId,
          assetId,
          people: [{ id: "30001", role }],
        });
        expect(out, `${serviceId} ${role}`).toEqual([{ personId: "30001", ok: true, error: null }]);
      }
    }
    const { checked, errors } = describedCallErrors(FIELDS, graphCalls());
    expect(errors).toEqual([]);
    expect(checked).toContain("POST /v25.0/{id}/assigned_users");
  });

  it("the fake refuses what Meta refuses: a person outside the Business Manager, an asset not shared, a refusal", async () => {
    fake.reset();
    const accessToken = fake.agencyToken();
    const assign = (assetId: string, id: string) =>
      connector.assignPeople!({
        accessToken,
        businessId: META_FAKE_PEOPLE.business,
        serviceId: "meta_ads",
        assetId,
        people: [{ id, role: "analyst" }],
      });
    expect((await assign("act_1001", "30001"))[0]).toMatchObject({ ok: false });
    fake.shareAlready("act_1001", META_FAKE_PEOPLE.business, ["ANALYZE"]);
    expect((await assign("act_1001", "99999"))[0]).toMatchObject({
      ok: false,
      error: "(#100) User 99999 is not a member of this business",
    });
    fake.switches.refuseAssign = ["30001"];
    expect((await assign("act_1001", "30001"))[0]).toMatchObject({
      ok: false,
      error: "You don't have permission to assign people to Acme Main Ads.",
    });
    expect(fake.assigned.size).toBe(0);
  });
});
