// The Snapchat connector over real HTTP against the Snapchat contract fake: sign-in, listing,
// the three-step grant (Member invited, organization role `member`, ad account role) with
// the request bodies checked against the documented attribute lists, pending until the
// agency accepts, already granted, never weaker over every pair of roles, refusals, an
// expired token, a rate limit (once, then for the whole attempt), a 5xx, read-back and the
// agency-side identity; then the client-page journey through the app's routes with the real
// connector (events, cancel at consent, rate limit, 5xx).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConnectorError, type AgencyAccountRef, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createSnapchatConnector } from "@/lib/infra/connectors/snapchat/snapchat-connector";
import { SNAPCHAT_ACCEPT_URL } from "@/lib/infra/connectors/snapchat/snapchat-grants";
import {
  SNAPCHAT_AD_ACCOUNT_ROLES,
  SNAPCHAT_ROLE_MAP,
  snapchatHolds,
} from "@/lib/infra/connectors/snapchat/snapchat-roles";
import { eventsOf, getNoFollow, locationOf, postForm, requestRow, typesOf } from "@/test/support/access-fixtures";
import {
  expectGrantRecorded,
  seedConnectorRequest,
  useRealConnectorApp,
  walkClientGrant,
} from "@/test/support/connector-journey";
import {
  SNAPCHAT_AD_ACCOUNT_ROLE_FIELDS,
  SNAPCHAT_FAKE,
  SNAPCHAT_MEMBER_FIELDS,
  SNAPCHAT_ORG_ROLE_FIELDS,
  startSnapchatFake,
  type SnapchatFake,
} from "@/test/support/fakes/snapchat-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
const [ORG1, ORG2] = SNAPCHAT_FAKE.organizations.map((o) => o.id) as [string, string];
const [ACC1, ACC2] = SNAPCHAT_FAKE.organizations[0].adAccounts.map(([id]) => id) as [string, string];
const ACC3 = SNAPCHAT_FAKE.organizations[1].adAccounts[0]![0];
const EMAIL = SNAPCHAT_FAKE.agency.email;
/** The invitation a grant to a not-yet-accepted Member carries. */
const invited = (org: string) => ({ sentTo: EMAIL, acceptUrl: SNAPCHAT_ACCEPT_URL, status: "pending", ref: org });
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: SNAPCHAT_FAKE.agency.id,
  email: EMAIL,
  businessId: null,
};

let fake: SnapchatFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startSnapchatFake({ redirectUris: [REDIRECT] });
  const http = createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5, budgetMs: 2000 });
  connector = createSnapchatConnector(
    { clientId: SNAPCHAT_FAKE.clientId, clientSecret: SNAPCHAT_FAKE.clientSecret },
    http,
  );
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const V = "v".repeat(43);
async function signIn(as: "client" | "agency" = "client"): Promise<string> {
  fake.switches.signInAs = as;
  const { authorizationUrl } = connector.beginSignIn({
    state: "st",
    redirectUri: REDIRECT,
    serviceIds: ["snapchat_ads"],
    codeVerifier: V,
  });
  const back = new URL((await getNoFollow(authorizationUrl)).headers.get("location")!);
  const token = (
    await connector.handleCallback({
      code: back.searchParams.get("code")!,
      state: "st",
      redirectUri: REDIRECT,
      codeVerifier: V,
    })
  ).accessToken;
  fake.switches.signInAs = "client";
  return token;
}
const kindOf = async (p: Promise<unknown>) =>
  p.then(
    () => "none",
    (e: unknown) => (e instanceof ConnectorError ? e.kind : `other: ${String(e)}`),
  );
const apiWrites = () => fake.calls.filter((c) => c.host === "adsapi.snapchat.com" && c.method !== "GET");
const posts = (path: string) => fake.calls.filter((c) => c.method === "POST" && c.path === path);
const grant = (token: string, assetIds: string[], role: string) =>
  connector.grantAccess({ accessToken: token, serviceId: "snapchat_ads", assetIds, role, agencyAccount: agency });
const agencyRoles = (org: string) => {
  const m = fake.memberOf(org);
  return m ? [...fake.roles.values()].filter((r) => r.member_id === m.id) : [];
};

