// The Pinterest connector over real HTTP against the Pinterest contract fake: sign-in with
// the service's scopes, listing, every permission, partner invite when there is no
// partnership yet, partial failure, already shared, an expired token, a rate limit then
// success, a Pinterest 5xx, read-back, the agency-side identity; then one client-page
// journey through the app's routes with the real connector (no sandbox).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConnectorError, type AgencyAccountRef, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { PINTEREST_ACCEPT_URL } from "@/lib/infra/connectors/pinterest/pinterest-grants";
import { createPinterestConnector } from "@/lib/infra/connectors/pinterest/pinterest-connector";
import { getNoFollow } from "@/test/support/access-fixtures";
import { signInThroughFake } from "@/test/support/fakes/fake-sign-in";
import {
  expectGrantRecorded,
  seedConnectorRequest,
  useRealConnectorApp,
  walkClientGrant,
} from "@/test/support/connector-journey";
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

let fake: PinterestFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startPinterestFake({ redirectUris: [REDIRECT] });
  const http = createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 });
  connector = createPinterestConnector({ appId: PINTEREST_FAKE.appId, appSecret: PINTEREST_FAKE.appSecret }, http);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const V = "v".repeat(43);
const signIn = (serviceIds: string[] = ["pinterest_ads"]) =>
  signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds });
const kindOf = async (p: Promise<unknown>) =>
  p.then(
    () => "none",
    (e: unknown) => (e instanceof ConnectorError ? e.kind : `other: ${String(e)}`),
  );
const calls = (method: string, path: string) => fake.calls.filter((c) => c.method === method && c.path === path);
const biz = PINTEREST_FAKE.clientBusiness[0];

describe("Pinterest sign-in", () => {
  it("asks for the service's scopes and exchanges the code with Basic client authentication and the same redirect_uri", async () => {
    const url = new URL(
      connector.beginSignIn({ state: "st", redirectUri: REDIRECT, serviceIds: ["pinterest_ads"], codeVerifier: V })
        .authorizationUrl,
    );
    expect(url.origin).toBe(fake.hosts["www.pinterest.com"]);
    expect(url.pathname).toBe("/oauth/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: PINTEREST_FAKE.appId,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "ads:read,biz_access:read,biz_access:write",
      state: "st",
    });
    const agencySide = new URL(
      connector.beginSignIn({ state: "st", redirectUri: REDIRECT, serviceIds: [], codeVerifier: V }).authorizationUrl,
    );
    expect(agencySide.searchParams.get("scope")).toBe("user_accounts:read,biz_access:read,biz_access:write");

    const code = new URL((await getNoFollow(url.toString())).headers.get("location")!).searchParams.get("code")!;
    expect(
      await kindOf(
        connector.handleCallback({ code, state: "st", redirectUri: "http://localhost:3999/other", codeVerifier: V }),
      ),
    ).toBe("invalid_state");
    const fresh = new URL((await getNoFollow(url.toString())).headers.get("location")!).searchParams.get("code")!;
    const tokens = await connector.handleCallback({ code: fresh, state: "st", redirectUri: REDIRECT, codeVerifier: V });
    expect(tokens.accessToken).toMatch(/^pina_/);
    expect(tokens.refreshToken).toMatch(/^pinr_/);
    expect(tokens.expiresAt).toBeInstanceOf(Date);
    const exchange = calls("POST", "/v5/oauth/token").at(-1)!;
    expect(exchange.body).toEqual({ grant_type: "authorization_code", code: fresh, redirect_uri: REDIRECT });
    expect(exchange.headers.authorization).toBe(
      `Basic ${Buffer.from(`${PINTEREST_FAKE.appId}:${PINTEREST_FAKE.appSecret}`).toString("base64")}`,
    );
    expect(
      await kindOf(connector.handleCallback({ code: fresh, state: "st", redirectUri: REDIRECT, codeVerifier: V })),
    ).toBe("invalid_state");
  });
});

describe("Pinterest listing", () => {
  it("lists the ad accounts of the businesses the user administers, with their names", async () => {
    const token = await signIn();
    expect(await connector.listAssets({ accessToken: token, serviceId: "pinterest_ads" })).toEqual(
      PINTEREST_FAKE.adAccounts.map(([id, name]) => ({ id, name })),
    );
    // The business where the user is only an employee is not read.
    expect(fake.calls.some((c) => c.path.includes(PINTEREST_FAKE.otherBusiness))).toBe(false);
  });

  it("a token without the business scopes cannot list", async () => {
    const token = await signIn([]);
    expect(await kindOf(connector.listAssets({ accessToken: token, serviceId: "pinterest_ads" }))).toBe(
      "platform_error",
    );
  });
});

