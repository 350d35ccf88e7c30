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
import { META_FAKE_APP, hostOverrides, startMetaFake, type MetaFake } from "@/test/support/fakes/meta-fake";
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
