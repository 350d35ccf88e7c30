// A Google grant never leaves the agency with less access than it had, against the fake: for
// every service with roles and every (held role, asked role) pair, what the agency's email
// holds afterwards includes both (GOOGLE_ROLE_ORDER, written down from Google's pages in
// google-api.ts), and a held role that includes the asked one is already granted with
// nothing written.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import {
  ADS_ACCESS_ROLES,
  ANALYTICS_ROLES,
  BUSINESS_PROFILE_ROLES,
  GOOGLE_ROLE_ORDER,
  MERCHANT_ACCESS_RIGHTS,
  TAG_MANAGER_PERMISSION_ORDER,
  scopesFor,
} from "@/lib/infra/connectors/google/google-api";
import { anyIncludes } from "@/lib/infra/connectors/role-order";
import { GOOGLE_FAKE, GOOGLE_FAKE_ASSETS, startGoogleFake, type GoogleFake } from "@/test/support/fakes/google-fake";

let fake: GoogleFake;
let google: PlatformConnector;

beforeAll(async () => {
  fake = await startGoogleFake();
  const env = {
    GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
    sandboxPlatformList: [],
    platformHostOverrides: parseHostOverrides(fake.overrides),
  } as ConnectorEnv;
  google = getConnector("google", {
    env,
    http: createConnectorHttp({ overrides: env.platformHostOverrides, sleep: async () => {}, baseDelayMs: 1 }),
  });
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const agency: AgencyAccountRef = {
  internalAccountId: "acc_1",
  platformAccountId: null,
  email: GOOGLE_FAKE.agencyEmail,
  businessId: null,
};

/** Per service: each catalog role with what it asks in the API's values, and what the agency may hold. */
const SERVICES: Record<string, { asked: Record<string, string[]>; held: string[][] }> = {
  google_analytics: {
    asked: Object.fromEntries(Object.entries(ANALYTICS_ROLES).map(([k, v]) => [k, [v]])),
    held: [
      ...Object.values(ANALYTICS_ROLES).map((r) => [r]),
      // A data restriction the agency's binding carries: kept through a raise.
      ["predefinedRoles/viewer", "predefinedRoles/no-cost-data"],
    ],
  },
  google_tag_manager: {
    asked: Object.fromEntries(TAG_MANAGER_PERMISSION_ORDER.map((p) => [p, [p]])),
    held: TAG_MANAGER_PERMISSION_ORDER.map((p) => [p]),
  },
  google_merchant_center: {
    asked: Object.fromEntries(Object.entries(MERCHANT_ACCESS_RIGHTS).map(([k, v]) => [k, [...v]])),
    held: [["ADMIN"], ["STANDARD"], ["READ_ONLY"], ["PERFORMANCE_REPORTING"], ["STANDARD", "PERFORMANCE_REPORTING"]],
  },
  google_ads: {
    asked: Object.fromEntries(Object.entries(ADS_ACCESS_ROLES).map(([k, v]) => [k, [v]])),
    held: Object.values(ADS_ACCESS_ROLES).map((r) => [r]),
  },
  google_business_profile: {
    asked: Object.fromEntries(Object.entries(BUSINESS_PROFILE_ROLES).map(([k, v]) => [k, [v]])),
    held: [["OWNER"], ["MANAGER"]],
  },
};

describe("Google: a grant never weakens the agency's access", () => {
  for (const [serviceId, { asked: roles, held: helds }] of Object.entries(SERVICES)) {
    it(`${serviceId}: for every held and asked role, what the agency holds afterwards includes both`, async () => {
      const order = GOOGLE_ROLE_ORDER[serviceId]!;
      const assetId = (GOOGLE_FAKE_ASSETS as Record<string, readonly string[]>)[serviceId]![0]!;
      for (const had of helds) {
        for (const [role, asked] of Object.entries(roles)) {
          fake.reset();
          fake.hold(serviceId, assetId, had);
          const token = fake.issueToken(GOOGLE_FAKE.clientEmail, scopesFor([serviceId]));
          const { results } = await google.grantAccess({
            accessToken: token,
            serviceId,
            assetIds: [assetId],
            role,
            agencyAccount: agency,
          });
          const after = fake.held(serviceId, assetId);
          const pair = `${had.join("+")} then ${role}`;
          expect(results[0]?.ok, pair).toBe(true);
          for (const r of [...had, ...asked]) expect(anyIncludes(order, after, r), `${pair}: now ${after}`).toBe(true);
          const writes = fake.calls.filter((c) => c.method !== "GET" && !c.path.endsWith(":search"));
          if (asked.every((r) => anyIncludes(order, had, r))) {
            expect(results[0]?.alreadyGranted, pair).toBe(true);
            // The create that Google refuses as ALREADY_EXISTS writes nothing; no update follows.
            expect(
              writes.filter((c) => c.method !== "POST"),
              pair,
            ).toEqual([]);
          }
          expect(results[0]?.verified, pair).toBe(true);
        }
      }
    });
  }
});
