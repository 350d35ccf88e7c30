// The LinkedIn connector over real HTTP against the LinkedIn contract fake: sign-in with
// the services' scopes, listing, every role of both services, partial failure, already
// granted, an expired token, a rate limit then success, a LinkedIn 5xx, read-back, the
// agency-side identity; then one client-page journey through the app's routes with the
// real connector (no sandbox).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConnectorError, type AgencyAccountRef, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createLinkedInConnector } from "@/lib/infra/connectors/linkedin/linkedin-connector";
import { getNoFollow } from "@/test/support/access-fixtures";
import { signInThroughFake } from "@/test/support/fakes/fake-sign-in";
import {
  expectGrantRecorded,
  seedConnectorRequest,
  useRealConnectorApp,
  walkClientGrant,
} from "@/test/support/connector-journey";
import { LINKEDIN_FAKE, startLinkedInFake, type LinkedInFake } from "@/test/support/fakes/linkedin-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
const [ACC1, ACC2, ACC3] = LINKEDIN_FAKE.adAccounts.map(([id]) => id) as [string, string, string];
const [ORG1, ORG2] = LINKEDIN_FAKE.organizations.map(([id]) => id) as [string, string];
const MEMBER = LINKEDIN_FAKE.agencyMember;
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: MEMBER,
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

const V = "v".repeat(43);
const signIn = (serviceIds: string[] = ["linkedin_ads", "linkedin_page"]) =>
  signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds });
const kindOf = async (p: Promise<unknown>) =>
  p.then(
    () => "none",
    (e: unknown) => (e instanceof ConnectorError ? e.kind : `other: ${String(e)}`),
  );
const calls = (method: string, prefix: string) =>
  fake.calls.filter((c) => c.method === method && c.path.startsWith(prefix));

describe("LinkedIn sign-in", () => {
  it("asks for the scopes of the requested services and exchanges the code with the same redirect_uri", async () => {
    const ads = new URL(
      connector.beginSignIn({ state: "st", redirectUri: REDIRECT, serviceIds: ["linkedin_ads"], codeVerifier: V })
        .authorizationUrl,
    );
    expect(ads.origin).toBe(fake.hosts["www.linkedin.com"]);
    expect(ads.pathname).toBe("/oauth/v2/authorization");
    expect(Object.fromEntries(ads.searchParams)).toEqual({
      response_type: "code",
      client_id: LINKEDIN_FAKE.clientId,
      redirect_uri: REDIRECT,
      state: "st",
      scope: "rw_ads",
    });
    const page = new URL(
      connector.beginSignIn({ state: "st", redirectUri: REDIRECT, serviceIds: ["linkedin_page"], codeVerifier: V })
        .authorizationUrl,
    );
    expect(page.searchParams.get("scope")).toBe("rw_organization_admin");
    const agencySide = new URL(
      connector.beginSignIn({ state: "st", redirectUri: REDIRECT, serviceIds: [], codeVerifier: V }).authorizationUrl,
    );
    expect(agencySide.searchParams.get("scope")).toBe("openid profile email");

    const back = new URL((await getNoFollow(ads.toString())).headers.get("location")!);
    expect(back.searchParams.get("state")).toBe("st");
    const code = back.searchParams.get("code")!;
    // Another redirect_uri than the authorization's is refused by LinkedIn.
    expect(
      await kindOf(
        connector.handleCallback({ code, state: "st", redirectUri: "http://localhost:3999/other", codeVerifier: V }),
      ),
    ).toBe("invalid_state");
    const fresh = new URL((await getNoFollow(ads.toString())).headers.get("location")!).searchParams.get("code")!;
    const tokens = await connector.handleCallback({ code: fresh, state: "st", redirectUri: REDIRECT, codeVerifier: V });
    expect(tokens.accessToken).toMatch(/^li-token-/);
    expect(tokens.expiresAt).toBeInstanceOf(Date);
    expect(calls("POST", "/oauth/v2/accessToken").at(-1)!.body).toEqual({
      grant_type: "authorization_code",
      code: fresh,
      client_id: LINKEDIN_FAKE.clientId,
      client_secret: LINKEDIN_FAKE.clientSecret,
      redirect_uri: REDIRECT,
    });
    // The code is single-use.
    expect(
      await kindOf(connector.handleCallback({ code: fresh, state: "st", redirectUri: REDIRECT, codeVerifier: V })),
    ).toBe("invalid_state");
  });
});

