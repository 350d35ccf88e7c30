// The TikTok connector over real HTTP against the TikTok contract fake: sign-in, listing,
// every role of both services, partial failure, already shared, a revoked token, a rate
// limit then success, a TikTok 5xx, read-back, the agency-side identities; then one
// client-page journey through the app's routes with the real connector (no sandbox).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConnectorError, type AgencyAccountRef, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { TIKTOK_ACCEPT_URL } from "@/lib/infra/connectors/tiktok/tiktok-grants";
import { createTikTokConnector } from "@/lib/infra/connectors/tiktok/tiktok-connector";
import { getNoFollow } from "@/test/support/access-fixtures";
import { signInThroughFake } from "@/test/support/fakes/fake-sign-in";
import {
  expectGrantRecorded,
  seedConnectorRequest,
  useRealConnectorApp,
  walkClientGrant,
} from "@/test/support/connector-journey";
import { startTikTokFake, TIKTOK_FAKE, type TikTokFake } from "@/test/support/fakes/tiktok-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
const [AD1, AD2, AD3] = TIKTOK_FAKE.businessCenters[0]!.advertisers.map(([id]) => id) as [string, string, string];
const AD4 = TIKTOK_FAKE.businessCenters[1]!.advertisers[0]![0];
const [BC1, BC2, BC3] = TIKTOK_FAKE.businessCenters.map((b) => b.bcId) as [string, string, string];
const AD5 = TIKTOK_FAKE.businessCenters[2]!.advertisers[0]![0];
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: null,
  email: TIKTOK_FAKE.agencyEmail,
  businessId: TIKTOK_FAKE.agencyBcId,
};

let fake: TikTokFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startTikTokFake({ redirectUris: [REDIRECT] });
  const http = createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 });
  connector = createTikTokConnector({ appId: TIKTOK_FAKE.appId, appSecret: TIKTOK_FAKE.appSecret }, http);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const signIn = () => signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["tiktok_ads"], state: "st-1" });

const kindOf = async (p: Promise<unknown>) =>
  p.then(
    () => "none",
    (e: unknown) => (e instanceof ConnectorError ? e.kind : `other: ${String(e)}`),
  );
const grantCalls = (path: string) => fake.calls.filter((c) => c.path === `/open_api/v1.3${path}`);

describe("TikTok sign-in", () => {
  it("sends the client to TikTok's authorization page and exchanges the auth_code once", async () => {
    const { authorizationUrl } = connector.beginSignIn({
      state: "st-1",
      redirectUri: REDIRECT,
      serviceIds: ["tiktok_ads"],
      codeVerifier: "v".repeat(43),
    });
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(fake.hosts["business-api.tiktok.com"]);
    expect(url.pathname).toBe("/portal/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_id: TIKTOK_FAKE.appId,
      state: "st-1",
      redirect_uri: REDIRECT,
    });

    const consent = await getNoFollow(authorizationUrl);
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get("location")!);
    expect(back.searchParams.get("state")).toBe("st-1");
    const code = back.searchParams.get("auth_code")!;
    const tokens = await connector.handleCallback({
      code,
      state: "st-1",
      redirectUri: REDIRECT,
      codeVerifier: "v".repeat(43),
    });
    expect(tokens.accessToken).toMatch(/^tt-token-/);
    const exchange = grantCalls("/oauth2/access_token/")[0]!;
    expect(exchange.body).toEqual({ app_id: TIKTOK_FAKE.appId, secret: TIKTOK_FAKE.appSecret, auth_code: code });

    // A used code is TikTok's 40110: the sign-in cannot be used again.
    expect(
      await kindOf(
        connector.handleCallback({ code, state: "st-1", redirectUri: REDIRECT, codeVerifier: "v".repeat(43) }),
      ),
    ).toBe("invalid_state");
  });

  it("the fake refuses a redirect_uri the app did not register, and a wrong secret", async () => {
    const bad = connector.beginSignIn({
      state: "s",
      redirectUri: "http://evil.test/cb",
      serviceIds: ["tiktok_ads"],
      codeVerifier: "v".repeat(43),
    });
    expect((await getNoFollow(bad.authorizationUrl)).status).toBe(400);
    const http = createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 });
    const wrong = createTikTokConnector({ appId: TIKTOK_FAKE.appId, appSecret: "not-the-secret" }, http);
    const consent = await getNoFollow(
      wrong.beginSignIn({ state: "s", redirectUri: REDIRECT, serviceIds: ["tiktok_ads"], codeVerifier: "v".repeat(43) })
        .authorizationUrl,
    );
    const code = new URL(consent.headers.get("location")!).searchParams.get("auth_code")!;
    expect(
      await kindOf(wrong.handleCallback({ code, state: "s", redirectUri: REDIRECT, codeVerifier: "v".repeat(43) })),
    ).toBe("server_error");
  });
});