describe("Snapchat sign-in", () => {
  it("asks for snapchat-marketing-api and exchanges the code with the client secret and the same redirect_uri", async () => {
    const url = new URL(
      connector.beginSignIn({ state: "st", redirectUri: REDIRECT, serviceIds: ["snapchat_ads"], codeVerifier: V })
        .authorizationUrl,
    );
    expect(url.origin).toBe(fake.hosts["accounts.snapchat.com"]);
    expect(url.pathname).toBe("/login/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: SNAPCHAT_FAKE.clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "snapchat-marketing-api",
      state: "st",
    });

    const code = new URL((await getNoFollow(url.toString())).headers.get("location")!).searchParams.get("code")!;
    expect(
      await kindOf(
        connector.handleCallback({ code, state: "st", redirectUri: "http://localhost:3999/other", codeVerifier: V }),
      ),
    ).toBe("invalid_state");
    const fresh = new URL((await getNoFollow(url.toString())).headers.get("location")!).searchParams.get("code")!;
    const tokens = await connector.handleCallback({ code: fresh, state: "st", redirectUri: REDIRECT, codeVerifier: V });
    expect(tokens.accessToken).toMatch(/^snap_/);
    expect(tokens.refreshToken).toMatch(/^snapr_/);
    expect(tokens.expiresAt).toBeInstanceOf(Date);
    const exchange = fake.calls.filter((c) => c.path === "/login/oauth2/access_token").at(-1)!;
    expect(exchange.body).toEqual({
      grant_type: "authorization_code",
      client_id: SNAPCHAT_FAKE.clientId,
      client_secret: SNAPCHAT_FAKE.clientSecret,
      code: fresh,
      redirect_uri: REDIRECT,
    });
    expect(
      await kindOf(connector.handleCallback({ code: fresh, state: "st", redirectUri: REDIRECT, codeVerifier: V })),
    ).toBe("invalid_state");
  });
});

describe("Snapchat listing and identity", () => {
  it("lists the ad accounts of every organization of the signed-in user, with their names", async () => {
    const token = await signIn();
    expect(await connector.listAssets({ accessToken: token, serviceId: "snapchat_ads" })).toEqual(
      SNAPCHAT_FAKE.organizations.flatMap((o) => o.adAccounts.map(([id, name]) => ({ id, name }))),
    );
    expect(fake.calls.find((c) => c.path === "/v1/me/organizations")!.query).toEqual({ with_ad_accounts: "true" });
  });

  it("offers an organization's ad accounts disabled, with the reason, where the client is not its admin (Snapchat's 403 avoided)", async () => {
    const token = await signIn();
    fake.switches.notAdmin.add(ORG2);
    const assets = await connector.listAssets({ accessToken: token, serviceId: "snapchat_ads" });
    expect(assets).toEqual([
      ...SNAPCHAT_FAKE.organizations[0].adAccounts.map(([id, name]) => ({ id, name })),
      ...SNAPCHAT_FAKE.organizations[1].adAccounts.map(([id, name]) => ({ id, name, notGrantable: "needs_org_admin" })),
    ]);
    // read, never written: the client's Member and its organization role in each organization
    expect(apiWrites()).toEqual([]);
    expect(fake.calls.filter((c) => c.path === `/v1/organizations/${ORG2}/roles`)).toHaveLength(1);
  });

  it("gives the agency-side identity as the signed-in user with its email", async () => {
    const token = await signIn("agency");
    expect(await connector.listAgencyIdentities!({ accessToken: token })).toEqual([
      {
        displayName: "Agency Ads",
        email: EMAIL,
        platformAccountId: SNAPCHAT_FAKE.agency.id,
        businessId: SNAPCHAT_FAKE.agency.organization_id,
        businessName: null,
      },
    ]);
  });
});