describe("LinkedIn listing", () => {
  it("lists ad accounts and administered Pages with the version and Rest.li headers", async () => {
    const token = await signIn();
    // The account where the client is only a VIEWER is listed, not shareable.
    expect(await connector.listAssets({ accessToken: token, serviceId: "linkedin_ads" })).toEqual(
      LINKEDIN_FAKE.adAccounts.map(([id, name]) =>
        LINKEDIN_FAKE.clientAdRoles[id] === "VIEWER" ? { id, name, notGrantable: "needs_account_admin" } : { id, name },
      ),
    );
    expect(await connector.listAssets({ accessToken: token, serviceId: "linkedin_page" })).toEqual(
      LINKEDIN_FAKE.organizations.map(([id, name]) => ({ id, name })),
    );
    const rest = calls("GET", "/rest/");
    expect(rest.length).toBeGreaterThan(0);
    expect(
      rest.every(
        (c) =>
          c.headers["linkedin-version"] === "202605" &&
          c.headers["x-restli-protocol-version"] === "2.0.0" &&
          c.headers.authorization === `Bearer ${token}`,
      ),
    ).toBe(true);
  });

  it("a token without the service's scope cannot list (the fake checks scopes)", async () => {
    const token = await signIn(["linkedin_page"]);
    expect(await kindOf(connector.listAssets({ accessToken: token, serviceId: "linkedin_ads" }))).toBe(
      "platform_error",
    );
  });
});

describe("LinkedIn grants", () => {
  it("adds the agency member to ad accounts under every role, verified by reading back", async () => {
    const token = await signIn();
    for (const [role, liRole] of [
      ["account_manager", "ACCOUNT_MANAGER"],
      ["campaign_manager", "CAMPAIGN_MANAGER"],
      ["creative_manager", "CREATIVE_MANAGER"],
      ["viewer", "VIEWER"],
    ] as const) {
      fake.adUsers.get(ACC1)?.delete(MEMBER);
      const { results } = await connector.grantAccess({
        accessToken: token,
        serviceId: "linkedin_ads",
        assetIds: [ACC1],
        role,
        agencyAccount: agency,
      });
      expect(results).toEqual([{ assetId: ACC1, ok: true, error: null, verified: true }]);
      expect(fake.adUsers.get(ACC1)!.get(MEMBER)).toBe(liRole);
      const put = calls("PUT", "/rest/adAccountUsers/").at(-1)!;
      expect(put.path).toBe(
        `/rest/adAccountUsers/(account:urn%3Ali%3AsponsoredAccount%3A${ACC1},user:urn%3Ali%3Aperson%3AAgencyP3rson)`,
      );
      expect(put.body).toEqual({ account: `urn:li:sponsoredAccount:${ACC1}`, user: MEMBER, role: liRole });
    }
  });

  it("gives the agency member Page roles: super admin, content admin, analyst", async () => {
    const token = await signIn();
    for (const [role, liRole] of [
      ["super_admin", "ADMINISTRATOR"],
      ["content_admin", "CONTENT_ADMINISTRATOR"],
      ["analyst", "ANALYST"],
    ] as const) {
      fake.orgAcls.clear();
      const { results } = await connector.grantAccess({
        accessToken: token,
        serviceId: "linkedin_page",
        assetIds: [ORG1],
        role,
        agencyAccount: agency,
      });
      expect(results).toEqual([{ assetId: ORG1, ok: true, error: null, verified: true }]);
      expect(fake.orgAcls.has(`${ORG1}|${liRole}|${MEMBER}`)).toBe(true);
      expect(calls("PUT", "/rest/organizationAcls/").at(-1)!.body).toEqual({
        roleAssignee: MEMBER,
        role: liRole,
        organization: `urn:li:organization:${ORG1}`,
        state: "APPROVED",
      });
    }
  });

  it("partial failure: a refused ad account fails alone with LinkedIn's reason", async () => {
    const token = await signIn();
    fake.switches.refuse.add(ACC2);
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "linkedin_ads",
      assetIds: [ACC1, ACC2, ACC3],
      role: "viewer",
      agencyAccount: agency,
    });
    expect(results.map((r) => [r.assetId, r.ok])).toEqual([
      [ACC1, true],
      [ACC2, false],
      [ACC3, true],
    ]);
    expect(results[1]).toEqual({
      assetId: ACC2,
      ok: false,
      error: `LinkedIn refused access to ${ACC2}: You need the Account Manager role to manage users of this ad account.`,
      errorKind: "platform_error",
    });
    const unknown = await connector.grantAccess({
      accessToken: token,
      serviceId: "linkedin_page",
      assetIds: ["999999"],
      role: "analyst",
      agencyAccount: agency,
    });
    expect(unknown.results[0]).toMatchObject({ assetId: "999999", ok: false, errorKind: "platform_error" });
  });

  it("already granted with the same role counts as granted without a PUT", async () => {
    const token = await signIn();
    fake.alreadyGranted("linkedin_ads", ACC1, "CAMPAIGN_MANAGER");
    fake.alreadyGranted("linkedin_page", ORG2, "ANALYST");
    const ads = await connector.grantAccess({
      accessToken: token,
      serviceId: "linkedin_ads",
      assetIds: [ACC1],
      role: "campaign_manager",
      agencyAccount: agency,
    });
    const page = await connector.grantAccess({
      accessToken: token,
      serviceId: "linkedin_page",
      assetIds: [ORG2],
      role: "analyst",
      agencyAccount: agency,
    });
    expect(ads.results).toEqual([{ assetId: ACC1, ok: true, error: null, alreadyGranted: true, verified: true }]);
    expect(page.results).toEqual([{ assetId: ORG2, ok: true, error: null, alreadyGranted: true, verified: true }]);
    expect(calls("PUT", "/rest/")).toHaveLength(0);
  });

  it("an expired token fails the whole attempt with reauth", async () => {
    const token = await signIn();
    fake.switches.expiredToken = true;
    expect(
      await kindOf(
        connector.grantAccess({
          accessToken: token,
          serviceId: "linkedin_ads",
          assetIds: [ACC1, ACC2],
          role: "viewer",
          agencyAccount: agency,
        }),
      ),
    ).toBe("reauth");
    expect(await kindOf(connector.listAssets({ accessToken: token, serviceId: "linkedin_page" }))).toBe("reauth");
  });

  it("a 429 answered once is retried and the grant succeeds", async () => {
    const token = await signIn();
    fake.switches.rateLimitOnce = true;
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "linkedin_page",
      assetIds: [ORG1],
      role: "content_admin",
      agencyAccount: agency,
    });
    expect(results).toEqual([{ assetId: ORG1, ok: true, error: null, verified: true }]);
    // The first read was throttled, then repeated.
    expect(calls("GET", "/rest/organizationAcls")).toHaveLength(3);
  });

  it("a LinkedIn 5xx on the grant is retried, then fails that asset as the platform's outage", async () => {
    const token = await signIn();
    fake.switches.serverError = true;
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "linkedin_ads",
      assetIds: [ACC3],
      role: "viewer",
      agencyAccount: agency,
    });
    expect(results).toEqual([
      { assetId: ACC3, ok: false, error: expect.stringContaining("500") as string, errorKind: "platform_unavailable" },
    ]);
    expect(calls("PUT", "/rest/adAccountUsers/")).toHaveLength(4);
  });

  it("refuses to grant when the agency has no member URN", async () => {
    const token = await signIn();
    expect(
      await kindOf(
        connector.grantAccess({
          accessToken: token,
          serviceId: "linkedin_ads",
          assetIds: [ACC1],
          role: "viewer",
          agencyAccount: { ...agency, platformAccountId: null },
        }),
      ),
    ).toBe("platform_error");
  });

  it("reads grants back, and gives the agency-side identity as the member URN", async () => {
    const token = await signIn();
    await connector.grantAccess({
      accessToken: token,
      serviceId: "linkedin_ads",
      assetIds: [ACC1],
      role: "viewer",
      agencyAccount: agency,
    });
    expect(
      await connector.verifyAccess!({
        accessToken: token,
        serviceId: "linkedin_ads",
        assetIds: [ACC1, ACC2],
        agencyAccount: agency,
      }),
    ).toEqual([
      { assetId: ACC1, present: true, detail: "VIEWER" },
      { assetId: ACC2, present: false, detail: null },
    ]);
    const agencyToken = await signIn([]);
    expect(await connector.listAgencyIdentities!({ accessToken: agencyToken })).toEqual([
      {
        displayName: "Ana Client",
        email: "ana@client.test",
        platformAccountId: `urn:li:person:${LINKEDIN_FAKE.member.sub}`,
        businessId: null,
        businessName: null,
      },
    ]);
  });
});