describe("TikTok listing", () => {
  it("lists ad accounts of every Business Center, and the Business Centers, with the Access-Token header; a standard member's are not shareable", async () => {
    const token = await signIn();
    const ads = await connector.listAssets({ accessToken: token, serviceId: "tiktok_ads" });
    expect(ads).toEqual([
      { id: AD1, name: "Acme Main Ads" },
      { id: AD2, name: "Acme Brand Ads" },
      { id: AD3, name: "Acme Archive Ads" },
      { id: AD4, name: "Acme Retail Ads" },
      { id: AD5, name: "Reseller Ads", notGrantable: "needs_bc_admin" },
    ]);
    const centers = await connector.listAssets({ accessToken: token, serviceId: "tiktok_business_center" });
    expect(centers).toEqual([
      { id: BC1, name: "Acme Business Center" },
      { id: BC2, name: "Acme Retail Center" },
      { id: BC3, name: "Reseller Center", notGrantable: "needs_bc_admin" },
    ]);
    const reads = fake.calls.filter((c) => c.path.startsWith("/open_api/v1.3/bc/"));
    expect(reads.every((c) => c.headers["access-token"] === token)).toBe(true);
    expect(reads.find((c) => c.path.endsWith("/bc/asset/get/"))!.query).toMatchObject({
      bc_id: BC1,
      asset_type: "ADVERTISER",
      page: "1",
      page_size: "50",
    });
  });
});