describe("Pinterest grants", () => {
  it("with an existing partnership, assigns every permission and reads it back", async () => {
    const token = await signIn();
    fake.partners.add(AGENCY_BIZ);
    for (const [role, perm] of [
      ["admin", "ADMIN"],
      ["campaign_manager", "CAMPAIGN_MANAGER"],
      ["analyst", "ANALYST"],
    ] as const) {
      fake.partnerAccess.delete(`${AGENCY_BIZ}|${ACC1}`);
      const { results } = await connector.grantAccess({
        accessToken: token,
        serviceId: "pinterest_ads",
        assetIds: [ACC1],
        role,
        agencyAccount: agency,
      });
      expect(results).toEqual([{ assetId: ACC1, ok: true, error: null, verified: true }]);
      expect(fake.partnerAccess.get(`${AGENCY_BIZ}|${ACC1}`)).toEqual([perm]);
      expect(calls("PATCH", `/v5/businesses/${biz}/partners/assets`).at(-1)!.body).toEqual({
        accesses: [{ partner_id: AGENCY_BIZ, asset_id: ACC1, permissions: [perm] }],
      });
    }
    expect(calls("POST", `/v5/businesses/${biz}/invites`)).toHaveLength(0);
  });

  it("without a partnership, sends one partner invite carrying the ad accounts' permission (not verifiable until accepted)", async () => {
    const token = await signIn();
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC1, ACC2],
      role: "campaign_manager",
      agencyAccount: agency,
    });
    // an invite the agency must accept: its id is kept to read its status and accept it
    const invitation = {
      sentTo: `Pinterest business ${AGENCY_BIZ}`,
      acceptUrl: PINTEREST_ACCEPT_URL,
      status: "pending",
      ref: [...fake.invites.keys()][0],
    };
    expect(results).toEqual([
      { assetId: ACC1, ok: true, error: null, verified: null, invitation },
      { assetId: ACC2, ok: true, error: null, verified: null, invitation },
    ]);
    expect(calls("POST", `/v5/businesses/${biz}/invites`)).toHaveLength(1);
    expect(calls("POST", `/v5/businesses/${biz}/invites`)[0]!.body).toEqual({
      business_role: "PARTNER",
      invite_type: "PARTNER_INVITE",
      partners: [AGENCY_BIZ],
    });
    expect([...fake.invites.values()]).toEqual([
      { partner: AGENCY_BIZ, assets: { [ACC1]: ["CAMPAIGN_MANAGER"], [ACC2]: ["CAMPAIGN_MANAGER"] } },
    ]);
  });

  it("partial failure: a refused ad account fails alone with Pinterest's reason; an unknown one is refused", async () => {
    const token = await signIn();
    fake.partners.add(AGENCY_BIZ);
    fake.switches.refuse.add(ACC2);
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC1, ACC2, ACC3, "123"],
      role: "analyst",
      agencyAccount: agency,
    });
    expect(results.map((r) => [r.assetId, r.ok])).toEqual([
      [ACC1, true],
      [ACC2, false],
      [ACC3, true],
      ["123", false],
    ]);
    expect(results[1]).toEqual({
      assetId: ACC2,
      ok: false,
      error: `Pinterest refused access to ${ACC2}: This ad account cannot be shared: its owner restricts partner access.`,
      errorKind: "platform_error",
    });
    expect(results[3]).toMatchObject({ ok: false, errorKind: "platform_error" });
  });

  it("an ad account already shared with the permission counts as granted without a write", async () => {
    const token = await signIn();
    fake.alreadyShared(ACC1, "ANALYST");
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC1],
      role: "analyst",
      agencyAccount: agency,
    });
    expect(results).toEqual([{ assetId: ACC1, ok: true, error: null, alreadyGranted: true, verified: true }]);
    expect(fake.calls.filter((c) => c.method !== "GET" && c.path.startsWith("/v5/businesses"))).toHaveLength(0);
  });

  it("an expired token fails the whole attempt with reauth", async () => {
    const token = await signIn();
    fake.switches.expiredToken = true;
    expect(
      await kindOf(
        connector.grantAccess({
          accessToken: token,
          serviceId: "pinterest_ads",
          assetIds: [ACC1],
          role: "admin",
          agencyAccount: agency,
        }),
      ),
    ).toBe("reauth");
    expect(await kindOf(connector.listAssets({ accessToken: token, serviceId: "pinterest_ads" }))).toBe("reauth");
  });

  it("a 429 answered once is retried and the grant succeeds", async () => {
    const token = await signIn();
    fake.partners.add(AGENCY_BIZ);
    fake.switches.rateLimitOnce = true;
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC1],
      role: "admin",
      agencyAccount: agency,
    });
    expect(results).toEqual([{ assetId: ACC1, ok: true, error: null, verified: true }]);
    expect(calls("GET", "/v5/businesses/employers")).toHaveLength(2);
  });

  it("a Pinterest 5xx on the grant is retried, then fails that asset as the platform's outage", async () => {
    const token = await signIn();
    fake.partners.add(AGENCY_BIZ);
    fake.switches.serverError = true;
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "pinterest_ads",
      assetIds: [ACC3],
      role: "analyst",
      agencyAccount: agency,
    });
    expect(results).toEqual([
      { assetId: ACC3, ok: false, error: expect.stringContaining("500") as string, errorKind: "platform_unavailable" },
    ]);
    expect(calls("PATCH", `/v5/businesses/${biz}/partners/assets`)).toHaveLength(4);
  });

  it("refuses to grant when the agency has no Pinterest business id", async () => {
    const token = await signIn();
    expect(
      await kindOf(
        connector.grantAccess({
          accessToken: token,
          serviceId: "pinterest_ads",
          assetIds: [ACC1],
          role: "admin",
          agencyAccount: { ...agency, businessId: null, platformAccountId: null },
        }),
      ),
    ).toBe("platform_error");
  });

  it("reads grants back, and gives the agency-side identities as the businesses the user administers", async () => {
    const token = await signIn();
    fake.alreadyShared(ACC1, "ADMIN");
    expect(
      await connector.verifyAccess!({
        accessToken: token,
        serviceId: "pinterest_ads",
        assetIds: [ACC1, ACC2],
        agencyAccount: agency,
      }),
    ).toEqual([
      { assetId: ACC1, present: true, detail: "ADMIN" },
      { assetId: ACC2, present: false, detail: null },
    ]);
    const agencyToken = await signIn([]);
    expect(await connector.listAgencyIdentities!({ accessToken: agencyToken })).toEqual([
      {
        displayName: "Acme Business",
        email: null,
        platformAccountId: biz,
        businessId: biz,
        businessName: "Acme Business",
      },
    ]);
  });
});