describe("Snapchat grants", () => {
  it("invites the agency's email as a Member, gives it the organization role member, then the ad account role: pending until accepted", async () => {
    const token = await signIn();
    const { results } = await grant(token, [ACC1, ACC2, ACC3], "creative_manager");
    expect(results).toEqual(
      [
        [ACC1, ORG1],
        [ACC2, ORG1],
        [ACC3, ORG2],
      ].map(([assetId, org]) => ({ assetId, ok: true, error: null, verified: null, invitation: invited(org!) })),
    );

    // One invitation and one organization role per organization, in that order, then one role per ad account.
    const memberPosts = [...posts(`/v1/organizations/${ORG1}/members`), ...posts(`/v1/organizations/${ORG2}/members`)];
    expect(memberPosts.map((c) => c.body)).toEqual([
      { members: [{ email: EMAIL, organization_id: ORG1, display_name: EMAIL }] },
      { members: [{ email: EMAIL, organization_id: ORG2, display_name: EMAIL }] },
    ]);
    const m1 = fake.memberOf(ORG1)!;
    expect(m1.member_status).toBe("INVITED");
    expect(posts(`/v1/organizations/${ORG1}/roles`).map((c) => c.body)).toEqual([
      { roles: [{ member_id: m1.id, organization_id: ORG1, type: "member" }] },
      { roles: [{ member_id: m1.id, ad_account_id: ACC1, type: "creative" }] },
      { roles: [{ member_id: m1.id, ad_account_id: ACC2, type: "creative" }] },
    ]);
    const order = fake.calls
      .filter((c) => c.method === "POST" && c.path.startsWith(`/v1/organizations/${ORG1}/`))
      .map((c) => c.path.split("/").at(-1));
    expect(order).toEqual(["members", "roles", "roles", "roles"]);

    // Every body carries exactly the attributes the Members and Roles pages list as required
    // (https://developers.snap.com/api/marketing-api/Ads-API/members,
    // https://developers.snap.com/api/marketing-api/Ads-API/roles).
    for (const c of fake.calls.filter((x) => x.method === "POST" && x.path.endsWith("/members")))
      for (const m of (c.body as { members: object[] }).members)
        expect(Object.keys(m).sort()).toEqual([...SNAPCHAT_MEMBER_FIELDS].sort());
    for (const c of fake.calls.filter((x) => x.method === "POST" && x.path.endsWith("/roles")))
      for (const r of (c.body as { roles: Record<string, string>[] }).roles) {
        const fields = "ad_account_id" in r ? SNAPCHAT_AD_ACCOUNT_ROLE_FIELDS : SNAPCHAT_ORG_ROLE_FIELDS;
        expect(Object.keys(r).sort()).toEqual([...fields].sort());
        expect(["admin", "business_admin", "data_admin", "member", ...SNAPCHAT_AD_ACCOUNT_ROLES]).toContain(r.type);
      }

    // Pending: the agency's own sign-in does not see the ad accounts until it accepts.
    const agencyToken = await signIn("agency");
    const before = await connector.verifyAccess!({
      accessToken: agencyToken,
      serviceId: "snapchat_ads",
      assetIds: [ACC1, ACC3],
      agencyAccount: agency,
    });
    expect(before.map((r) => r.present)).toEqual([false, false]);
    expect(before[0]!.detail).toContain("accept Snapchat's invitation");
    // Following the invitation (the organizations it went to): read as pending, not accepted.
    const followed = () =>
      connector.verifyAccess!({
        accessToken: agencyToken,
        serviceId: "snapchat_ads",
        assetIds: [ACC1, ACC3],
        agencyAccount: agency,
        invitationRefs: [ORG1, ORG2],
      });
    expect((await followed()).map((r) => [r.present, r.invitation])).toEqual([
      [false, "pending"],
      [false, "pending"],
    ]);
    fake.accept();
    expect((await followed()).map((r) => [r.present, r.invitation])).toEqual([
      [true, "accepted"],
      [true, "accepted"],
    ]);
    expect(
      await connector.verifyAccess!({
        accessToken: agencyToken,
        serviceId: "snapchat_ads",
        assetIds: [ACC1, ACC3],
        agencyAccount: agency,
      }),
    ).toEqual([
      { assetId: ACC1, present: true, detail: null },
      { assetId: ACC3, present: true, detail: null },
    ]);
    // A grant once accepted is read back as confirmed.
    expect((await grant(token, [ACC1], "account_manager")).results).toEqual([
      { assetId: ACC1, ok: true, error: null, verified: true },
    ]);
  });

  it("maps every catalog role to its ad account role", async () => {
    const token = await signIn();
    for (const [catalogRole, type] of Object.entries(SNAPCHAT_ROLE_MAP)) {
      fake.reset();
      await grant(token, [ACC1], catalogRole);
      expect(
        agencyRoles(ORG1)
          .filter((r) => r.ad_account_id === ACC1)
          .map((r) => r.type),
      ).toEqual([type]);
    }
  });

  it("a Member already holding the role, or a stronger one, counts as granted without a write", async () => {
    const token = await signIn();
    fake.preload(ORG1, "member", { [ACC1]: ["admin"], [ACC2]: ["creative"] });
    const { results } = await grant(token, [ACC1, ACC2], "reports");
    expect(results).toEqual([
      { assetId: ACC1, ok: true, error: null, alreadyGranted: true, verified: true },
      { assetId: ACC2, ok: true, error: null, alreadyGranted: true, verified: true },
    ]);
    expect(apiWrites()).toHaveLength(0);
    // an organization admin holds every ad account role already
    fake.reset();
    fake.preload(ORG2, "admin");
    expect((await grant(token, [ACC3], "account_manager")).results[0]).toMatchObject({
      ok: true,
      alreadyGranted: true,
    });
    expect(apiWrites()).toHaveLength(0);
  });

  it("never leaves the agency with less access: for every pair of held and requested roles, both are held afterwards", async () => {
    const token = await signIn();
    for (const held of SNAPCHAT_AD_ACCOUNT_ROLES) {
      for (const [catalogRole, wanted] of Object.entries(SNAPCHAT_ROLE_MAP)) {
        fake.reset();
        fake.preload(ORG1, "member", { [ACC1]: [held] });
        const [result] = (await grant(token, [ACC1], catalogRole)).results;
        expect(result!.ok).toBe(true);
        const after = agencyRoles(ORG1)
          .filter((r) => r.ad_account_id === ACC1)
          .map((r) => r.type);
        expect(after).toContain(held);
        expect(snapchatHolds(wanted, { organization: ["member"], adAccount: after })).toBe(true);
        expect(fake.calls.some((c) => c.method === "DELETE")).toBe(false);
      }
    }
  });

  it("a refused ad account fails alone with Snapchat's reason; an organization where the client is not admin fails its ad accounts; an unknown one is refused", async () => {
    const token = await signIn();
    fake.switches.refuse.add(ACC2);
    fake.switches.notAdmin.add(ORG2);
    const { results } = await grant(token, [ACC1, ACC2, ACC3, "ad000000-0000-4000-8000-0000000000ff"], "reports");
    expect(results.map((r) => [r.ok, r.errorKind])).toEqual([
      [true, undefined],
      [false, "platform_error"],
      [false, "platform_error"],
      [false, "platform_error"],
    ]);
    expect(results[1]!.error).toBe(`Snapchat refused access to ${ACC2}: This ad account does not allow new members.`);
    expect(results[2]!.error).toBe(
      `Snapchat refused access to ${ACC3}: You need the Organization admin role to add members.`,
    );
  });

  it("a Member invited meanwhile (the create refused as already a member) is found and used", async () => {
    const token = await signIn();
    fake.switches.inviteRace = true;
    expect((await grant(token, [ACC1], "reports")).results).toEqual([
      { assetId: ACC1, ok: true, error: null, verified: null, invitation: invited(ORG1) },
    ]);
    expect(fake.members.size).toBe(1);
    expect(agencyRoles(ORG1).map((r) => r.type)).toEqual(["member", "reports"]);
  });

  it("an expired token fails the whole attempt with reauth", async () => {
    const token = await signIn();
    fake.switches.expiredToken = true;
    expect(await kindOf(grant(token, [ACC1], "reports"))).toBe("reauth");
    expect(await kindOf(connector.listAssets({ accessToken: token, serviceId: "snapchat_ads" }))).toBe("reauth");
  });

  it("a 429 answered once is retried and the grant succeeds; a limit that holds fails the attempt as rate limited", async () => {
    const token = await signIn();
    fake.switches.rateLimitOnce = true;
    expect((await grant(token, [ACC1], "reports")).results).toEqual([
      { assetId: ACC1, ok: true, error: null, verified: null, invitation: invited(ORG1) },
    ]);
    fake.switches.rateLimitAlways = true;
    expect(await kindOf(grant(token, [ACC2], "reports"))).toBe("rate_limited");
  });

  it("a Snapchat 5xx on the grant is retried, then fails the asset as the platform unavailable, like every platform", async () => {
    const token = await signIn();
    fake.switches.serverError = true;
    const { results } = await grant(token, [ACC1], "reports");
    expect(results).toEqual([
      { assetId: ACC1, ok: false, error: expect.stringContaining("500") as string, errorKind: "platform_unavailable" },
    ]);
    expect(posts(`/v1/organizations/${ORG1}/members`)).toHaveLength(4);
  });

  it("refuses to grant when the agency has no email", async () => {
    const token = await signIn();
    expect(
      await kindOf(
        connector.grantAccess({
          accessToken: token,
          serviceId: "snapchat_ads",
          assetIds: [ACC1],
          role: "reports",
          agencyAccount: { ...agency, email: null },
        }),
      ),
    ).toBe("platform_error");
  });
});