describe("TikTok grants", () => {
  it("shares ad accounts with the agency's Business Center under each role, verified by reading back", async () => {
    const token = await signIn();
    for (const [role, asset, tiktokRole] of [
      ["admin", AD1, "ADMIN"],
      ["operator", AD2, "OPERATOR"],
      ["analyst", AD4, "ANALYST"],
    ] as const) {
      const { results } = await connector.grantAccess({
        accessToken: token,
        serviceId: "tiktok_ads",
        assetIds: [asset],
        role,
        agencyAccount: agency,
      });
      expect(results).toEqual([{ assetId: asset, ok: true, error: null, verified: true }]);
      const bcId = asset === AD4 ? BC2 : BC1;
      expect(fake.shares.get(bcId)!.get(TIKTOK_FAKE.agencyBcId)!.get(asset)).toBe(tiktokRole);
      expect(grantCalls("/bc/partner/add/").at(-1)!.body).toEqual({
        bc_id: bcId,
        partner_id: TIKTOK_FAKE.agencyBcId,
        asset_type: "ADVERTISER",
        asset_ids: [asset],
        advertiser_role: tiktokRole,
      });
    }
  });

  it("invites the agency's email to Business Centers as admin or standard member", async () => {
    const token = await signIn();
    for (const [role, bcId, tiktokRole] of [
      ["admin", BC1, "ADMIN"],
      ["standard", BC2, "STANDARD"],
    ] as const) {
      const { results } = await connector.grantAccess({
        accessToken: token,
        serviceId: "tiktok_business_center",
        assetIds: [bcId],
        role,
        agencyAccount: agency,
      });
      // invited: the member row is PENDING until the agency accepts TikTok's invitation
      expect(results).toEqual([
        {
          assetId: bcId,
          ok: true,
          error: null,
          verified: true,
          invitation: { sentTo: TIKTOK_FAKE.agencyEmail, acceptUrl: TIKTOK_ACCEPT_URL, status: "pending" },
        },
      ]);
      expect(fake.members.get(bcId)!.get(TIKTOK_FAKE.agencyEmail)).toBe(tiktokRole);
      const read = () =>
        connector.verifyAccess!({
          accessToken: token,
          serviceId: "tiktok_business_center",
          assetIds: [bcId],
          agencyAccount: agency,
        });
      expect(await read()).toEqual([
        { assetId: bcId, present: true, detail: "TikTok invitation not accepted yet", invitation: "pending" },
      ]);
      expect(fake.acceptInvite(bcId)).toBe(true);
      expect(await read()).toEqual([{ assetId: bcId, present: true, detail: null, invitation: "accepted" }]);
      // TikTok's SDK requires asset_ids (MemberInviteBody): the membership alone is asked for.
      expect(grantCalls("/bc/member/invite/").at(-1)!.body).toEqual({
        bc_id: bcId,
        emails: [TIKTOK_FAKE.agencyEmail],
        user_role: tiktokRole,
        asset_type: "ADVERTISER",
        asset_ids: [],
      });
    }
  });

  it("an ad account or Business Center the client only holds as a standard member is refused without a write", async () => {
    const token = await signIn();
    const ads = await connector.grantAccess({
      accessToken: token,
      serviceId: "tiktok_ads",
      assetIds: [AD5],
      role: "analyst",
      agencyAccount: agency,
    });
    expect(ads.results).toMatchObject([{ assetId: AD5, ok: false, errorKind: "platform_error" }]);
    const bc = await connector.grantAccess({
      accessToken: token,
      serviceId: "tiktok_business_center",
      assetIds: [BC3],
      role: "standard",
      agencyAccount: agency,
    });
    expect(bc.results).toMatchObject([{ assetId: BC3, ok: false, errorKind: "platform_error" }]);
    expect(fake.calls.filter((c) => c.method === "POST" && c.path.startsWith("/open_api/v1.3/bc/"))).toHaveLength(0);
  });

  it("partial failure: a refused ad account and an unknown one fail alone, with TikTok's reason", async () => {
    const token = await signIn();
    fake.switches.refuse.add(AD3);
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "tiktok_ads",
      assetIds: [AD1, AD3, "7100000000000009999"],
      role: "admin",
      agencyAccount: agency,
    });
    expect(results[0]).toMatchObject({ assetId: AD1, ok: true });
    expect(results[1]).toEqual({
      assetId: AD3,
      ok: false,
      error: `TikTok refused access to ${AD3}: No permission to share advertiser ${AD3} with partners.`,
      errorKind: "platform_error",
    });
    expect(results[2]).toMatchObject({ assetId: "7100000000000009999", ok: false, errorKind: "platform_error" });
    // The unknown asset never reached TikTok's grant call.
    expect(grantCalls("/bc/partner/add/")).toHaveLength(2);
  });

  it("already shared or already a member counts as granted without a second grant call", async () => {
    const token = await signIn();
    fake.alreadyShared(AD2);
    fake.alreadyMember(BC1);
    const ads = await connector.grantAccess({
      accessToken: token,
      serviceId: "tiktok_ads",
      assetIds: [AD2],
      role: "analyst",
      agencyAccount: agency,
    });
    expect(ads.results).toEqual([{ assetId: AD2, ok: true, error: null, alreadyGranted: true, verified: true }]);
    const bc = await connector.grantAccess({
      accessToken: token,
      serviceId: "tiktok_business_center",
      assetIds: [BC1],
      role: "standard",
      agencyAccount: agency,
    });
    expect(bc.results).toEqual([{ assetId: BC1, ok: true, error: null, alreadyGranted: true, verified: true }]);
    expect(grantCalls("/bc/partner/add/")).toHaveLength(0);
    expect(grantCalls("/bc/member/invite/")).toHaveLength(0);
  });

  it("a revoked token fails the whole attempt with reauth", async () => {
    const token = await signIn();
    fake.switches.expiredToken = true;
    expect(
      await kindOf(
        connector.grantAccess({
          accessToken: token,
          serviceId: "tiktok_ads",
          assetIds: [AD1],
          role: "admin",
          agencyAccount: agency,
        }),
      ),
    ).toBe("reauth");
    expect(await kindOf(connector.listAssets({ accessToken: token, serviceId: "tiktok_business_center" }))).toBe(
      "reauth",
    );
  });

  it("a rate limit answered once (code 40100 on HTTP 200) is retried and the grant succeeds", async () => {
    const token = await signIn();
    fake.switches.rateLimitOnce = true;
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "tiktok_ads",
      assetIds: [AD1],
      role: "operator",
      agencyAccount: agency,
    });
    expect(results).toEqual([{ assetId: AD1, ok: true, error: null, verified: true }]);
    // The first API call of the grant (listing the Business Centers) was answered 40100, then retried.
    expect(grantCalls("/bc/get/")).toHaveLength(2);
  });

  it("a TikTok 5xx on the grant call is retried, then fails that asset as TikTok's outage", async () => {
    const token = await signIn();
    fake.switches.serverError = true;
    const { results } = await connector.grantAccess({
      accessToken: token,
      serviceId: "tiktok_ads",
      assetIds: [AD1],
      role: "admin",
      agencyAccount: agency,
    });
    expect(results).toEqual([
      {
        assetId: AD1,
        ok: false,
        error: expect.stringContaining("TikTok") as string,
        errorKind: "platform_unavailable",
      },
    ]);
    expect(grantCalls("/bc/partner/add/")).toHaveLength(4);
  });

  it("refuses to grant when the agency has no Business Center or email on its TikTok account", async () => {
    const token = await signIn();
    expect(
      await kindOf(
        connector.grantAccess({
          accessToken: token,
          serviceId: "tiktok_ads",
          assetIds: [AD1],
          role: "admin",
          agencyAccount: { ...agency, businessId: null },
        }),
      ),
    ).toBe("platform_error");
    expect(
      await kindOf(
        connector.grantAccess({
          accessToken: token,
          serviceId: "tiktok_business_center",
          assetIds: [BC1],
          role: "admin",
          agencyAccount: { ...agency, email: null },
        }),
      ),
    ).toBe("platform_error");
  });

  it("reads grants back, and lists the agency-side identities (one per Business Center)", async () => {
    const token = await signIn();
    await connector.grantAccess({
      accessToken: token,
      serviceId: "tiktok_ads",
      assetIds: [AD1],
      role: "admin",
      agencyAccount: agency,
    });
    expect(
      await connector.verifyAccess!({
        accessToken: token,
        serviceId: "tiktok_ads",
        assetIds: [AD1, AD2],
        agencyAccount: agency,
      }),
    ).toEqual([
      { assetId: AD1, present: true, detail: null },
      { assetId: AD2, present: false, detail: null },
    ]);
    expect(await connector.listAgencyIdentities!({ accessToken: token })).toEqual([
      {
        displayName: "Ana Client",
        email: null,
        platformAccountId: null,
        businessId: BC1,
        businessName: "Acme Business Center",
      },
      {
        displayName: "Ana Client",
        email: null,
        platformAccountId: null,
        businessId: BC2,
        businessName: "Acme Retail Center",
      },
      {
        displayName: "Ana Client",
        email: null,
        platformAccountId: null,
        businessId: BC3,
        businessName: "Reseller Center",
      },
    ]);
  });
});

