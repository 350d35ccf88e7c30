// A Pinterest grant never leaves the agency with less access than it had, against the fake,
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

const REDIRECT = "http://localhost:3999/api/access/callback";
const ACC1 = PINTEREST_FAKE.adAccounts[0]![0];
const AGENCY_BIZ = PINTEREST_FAKE.agencyBusiness;
const agency: AgencyAccountRef = { internalAccountId: "acc-1", platformAccountId: AGENCY_BIZ, email: null, businessId: AGENCY_BIZ };
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

describe("Pinterest: a grant never weakens the agency's access", () => {
  it("for every held permission and asked role, the permissions afterwards include both", async () => {
    const token = await signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["pinterest_ads"] });
    for (const held of HELD) {
      for (const [role, asked] of Object.entries(PINTEREST_ROLE_MAP.pinterest_ads!)) {
        fake.reset();
        fake.alreadyShared(ACC1, held);
        const { results } = await connector.grantAccess({ accessToken: token, serviceId: "pinterest_ads", assetIds: [ACC1], role, agencyAccount: agency });
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
