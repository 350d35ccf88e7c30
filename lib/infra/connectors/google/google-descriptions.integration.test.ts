// A Google grant never leaves the agency with less access than it had, against the fake: for
// every service with roles and every (held role, asked role) pair, what the agency's email
// holds afterwards includes both (GOOGLE_ROLE_ORDER, written down from Google's pages in
// google-api.ts), and a held role that includes the asked one is already granted with
// nothing written. And every request checked against Google's discovery documents.
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
import {
  GOOGLE_FAKE,
  GOOGLE_FAKE_ASSETS,
  startGoogleFake,
  type GoogleFake,
  type RecordedCall,
} from "@/test/support/fakes/google-fake";
import { describedCallErrors, loadDescription } from "@/test/support/platform-description";

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

// Every request the Google connector sends to a Google API (listing, every service's grant with
// every role, the raise of a weaker held role, read-back and removal), checked against the
// excerpts of Google's discovery documents and the Google Ads API's REST mapping in
// test/fixtures/platform-descriptions/google-discovery.json: the operation exists, required
// fields and parameters are there, enums, types and patterns hold.
const DISCOVERY = loadDescription("google-discovery.json");
const API_HOSTS = new Set([
  "analyticsadmin.googleapis.com",
  "tagmanager.googleapis.com",
  "googleads.googleapis.com",
  "merchantapi.googleapis.com",
  "mybusinessaccountmanagement.googleapis.com",
  "mybusinessbusinessinformation.googleapis.com",
]);

describe("Google requests against Google's discovery documents", () => {
  it("listing, every grant path with every role, read-back and removal send only what the documents allow", async () => {
    const recorded: RecordedCall[] = [];
    const oneClick = Object.keys(SERVICES).concat("google_ads_mcc");
    const agencyWithManager: AgencyAccountRef = {
      ...agency,
      platformAccountId: GOOGLE_FAKE.managerId,
      agencyAccessToken: "",
    };
    for (const serviceId of oneClick) {
      const assets = (GOOGLE_FAKE_ASSETS as Record<string, readonly string[]>)[serviceId]!;
      const roles = serviceId === "google_ads_mcc" ? { "": [] } : SERVICES[serviceId]!.asked;
      for (const role of Object.keys(roles)) {
        for (const had of serviceId === "google_ads_mcc" ? [null] : [null, ...SERVICES[serviceId]!.held]) {
          fake.reset();
          if (had) fake.hold(serviceId, assets[0]!, had);
          const token = fake.issueToken(GOOGLE_FAKE.clientEmail, scopesFor([serviceId]));
          const account =
            serviceId === "google_ads_mcc"
              ? {
                  ...agencyWithManager,
                  agencyAccessToken: fake.issueToken(GOOGLE_FAKE.agencyEmail, scopesFor(["google_ads"])),
                }
              : agency;
          await google.listAssets({ accessToken: token, serviceId });
          await google.grantAccess({
            accessToken: token,
            serviceId,
            assetIds: [assets[0]!],
            role: role || null,
            agencyAccount: account,
          });
          await google.removeAccess?.({
            accessToken: token,
            serviceId,
            assetIds: [assets[0]!],
            agencyAccount: account,
          });
          recorded.push(...fake.calls.filter((c) => API_HOSTS.has(c.host)));
        }
      }
    }
    const { checked, errors } = describedCallErrors(
      DISCOVERY,
      recorded.map((c) => ({ ...c, headers: {} })),
    );
    expect(errors).toEqual([]);
    for (const op of [
      "POST /v1alpha/properties/{property}/accessBindings",
      "PATCH /v1alpha/properties/{property}/accessBindings/{binding}",
      "POST /tagmanager/v2/accounts/{account}/user_permissions",
      "PUT /tagmanager/v2/accounts/{account}/user_permissions/{permission}",
      "POST /v26/customers/{customer}/customerUserAccessInvitations:mutate",
      "POST /v26/customers/{customer}/customerUserAccesses:mutate",
      "POST /v26/customers/{customer}/customerClientLinks:mutate",
      "POST /v26/customers/{customer}/customerManagerLinks:mutate",
      "POST /accounts/v1/accounts/{account}/users",
      "PATCH /accounts/v1/accounts/{account}/users/{email}",
      "POST /v1/locations/{location}/admins",
      "PATCH /v1/locations/{location}/admins/{admin}",
    ])
      expect(checked, op).toContain(op);
  });

  it("the documents catch a role Google does not have and a missing required field", () => {
    const call = (body: unknown) => ({
      host: "mybusinessaccountmanagement.googleapis.com",
      method: "POST",
      path: "/v1/locations/6001/admins",
      query: {},
      headers: {},
      body,
    });
    expect(describedCallErrors(DISCOVERY, [call({ admin: "a@b.test", role: "EDITOR" })]).errors[0]).toMatch(
      /body.role: "EDITOR" is not one of/,
    );
    expect(describedCallErrors(DISCOVERY, [call({ admin: "a@b.test" })]).errors[0]).toMatch(/body.role: required/);
  });
});