describe("Snapchat removal", () => {
  it("needs the client's token, deletes the ad account roles, then the Member once it holds nothing else", async () => {
    expect(connector.removalToken!("snapchat_ads")).toBe("client");
    const token = await signIn();
    await grant(token, [ACC1, ACC2], "reports");
    const member = fake.memberOf(ORG1)!;
    expect(
      await connector.removeAccess!({
        accessToken: token,
        serviceId: "snapchat_ads",
        assetIds: [ACC1],
        agencyAccount: agency,
      }),
    ).toEqual([{ assetId: ACC1, removed: true, detail: null }]);
    expect(fake.memberOf(ORG1)).toBeDefined();
    expect(agencyRoles(ORG1).map((r) => r.ad_account_id ?? "org")).toEqual(["org", ACC2]);
    expect(
      await connector.removeAccess!({
        accessToken: token,
        serviceId: "snapchat_ads",
        assetIds: [ACC2, ACC3],
        agencyAccount: agency,
      }),
    ).toEqual([
      { assetId: ACC2, removed: true, detail: null },
      { assetId: ACC3, removed: true, detail: null },
    ]);
    expect(fake.calls.filter((c) => c.method === "DELETE").map((c) => c.path.split("/")[2])).toEqual([
      "roles",
      "roles",
      "members",
    ]);
    expect(fake.calls.some((c) => c.method === "DELETE" && c.path === `/v1/members/${member.id}`)).toBe(true);
    expect(fake.memberOf(ORG1)).toBeUndefined();
  });

  it("never removes an organization admin, and reports a refused removal", async () => {
    const token = await signIn();
    fake.preload(ORG2, "admin");
    fake.preload(ORG1, "member", { [ACC2]: ["reports"] });
    fake.switches.refuse.add(ACC2);
    const out = await connector.removeAccess!({
      accessToken: token,
      serviceId: "snapchat_ads",
      assetIds: [ACC3, ACC2],
      agencyAccount: agency,
    });
    expect(out).toEqual([
      {
        assetId: ACC3,
        removed: false,
        detail: "The agency's user is an admin of your Snapchat organization: remove it in Business Manager.",
      },
      { assetId: ACC2, removed: false, detail: "Only an admin of this ad account can change its members." },
    ]);
    expect(fake.memberOf(ORG2)).toBeDefined();
  });
});

