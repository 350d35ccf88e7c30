// Pinterest offboarding over real HTTP against the contract fake: "Delete partner asset
// permissions" on the client's business with the client's token, the read-back no longer
// listing the agency's access, an access already gone counted as removed, a refusal reported
// for its ad account, and the fake refusing a malformed body as Pinterest does.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createPinterestConnector } from "@/lib/infra/connectors/pinterest/pinterest-connector";
import { getNoFollow } from "@/test/support/access-fixtures";
import { PINTEREST_FAKE, startPinterestFake, type PinterestFake } from "@/test/support/fakes/pinterest-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
const [ACC1, ACC2, ACC3] = PINTEREST_FAKE.adAccounts.map(([id]) => id) as [string, string, string];
const AGENCY_BIZ = PINTEREST_FAKE.agencyBusiness;
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: AGENCY_BIZ,
  email: null,
  businessId: AGENCY_BIZ,
};
const biz = PINTEREST_FAKE.clientBusiness[0];

let fake: PinterestFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startPinterestFake({ redirectUris: [REDIRECT] });
  const http = createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 });
  connector = createPinterestConnector({ appId: PINTEREST_FAKE.appId, appSecret: PINTEREST_FAKE.appSecret }, http);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

async function signIn(): Promise<string> {
  const V = "v".repeat(43);
  const { authorizationUrl } = connector.beginSignIn({
    state: "st",
    redirectUri: REDIRECT,
    serviceIds: ["pinterest_ads"],
    codeVerifier: V,
  });
  const back = new URL((await getNoFollow(authorizationUrl)).headers.get("location")!);
  return (
    await connector.handleCallback({
      code: back.searchParams.get("code")!,
      state: "st",
      redirectUri: REDIRECT,
      codeVerifier: V,
    })
  ).accessToken;
}

describe("Pinterest removal", () => {
  it("needs the client's token", () => {
    expect(connector.removalToken!("pinterest_ads")).toBe("client");
  });

  it("deletes the agency's partner access to each ad account and reads it back as gone", async () => {
    const token = await signIn();
    fake.alreadyShared(ACC1, "CAMPAIGN_MANAGER");
    fake.alreadyShared(ACC2, "ANALYST");
    fake.switches.refuse.add(ACC2);
    const out = await connector.removeAccess!({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC1, ACC2, ACC3],
      agencyAccount: agency,
    });
    expect(out).toEqual([
      { assetId: ACC1, removed: true, detail: null },
      { assetId: ACC2, removed: false, detail: "Only an admin of this ad account can change its partners." },
      { assetId: ACC3, removed: true, detail: null },
    ]);
    const del = fake.calls.find((c) => c.method === "DELETE")!;
    expect(del.path).toBe(`/v5/businesses/${biz}/partners/assets`);
    expect(del.body).toEqual({ accesses: [{ partner_id: AGENCY_BIZ, asset_id: ACC1, partner_type: "INTERNAL" }] });
    expect(fake.partnerAccess.has(`${AGENCY_BIZ}|${ACC1}`)).toBe(false);
    expect(fake.partnerAccess.has(`${AGENCY_BIZ}|${ACC2}`)).toBe(true);
    const read = await connector.verifyAccess!({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC1],
      agencyAccount: agency,
    });
    expect(read[0]!.present).toBe(false);
  });

  it("the fake refuses a removal without accesses, as Pinterest does", async () => {
    const token = await signIn();
    const res = await fetch(`${fake.hosts["api.pinterest.com"]}/v5/businesses/${biz}/partners/assets`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(res.status).toBe(400);
  });
});
