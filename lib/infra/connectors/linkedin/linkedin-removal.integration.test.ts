// LinkedIn offboarding over real HTTP against the contract fake: "Delete Ad Account User" on
// the agency member's key with the client's token, the read-back answering 404 afterwards,
// an agency already gone counted as removed, a refusal reported for its account, Pages left
// to the checklist without a call, and the fake refusing an unencoded key as LinkedIn does.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createLinkedInConnector } from "@/lib/infra/connectors/linkedin/linkedin-connector";
import { LINKEDIN_VERSION } from "@/lib/infra/connectors/linkedin/linkedin-api";
import { getNoFollow } from "@/test/support/access-fixtures";
import { LINKEDIN_FAKE, startLinkedInFake, type LinkedInFake } from "@/test/support/fakes/linkedin-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
const [ACC1, ACC2, ACC3] = LINKEDIN_FAKE.adAccounts.map(([id]) => id) as [string, string, string];
const [ORG1] = LINKEDIN_FAKE.organizations.map(([id]) => id) as [string];
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: LINKEDIN_FAKE.agencyMember,
  email: "linkedin@agency.test",
  businessId: null,
};

let fake: LinkedInFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startLinkedInFake({ redirectUris: [REDIRECT] });
  const http = createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 });
  connector = createLinkedInConnector(
    { clientId: LINKEDIN_FAKE.clientId, clientSecret: LINKEDIN_FAKE.clientSecret },
    http,
  );
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

async function signIn(): Promise<string> {
  const V = "v".repeat(43);
  const { authorizationUrl } = connector.beginSignIn({
    state: "st",
    redirectUri: REDIRECT,
    serviceIds: ["linkedin_ads", "linkedin_page"],
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

describe("LinkedIn removal", () => {
  it("ad accounts need the client's token; Pages have no removal call here", () => {
    expect(connector.removalToken!("linkedin_ads")).toBe("client");
    expect(connector.removalToken!("linkedin_page")).toBeNull();
  });

  it("deletes the agency member from ad accounts and reads it back as gone", async () => {
    const token = await signIn();
    fake.alreadyGranted("linkedin_ads", ACC1, "CAMPAIGN_MANAGER");
    fake.alreadyGranted("linkedin_ads", ACC2, "VIEWER");
    fake.switches.refuse.add(ACC2);
    const out = await connector.removeAccess!({
      accessToken: token,
      serviceId: "linkedin_ads",
      assetIds: [ACC1, ACC2, ACC3],
      agencyAccount: agency,
    });
    expect(out[0]).toEqual({ assetId: ACC1, removed: true, detail: null });
    expect(out[1]).toEqual({
      assetId: ACC2,
      removed: false,
      detail: "You need the Account Manager role to manage users of this ad account.",
    });
    expect(out[2]).toEqual({ assetId: ACC3, removed: true, detail: null });
    const del = fake.calls.filter((c) => c.method === "DELETE");
    expect(del[0]!.path).toBe(
      `/rest/adAccountUsers/(account:${encodeURIComponent(`urn:li:sponsoredAccount:${ACC1}`)},user:${encodeURIComponent(LINKEDIN_FAKE.agencyMember)})`,
    );
    expect(fake.adUsers.get(ACC1)?.has(LINKEDIN_FAKE.agencyMember) ?? false).toBe(false);
    expect(fake.adUsers.get(ACC2)!.has(LINKEDIN_FAKE.agencyMember)).toBe(true);
    const read = await connector.verifyAccess!({
      accessToken: token,
      serviceId: "linkedin_ads",
      assetIds: [ACC1],
      agencyAccount: agency,
    });
    expect(read[0]!.present).toBe(false);
  });

  it("Pages are left to the checklist without a call", async () => {
    const token = await signIn();
    const out = await connector.removeAccess!({
      accessToken: token,
      serviceId: "linkedin_page",
      assetIds: [ORG1],
      agencyAccount: agency,
    });
    expect(out[0]!.removed).toBe(false);
    expect(fake.calls.filter((c) => c.method === "DELETE")).toHaveLength(0);
  });

  it("the fake refuses a key whose URNs are not encoded, as LinkedIn does", async () => {
    const token = await signIn();
    const res = await fetch(
      `${fake.hosts["api.linkedin.com"]}/rest/adAccountUsers/(account:urn:li:sponsoredAccount:${ACC1},user:${LINKEDIN_FAKE.agencyMember})`,
      {
        method: "DELETE",
        headers: {
          authorization: `Bearer ${token}`,
          "LinkedIn-Version": LINKEDIN_VERSION,
          "X-Restli-Protocol-Version": "2.0.0",
        },
      },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("URNs in a Rest.li 2.0 key must be URL-encoded");
  });
});