describe("the client page with the real LinkedIn connector", () => {
  const app = useRealConnectorApp(() => ({
    LINKEDIN_CLIENT_ID: LINKEDIN_FAKE.clientId,
    LINKEDIN_CLIENT_SECRET: LINKEDIN_FAKE.clientSecret,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  }));

  it("a partly refused Page grant: granted Page recorded, the refusal shown, attempt event partial_success", async () => {
    const { requestId, token } = await seedConnectorRequest(
      "linkedin",
      { email: "linkedin@agency.test", platformAccountId: MEMBER },
      { linkedin_page: { accessLevel: "content_admin" } },
    );
    fake.switches.refuse.add(ORG2);
    const { consentUrl } = await walkClientGrant({
      base: app.base,
      token,
      serviceId: "linkedin_page",
      consentOrigin: fake.hosts["www.linkedin.com"]!,
      assets: [ORG1, ORG2],
    });
    expect(consentUrl.searchParams.get("scope")).toBe("rw_organization_admin");
    expect(fake.orgAcls.has(`${ORG1}|CONTENT_ADMINISTRATOR|${MEMBER}`)).toBe(true);
    await expectGrantRecorded(requestId, "linkedin_page", {
      grantedAssets: [{ id: ORG1, name: "Acme Inc", accessLevel: "content_admin" }],
      platform: "linkedin",
      outcome: "partial_success",
      errors: [`LinkedIn refused access to ${ORG2}: Only a super admin of this Page can assign Page roles.`],
    });
  });
});
