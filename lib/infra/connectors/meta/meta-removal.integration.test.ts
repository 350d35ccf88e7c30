// Meta offboarding over real HTTP against the contract fake: the documented DELETE on the
// asset's `agencies` edge with `business` (the Page's own token for Pages), the read-back no
// longer listing the agency, an agency already gone counted as removed, a refusal reported
// per asset, services without a documented call left to the checklist, and the fake
// refusing a removal without `business` the way Graph does.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { appSecretProof, GRAPH_VERSION } from "@/lib/infra/connectors/meta/meta-graph";
import { pkceVerifier } from "@/lib/infra/connectors/pkce";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { META_FAKE_APP, hostOverrides, startMetaFake, type MetaFake } from "@/test/support/fakes/meta-fake";

let fake: MetaFake;
let connector: PlatformConnector;
const REDIRECT = "http://localhost:3999/api/access/callback";
const AGENCY: AgencyAccountRef = {
  internalAccountId: "acc_meta",
  platformAccountId: "20002",
  email: "ops@agency.test",
  businessId: "770000000001",
};

async function signIn(): Promise<string> {
  const verifier = pkceVerifier("secret", `nonce-${Math.random()}`);
  const { authorizationUrl } = connector.beginSignIn({
    state: "st",
    redirectUri: REDIRECT,
    serviceIds: ["meta_ads", "meta_page"],
    codeVerifier: verifier,
  });
  const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
  return (
    await connector.handleCallback({
      code: back.searchParams.get("code")!,
      state: "st",
      redirectUri: REDIRECT,
      codeVerifier: verifier,
    })
  ).accessToken;
}

beforeAll(async () => {
  fake = await startMetaFake();
  const overrides = parseHostOverrides(hostOverrides(fake.hosts));
  const http = createConnectorHttp({ overrides, baseDelayMs: 1, budgetMs: 5_000, sleep: async () => {} });
  const env = {
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    sandboxPlatformList: [],
    platformHostOverrides: overrides,
  } as unknown as ConnectorEnv;
  connector = getConnector("meta", { env, http });
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

describe("Meta removal", () => {
  it("needs the client's token for partner assets and has no call for pixels or Business Manager people", () => {
    expect(connector.removalToken!("meta_ads")).toBe("client");
    expect(connector.removalToken!("meta_page")).toBe("client");
    expect(connector.removalToken!("meta_catalog")).toBe("client");
    expect(connector.removalToken!("meta_pixel")).toBeNull();
    expect(connector.removalToken!("meta_business_manager")).toBeNull();
  });

  it("dissociates the agency's business from ad accounts and Pages, then reads it back as gone", async () => {
    const token = await signIn();
    fake.shareAlready("act_1001", AGENCY.businessId!, ["ADVERTISE"]);
    fake.shareAlready("act_1001", "770000000099", ["ANALYZE"]);
    fake.shareAlready("2001", AGENCY.businessId!, ["MANAGE"]);
    const before = await connector.verifyAccess!({
      accessToken: token,
      serviceId: "meta_ads",
      assetIds: ["act_1001"],
      agencyAccount: AGENCY,
    });
    expect(before[0]!.present).toBe(true);

    const ads = await connector.removeAccess!({
      accessToken: token,
      serviceId: "meta_ads",
      assetIds: ["act_1001"],
      agencyAccount: AGENCY,
    });
    expect(ads).toEqual([{ assetId: "act_1001", removed: true, detail: null }]);
    const del = fake.calls.find((c) => c.method === "DELETE")!;
    expect(del.path).toBe(`/${GRAPH_VERSION}/act_1001/agencies`);
    expect(del.query).toMatchObject({
      business: AGENCY.businessId,
      access_token: token,
      appsecret_proof: appSecretProof(token, META_FAKE_APP.appSecret),
    });
    // another partner of the same asset stays
    expect([...fake.partners.get("act_1001")!.keys()]).toEqual(["770000000099"]);
    const after = await connector.verifyAccess!({
      accessToken: token,
      serviceId: "meta_ads",
      assetIds: ["act_1001"],
      agencyAccount: AGENCY,
    });
    expect(after[0]!.present).toBe(false);

    const page = await connector.removeAccess!({
      accessToken: token,
      serviceId: "meta_page",
      assetIds: ["2001"],
      agencyAccount: AGENCY,
    });
    expect(page).toEqual([{ assetId: "2001", removed: true, detail: null }]);
    const pageDelete = fake.calls.filter((c) => c.method === "DELETE")[1]!;
    expect(pageDelete.query.access_token).toMatch(/^EAAPAGE2001/);
  });

  it("an agency already gone counts as removed; a refusal is reported for that asset", async () => {
    const token = await signIn();
    fake.shareAlready("act_1002", AGENCY.businessId!, ["ADVERTISE"]);
    fake.switches.refuse = ["act_1002"];
    const out = await connector.removeAccess!({
      accessToken: token,
      serviceId: "meta_ads",
      assetIds: ["act_1003", "act_1002"],
      agencyAccount: AGENCY,
    });
    expect(out[0]).toEqual({
      assetId: "act_1003",
      removed: true,
      detail: "The agency was no longer a partner of this asset.",
    });
    expect(out[1]).toEqual({
      assetId: "act_1002",
      removed: false,
      detail: "Only an admin of Acme Brand Ads can remove partners.",
    });
    expect(fake.partners.get("act_1002")!.has(AGENCY.businessId!)).toBe(true);
  });

  it("the fake refuses a removal without a business, as Graph does", async () => {
    const token = await signIn();
    const url = new URL(`${fake.hosts["graph.facebook.com"]}/${GRAPH_VERSION}/act_1001/agencies`);
    url.searchParams.set("access_token", token);
    url.searchParams.set("appsecret_proof", appSecretProof(token, META_FAKE_APP.appSecret));
    const res = await fetch(url, { method: "DELETE" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: 100,
      message: "(#100) Param business must be a valid ID",
    });
  });

  it("a pixel is left to the checklist without a call", async () => {
    const token = await signIn();
    const out = await connector.removeAccess!({
      accessToken: token,
      serviceId: "meta_pixel",
      assetIds: ["4001"],
      agencyAccount: AGENCY,
    });
    expect(out[0]!.removed).toBe(false);
    expect(fake.calls.filter((c) => c.method === "DELETE")).toHaveLength(0);
  });
});