describe("the client page with the real Snapchat connector", () => {
  const app = useRealConnectorApp(() => ({
    SNAPCHAT_CLIENT_ID: SNAPCHAT_FAKE.clientId,
    SNAPCHAT_CLIENT_SECRET: SNAPCHAT_FAKE.clientSecret,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  }));
  const seed = () =>
    seedConnectorRequest(
      "snapchat",
      { email: EMAIL, displayName: "Agency Ads" },
      { snapchat_ads: { accessLevel: "account_manager" } },
    );

  it("sign-in, picker, the three-step grant, the events and the read-back", async () => {
    const { requestId, token } = await seed();
    fake.switches.refuse.add(ACC2);
    const { consentUrl } = await walkClientGrant({
      base: app.base,
      token,
      serviceId: "snapchat_ads",
      consentOrigin: fake.hosts["accounts.snapchat.com"]!,
      assets: [ACC1, ACC2],
    });
    expect(consentUrl.searchParams.get("scope")).toBe("snapchat-marketing-api");
    expect(consentUrl.searchParams.get("redirect_uri")).toMatch(/\/api\/access\/callback$/);
    expect(agencyRoles(ORG1).map((r) => r.type)).toEqual(["member", "admin"]);
    await expectGrantRecorded(requestId, "snapchat_ads", {
      grantedAssets: [{ id: ACC1, name: "Acme Snap Ads", accessLevel: "account_manager", verified: null }],
      platform: "snapchat",
      outcome: "partial_success",
      errors: [`Snapchat refused access to ${ACC2}: This ad account does not allow new members.`],
    });
  });

  it("a cancel on Snapchat's consent screen tells the client they cancelled, records nothing", async () => {
    const { requestId, token } = await seed();
    const consent = locationOf(await getNoFollow(`${app.base}/api/access/${token}/connect/snapchat_ads`));
    const back = await getNoFollow(
      `${app.base}/api/access/callback?error=access_denied&state=${encodeURIComponent(consent.searchParams.get("state")!)}`,
    );
    expect(locationOf(back).searchParams.get("error")).toBe("denied");
    expect(typesOf(await eventsOf(requestId))).toEqual(["request.created"]);
    expect(fake.calls.some((c) => c.host === "adsapi.snapchat.com")).toBe(false);
  });

  it("a rate limit that holds, then a 5xx: the client is told to try again, the service stays pending, each attempt reported failed", async () => {
    const { requestId, token } = await seed();
    const consent = locationOf(await getNoFollow(`${app.base}/api/access/${token}/connect/snapchat_ads`));
    const back = new URL((await getNoFollow(consent.toString())).headers.get("location")!);
    const picker = locationOf(await getNoFollow(`${app.base}${back.pathname}${back.search}`));
    fake.switches.rateLimitAlways = true;
    const limited = await postForm(
      `${app.base}/api/access/${token}/services/snapchat_ads/grant`,
      { session: picker.searchParams.get("session")!, asset: [ACC1] },
      { json: true },
    );
    expect(limited.status).toBeLessThan(500);
    // the page the client is sent to carries the attempt's message (signed, base64url JSON)
    const attempt = new URL(((await limited.json()) as { location: string }).location, app.base).searchParams.get(
      "attempt",
    )!;
    expect(Buffer.from(attempt.split(".")[0]!, "base64url").toString("utf8")).toContain(
      "Snapchat is busy right now. Please try again in a few minutes.",
    );
    fake.switches.rateLimitAlways = false;

    const consent2 = locationOf(await getNoFollow(`${app.base}/api/access/${token}/connect/snapchat_ads`));
    const back2 = new URL((await getNoFollow(consent2.toString())).headers.get("location")!);
    const picker2 = locationOf(await getNoFollow(`${app.base}${back2.pathname}${back2.search}`));
    fake.switches.serverError = true;
    const broken = await postForm(
      `${app.base}/api/access/${token}/services/snapchat_ads/grant`,
      { session: picker2.searchParams.get("session")!, asset: [ACC1] },
      { json: true },
    );
    expect(broken.status).toBeLessThan(500);

    expect((await requestRow(requestId)).services[0]!.status).toBe("pending");
    const attempts = (await eventsOf(requestId))
      .filter((e) => e.type === "connection.attempt_completed")
      .map((e) => e.data.attempt as { platform: string; outcome: string });
    expect(attempts).toEqual([
      expect.objectContaining({ platform: "snapchat", outcome: "failed" }),
      expect.objectContaining({ platform: "snapchat", outcome: "failed" }),
    ]);
  });
});
