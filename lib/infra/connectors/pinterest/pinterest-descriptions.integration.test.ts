// Every request the Pinterest connector sends, checked against Pinterest's OpenAPI
// description (pinterest/api-description, v5/openapi.json; the fragments in
// test/fixtures/platform-descriptions/pinterest-v5-openapi.json), and
// a Pinterest grant that never leaves the agency with less access than it had, against the fake,
// which overrides a partner's permissions on PATCH /partners/assets as Pinterest documents:
// for every (held permission, asked role) pair, the agency's permissions afterwards include
// both, and a held permission that includes the asked one is already granted with nothing written.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createPinterestConnector } from "@/lib/infra/connectors/pinterest/pinterest-connector";
import { PINTEREST_ROLE_MAP, PINTEREST_ROLE_ORDER } from "@/lib/infra/connectors/pinterest/pinterest-roles";
import { anyIncludes, roleIncludes } from "@/lib/infra/connectors/role-order";
import { signInThroughFake } from "@/test/support/fakes/fake-sign-in";
import { PINTEREST_FAKE, startPinterestFake, type PinterestFake } from "@/test/support/fakes/pinterest-fake";
import { describedCallErrors, loadDescription } from "@/test/support/platform-description";

const REDIRECT = "http://localhost:3999/api/access/callback";
const ACC1 = PINTEREST_FAKE.adAccounts[0]![0];
const AGENCY_BIZ = PINTEREST_FAKE.agencyBusiness;
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: AGENCY_BIZ,
  email: null,
  businessId: AGENCY_BIZ,
};
// Every ad-account permission of the `Permissions` enum a partner can already hold.
const HELD = ["ADMIN", "CAMPAIGN_MANAGER", "ANALYST", "FINANCE_MANAGER", "AUDIENCE_MANAGER"];

let fake: PinterestFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startPinterestFake({ redirectUris: [REDIRECT] });
  connector = createPinterestConnector(
    { appId: PINTEREST_FAKE.appId, appSecret: PINTEREST_FAKE.appSecret },
    createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 }),
  );
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const OPENAPI = loadDescription("pinterest-v5-openapi.json");
const [, ACC2] = PINTEREST_FAKE.adAccounts.map(([id]) => id);

describe("Pinterest requests against Pinterest's OpenAPI description", () => {
  it("sign-in, listing, the partner and invite grant paths, read-back and removal send only what the description allows", async () => {
    const token = await signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["pinterest_ads"] });
    await connector.listAssets({ accessToken: token, serviceId: "pinterest_ads" });
    // No partnership yet: the invite path.
    await connector.grantAccess({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC1, ACC2!],
      role: "analyst",
      agencyAccount: agency,
    });
    // A partner already: the PATCH path (with a held permission, so the union is sent).
    const invitePath = [...fake.calls];
    fake.reset();
    fake.alreadyShared(ACC1, "FINANCE_MANAGER");
    await connector.grantAccess({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC1],
      role: "campaign_manager",
      agencyAccount: agency,
    });
    await connector.verifyAccess!({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC1],
      agencyAccount: agency,
    });
    await connector.removeAccess!({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC1],
      agencyAccount: agency,
    });
    const { checked, errors } = describedCallErrors(OPENAPI, [...invitePath, ...fake.calls], {
      prefix: "/v5",
      only: (c) => c.path.startsWith("/v5/"),
    });
    expect(errors).toEqual([]);
    expect(checked).toContain("PATCH /businesses/{business_id}/partners/assets");
    expect(checked).toContain("POST /businesses/{business_id}/invites");
    expect(checked).toContain("POST /businesses/{business_id}/invites/assets/access");
  });

  it("the description catches a permission Pinterest does not have and an empty permissions list", () => {
    const call = (permissions: string[]) => ({
      host: "api.pinterest.com",
      method: "PATCH",
      path: `/v5/businesses/${PINTEREST_FAKE.clientBusiness[0]}/partners/assets`,
      query: {},
      headers: {},
      body: { accesses: [{ partner_id: AGENCY_BIZ, asset_id: ACC1, permissions }] },
    });
    expect(describedCallErrors(OPENAPI, [call(["OWNER"])], { prefix: "/v5" }).errors[0]).toMatch(
      /permissions\[0\]: "OWNER" is not one of/,
    );
    expect(describedCallErrors(OPENAPI, [call([])], { prefix: "/v5" }).errors[0]).toMatch(/fewer than 1 items/);
  });
});

describe("Pinterest: a grant never weakens the agency's access", () => {
  it("for every held permission and asked role, the permissions afterwards include both", async () => {
    const token = await signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["pinterest_ads"] });
    for (const held of HELD) {
      for (const [role, asked] of Object.entries(PINTEREST_ROLE_MAP.pinterest_ads!)) {
        fake.reset();
        fake.alreadyShared(ACC1, held);
        const { results } = await connector.grantAccess({
          accessToken: token,
          serviceId: "pinterest_ads",
          assetIds: [ACC1],
          role,
          agencyAccount: agency,
        });
        const after = fake.partnerAccess.get(`${AGENCY_BIZ}|${ACC1}`) ?? [];
        const pair = `${held} then ${asked}`;
        expect(results[0]?.ok, pair).toBe(true);
        expect(after, pair).toContain(held);
        expect(anyIncludes(PINTEREST_ROLE_ORDER, after, asked), pair).toBe(true);
        const writes = fake.calls.filter((c) => c.method === "PATCH");
        if (roleIncludes(PINTEREST_ROLE_ORDER, held, asked)) {
          expect(results[0]?.alreadyGranted, pair).toBe(true);
          expect(writes, pair).toHaveLength(0);
        } else {
          expect(
            writes.map((w) => w.body),
            pair,
          ).toEqual([{ accesses: [{ partner_id: AGENCY_BIZ, asset_id: ACC1, permissions: [held, asked] }] }]);
        }
      }
    }
  });
});
