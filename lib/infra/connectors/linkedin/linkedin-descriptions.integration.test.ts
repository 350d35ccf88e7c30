// Every request the LinkedIn connector sends, checked against the field lists written down
// from LinkedIn's documentation pages (LinkedIn publishes no machine-readable description;
// test/fixtures/platform-descriptions/linkedin-documented-fields.json names the page of
// each operation), and a grant that never weakens the agency's access: for every (held
// role, asked role) pair of each service, the agency's roles afterwards include both.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createLinkedInConnector } from "@/lib/infra/connectors/linkedin/linkedin-connector";
import { LINKEDIN_ROLE_MAP, LINKEDIN_ROLE_ORDER } from "@/lib/infra/connectors/linkedin/linkedin-roles";
import { anyIncludes, roleIncludes } from "@/lib/infra/connectors/role-order";
import { signInThroughFake } from "@/test/support/fakes/fake-sign-in";
import { LINKEDIN_FAKE, startLinkedInFake, type LinkedInFake } from "@/test/support/fakes/linkedin-fake";
import { describedCallErrors, loadDescription } from "@/test/support/platform-description";

const REDIRECT = "http://localhost:3999/api/access/callback";
const ACC1 = LINKEDIN_FAKE.adAccounts[0]![0];
const ORG1 = LINKEDIN_FAKE.organizations[0]![0];
const MEMBER = LINKEDIN_FAKE.agencyMember;
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: MEMBER,
  email: "linkedin@agency.test",
  businessId: null,
};
const FIELDS = loadDescription("linkedin-documented-fields.json");

let fake: LinkedInFake;
let connector: PlatformConnector;
let token: string;

beforeAll(async () => {
  fake = await startLinkedInFake({ redirectUris: [REDIRECT] });
  connector = createLinkedInConnector(
    { clientId: LINKEDIN_FAKE.clientId, clientSecret: LINKEDIN_FAKE.clientSecret },
    createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 }),
  );
});
afterAll(async () => fake?.close());
beforeEach(async () => {
  fake.reset();
  token = await signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["linkedin_ads", "linkedin_page"] });
});

const grant = (serviceId: string, assetIds: string[], role: string) =>
  connector.grantAccess({ accessToken: token, serviceId, assetIds, role, agencyAccount: agency });

describe("LinkedIn requests against the documented field lists", () => {
  it("sign-in, listing, every grant, read-back and removal send only documented fields and values", async () => {
    await connector.listAssets({ accessToken: token, serviceId: "linkedin_ads" });
    await connector.listAssets({ accessToken: token, serviceId: "linkedin_page" });
    for (const role of Object.keys(LINKEDIN_ROLE_MAP.linkedin_ads!)) await grant("linkedin_ads", [ACC1], role);
    for (const role of Object.keys(LINKEDIN_ROLE_MAP.linkedin_page!)) await grant("linkedin_page", [ORG1], role);
    await connector.verifyAccess!({
      accessToken: token,
      serviceId: "linkedin_ads",
      assetIds: [ACC1],
      agencyAccount: agency,
    });
    await connector.verifyAccess!({
      accessToken: token,
      serviceId: "linkedin_page",
      assetIds: [ORG1],
      agencyAccount: agency,
    });
    await connector.removeAccess!({
      accessToken: token,
      serviceId: "linkedin_ads",
      assetIds: [ACC1],
      agencyAccount: agency,
    });
    const { checked, errors } = describedCallErrors(FIELDS, fake.calls);
    expect(errors).toEqual([]);
    for (const op of [
      "POST /oauth/v2/accessToken",
      "PUT /rest/adAccountUsers/{key}",
      "PUT /rest/organizationAcls/{key}",
      "GET /rest/adAccountUsers",
    ])
      expect(checked).toContain(op);
  });
});

describe("LinkedIn: a grant never weakens the agency's access", () => {
  it("ad accounts (one role, replaced by the PUT): for every held and asked role, the role afterwards includes both", async () => {
    const order = LINKEDIN_ROLE_ORDER.linkedin_ads!;
    // Every documented ad account role may already be held, billing admin included.
    for (const held of order[0]!) {
      for (const [role, asked] of Object.entries(LINKEDIN_ROLE_MAP.linkedin_ads!)) {
        fake.reset();
        token = await signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["linkedin_ads"] });
        fake.alreadyGranted("linkedin_ads", ACC1, held);
        const { results } = await grant("linkedin_ads", [ACC1], role);
        const after = fake.adUsers.get(ACC1)!.get(MEMBER)!;
        const pair = `${held} then ${asked}`;
        expect(results[0], pair).toMatchObject({ ok: true, verified: true });
        expect(roleIncludes(order, after, held) && roleIncludes(order, after, asked), `${pair}: now ${after}`).toBe(
          true,
        );
        const puts = fake.calls.filter((c) => c.method === "PUT");
        expect(puts.length, pair).toBe(roleIncludes(order, held, asked) ? 0 : 1);
      }
    }
  });

  it("Pages (roles side by side): for every held and asked role, the roles afterwards include both", async () => {
    const order = LINKEDIN_ROLE_ORDER.linkedin_page!;
    for (const held of order[0]!) {
      for (const [role, asked] of Object.entries(LINKEDIN_ROLE_MAP.linkedin_page!)) {
        fake.reset();
        token = await signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["linkedin_page"] });
        fake.alreadyGranted("linkedin_page", ORG1, held);
        const { results } = await grant("linkedin_page", [ORG1], role);
        const after = [...fake.orgAcls]
          .filter((k) => k.startsWith(`${ORG1}|`) && k.endsWith(`|${MEMBER}`))
          .map((k) => k.split("|")[1]!);
        const pair = `${held} then ${asked}`;
        expect(results[0], pair).toMatchObject({ ok: true, verified: true });
        expect(
          anyIncludes(order, after, held) && anyIncludes(order, after, asked),
          `${pair}: now ${after.join(",")}`,
        ).toBe(true);
        expect(fake.calls.filter((c) => c.method === "PUT").length, pair).toBe(
          roleIncludes(order, held, asked) ? 0 : 1,
        );
      }
    }
  });
});