describe("the client page with the real TikTok connector", () => {
  const app = useRealConnectorApp(() => ({
    TIKTOK_APP_ID: TIKTOK_FAKE.appId,
    TIKTOK_APP_SECRET: TIKTOK_FAKE.appSecret,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  }));

  it("start grant -> TikTok consent -> callback -> pick -> grant, recording the attempt and the grant", async () => {
    const { requestId, token } = await seedConnectorRequest(
      "tiktok",
      { email: TIKTOK_FAKE.agencyEmail, business: { id: TIKTOK_FAKE.agencyBcId, name: "Agency BC" } },
      { tiktok_ads: { accessLevel: "operator" } },
    );
    await walkClientGrant({
      base: app.base,
      token,
      serviceId: "tiktok_ads",
      consentOrigin: fake.hosts["business-api.tiktok.com"]!,
      assets: [AD1, AD3],
    });
    expect(fake.shares.get(BC1)!.get(TIKTOK_FAKE.agencyBcId)!.get(AD1)).toBe("OPERATOR");
    await expectGrantRecorded(requestId, "tiktok_ads", {
      grantedAssets: [
        { id: AD1, name: "Acme Main Ads", accessLevel: "operator" },
        { id: AD3, name: "Acme Archive Ads", accessLevel: "operator" },
      ],
      platform: "tiktok",
      outcome: "success",
      errors: [],
    });
  });
});