describe("the client page with the real Pinterest connector", () => {
  const app = useRealConnectorApp(() => ({
    PINTEREST_APP_ID: PINTEREST_FAKE.appId,
    PINTEREST_APP_SECRET: PINTEREST_FAKE.appSecret,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  }));

  it("a partly refused grant: shared ad account recorded, the refusal shown, attempt event partial_success", async () => {
    const { requestId, token } = await seedConnectorRequest(
      "pinterest",
      { platformAccountId: AGENCY_BIZ, business: { id: AGENCY_BIZ, name: "Agency Biz" } },
      { pinterest_ads: { accessLevel: "campaign_manager" } },
    );
    fake.partners.add(AGENCY_BIZ);
    fake.switches.refuse.add(ACC2);
    const { consentUrl } = await walkClientGrant({
      base: app.base,
      token,
      serviceId: "pinterest_ads",
      consentOrigin: fake.hosts["www.pinterest.com"]!,
      assets: [ACC1, ACC2],
    });
    expect(consentUrl.searchParams.get("scope")).toBe("ads:read,biz_access:read,biz_access:write");
    expect(fake.partnerAccess.get(`${AGENCY_BIZ}|${ACC1}`)).toEqual(["CAMPAIGN_MANAGER"]);
    await expectGrantRecorded(requestId, "pinterest_ads", {
      grantedAssets: [{ id: ACC1, name: "Acme Ads", accessLevel: "campaign_manager" }],
      platform: "pinterest",
      outcome: "partial_success",
      errors: [
        `Pinterest refused access to ${ACC2}: This ad account cannot be shared: its owner restricts partner access.`,
      ],
    });
  });
});
