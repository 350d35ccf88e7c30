// The Meta connector over real HTTP against the contract fake (test/support/fakes/meta-fake.ts):
// the Login dialog and code exchange, listing per service, every service's grant with every
// role, partial failure, already granted, expired token, throttling then success, 5xx.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { ConnectorError, type AgencyAccountRef, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { appSecretProof, GRAPH_VERSION } from "@/lib/infra/connectors/meta/meta-graph";
import { META_SERVICE_IDS, partnerTasks } from "@/lib/infra/connectors/meta/meta-roles";
import { pkceVerifier } from "@/lib/infra/connectors/pkce";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { META_FAKE_APP, hostOverrides, startMetaFake, type MetaFake } from "@/test/support/fakes/meta-fake";

let fake: MetaFake;
let connector: PlatformConnector;
const REDIRECT = "http://localhost:3999/api/access/callback";
const AGENCY: AgencyAccountRef = {
  internalAccountId: "acc_meta",
  platformAccountId: "20002",
  email: "ops@agency.test",
  businessId: "770000000001",
};

function makeConnector(opts: { budgetMs?: number } = {}): PlatformConnector {
  const overrides = parseHostOverrides(hostOverrides(fake.hosts));
  const http = createConnectorHttp({
    overrides,
    baseDelayMs: 1,
    budgetMs: opts.budgetMs ?? 5_000,
    sleep: async () => {},
  });
  const e = {
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    sandboxPlatformList: [],
    platformHostOverrides: overrides,
  } as unknown as ConnectorEnv;
  return getConnector("meta", { env: e, http });
}

/** The whole sign-in: dialog (auto-consent) then code exchange; returns the token. */
async function signIn(serviceIds: string[] = ["meta_ads"]): Promise<string> {
  const verifier = pkceVerifier("secret", `nonce-${Math.random()}`);
  const { authorizationUrl } = connector.beginSignIn({
    state: "st",
    redirectUri: REDIRECT,
    serviceIds,
    codeVerifier: verifier,
  });
  const res = await fetch(authorizationUrl, { redirect: "manual" });
  const back = new URL(res.headers.get("location")!);
  const { accessToken } = await connector.handleCallback({
    code: back.searchParams.get("code")!,
    state: "st",
    redirectUri: REDIRECT,
    codeVerifier: verifier,
  });
  return accessToken;
}

const grant = (token: string, serviceId: string, assetIds: string[], role: string | null, agency = AGENCY) =>
  connector.grantAccess({ accessToken: token, serviceId, assetIds, role, agencyAccount: agency });

beforeAll(async () => {
  fake = await startMetaFake();
  connector = makeConnector();
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

describe("Meta sign-in", () => {
  it("sends the browser to the Login dialog with only the requested services' scopes, then exchanges the code", async () => {
    const verifier = pkceVerifier("secret", "n1");
    const { authorizationUrl } = connector.beginSignIn({
      state: "signed-state",
      redirectUri: REDIRECT,
      serviceIds: ["meta_ads", "meta_catalog"],
      codeVerifier: verifier,
    });
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(fake.hosts["www.facebook.com"]);
    expect(url.pathname).toBe(`/${GRAPH_VERSION}/dialog/oauth`);
    expect(url.searchParams.get("client_id")).toBe(META_FAKE_APP.appId);
    expect(url.searchParams.get("scope")).toBe("ads_management,business_management,catalog_management");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");

    const res = await fetch(authorizationUrl, { redirect: "manual" });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("signed-state");
    const tokens = await connector.handleCallback({
      code: back.searchParams.get("code")!,
      state: "signed-state",
      redirectUri: REDIRECT,
      codeVerifier: verifier,
    });
    expect(tokens.accessToken).toMatch(/^EAAFAKE/);
    expect(tokens.expiresAt).toBeInstanceOf(Date);

    const exchange = fake.calls.find((c) => c.path === `/${GRAPH_VERSION}/oauth/access_token`)!;
    expect(exchange.query).toMatchObject({
      client_id: META_FAKE_APP.appId,
      client_secret: META_FAKE_APP.appSecret,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
  });

  it("refuses a used code, another redirect_uri and a wrong PKCE verifier as a sign-in to start again", async () => {
    for (const bad of ["redirect", "verifier", "reuse"] as const) {
      const verifier = pkceVerifier("secret", `n-${bad}`);
      const { authorizationUrl } = connector.beginSignIn({
        state: "s",
        redirectUri: REDIRECT,
        serviceIds: ["meta_page"],
        codeVerifier: verifier,
      });
      const code = new URL(
        (await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!,
      ).searchParams.get("code")!;
      if (bad === "reuse")
        await connector.handleCallback({ code, state: "s", redirectUri: REDIRECT, codeVerifier: verifier });
      const attempt = connector.handleCallback({
        code,
        state: "s",
        redirectUri: bad === "redirect" ? "http://localhost:3999/elsewhere" : REDIRECT,
        codeVerifier: bad === "verifier" ? pkceVerifier("secret", "other") : verifier,
      });
      await expect(attempt).rejects.toMatchObject({ kind: "invalid_state" });
    }
  });

  it("a consent Deny comes back as error=access_denied", async () => {
    fake.switches.denyConsent = true;
    const { authorizationUrl } = connector.beginSignIn({
      state: "s",
      redirectUri: REDIRECT,
      serviceIds: ["meta_ads"],
      codeVerifier: pkceVerifier("x", "y"),
    });
    const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
  });
});

describe("Meta listing", () => {
  it("an ad account or Page where the client lacks the MANAGE task is listed as not shareable", async () => {
    const token = await signIn(["meta_ads", "meta_page"]);
    fake.switches.limitedTasks = ["act_1002", "2002"];
    const ads = await connector.listAssets({ accessToken: token, serviceId: "meta_ads" });
    expect(ads.map((a) => [a.id, a.notGrantable ?? null])).toEqual([
      ["act_1001", null],
      ["act_1002", "needs_account_admin"],
      ["act_1003", null],
    ]);
    const pages = await connector.listAssets({ accessToken: token, serviceId: "meta_page" });
    expect(pages.map((a) => [a.id, a.notGrantable ?? null])).toEqual([
      ["2001", null],
      ["2002", "needs_page_admin"],
    ]);
  });

  it("lists each service's assets with one sign-in for all of them, every call with appsecret_proof", async () => {
    const token = await signIn([...META_SERVICE_IDS]);
    const ids = async (serviceId: string) =>
      (await connector.listAssets({ accessToken: token, serviceId })).map((a) => a.id);
    expect(await ids("meta_business_manager")).toEqual(["910000000001"]);
    expect(await ids("meta_ads")).toEqual(["act_1001", "act_1002", "act_1003"]);
    expect(await ids("meta_page")).toEqual(["2001", "2002"]);
    expect(await ids("meta_catalog")).toEqual(["3001", "3002"]);
    expect(await ids("meta_pixel")).toEqual(["4001", "4002"]);
    expect(await connector.listAssets({ accessToken: token, serviceId: "meta_instagram" })).toEqual([
      { id: "5001", name: "acme" },
    ]);
    const graphCalls = fake.calls.filter(
      (c) => c.host === "graph.facebook.com" && !c.path.endsWith("/oauth/access_token"),
    );
    expect(graphCalls.length).toBeGreaterThan(5);
    for (const c of graphCalls)
      expect(c.query.appsecret_proof).toBe(appSecretProof(c.query.access_token!, META_FAKE_APP.appSecret));
  });

  it("a sign-in covers only the services it asked scopes for, like the consent the client gave", async () => {
    const token = await signIn(["meta_ads"]);
    expect((await connector.listAssets({ accessToken: token, serviceId: "meta_ads" })).length).toBe(3);
    await expect(connector.listAssets({ accessToken: token, serviceId: "meta_page" })).rejects.toBeInstanceOf(
      ConnectorError,
    );
    await expect(connector.listAssets({ accessToken: token, serviceId: "meta_catalog" })).rejects.toBeInstanceOf(
      ConnectorError,
    );
    const both = await signIn(["meta_ads", "meta_page"]);
    expect((await connector.listAssets({ accessToken: both, serviceId: "meta_page" })).map((a) => a.id)).toEqual([
      "2001",
      "2002",
    ]);
  });

  it("the fake refuses a call without or with a wrong appsecret_proof, like Graph", async () => {
    const token = await signIn();
    const base = `${fake.hosts["graph.facebook.com"]}/${GRAPH_VERSION}/me/adaccounts`;
    const missing = await (await fetch(`${base}?access_token=${token}`)).json();
    expect(missing.error).toMatchObject({
      code: 100,
      message: "API calls from the server require an appsecret_proof argument",
    });
    const wrong = await (await fetch(`${base}?access_token=${token}&appsecret_proof=${"0".repeat(64)}`)).json();
    expect(wrong.error).toMatchObject({ code: 100, message: "Invalid appsecret_proof provided in the API argument" });
  });

  it("lists the agency user's Business Managers as identities to connect", async () => {
    fake.switches.loginAs = "agency";
    const token = await signIn([]);
    const identities = await connector.listAgencyIdentities!({ accessToken: token });
    expect(identities).toEqual([
      {
        displayName: "Agency Main BM",
        email: "ops@agency.test",
        platformAccountId: "20002",
        businessId: "770000000001",
        businessName: "Agency Main BM",
      },
      {
        displayName: "Agency Second BM",
        email: "ops@agency.test",
        platformAccountId: "20002",
        businessId: "770000000002",
        businessName: "Agency Second BM",
      },
    ]);
  });
});

describe("Meta grants", () => {
  const partnerCases: [string, string][] = [
    ["meta_ads", "act_1001"],
    ["meta_page", "2001"],
    ["meta_catalog", "3001"],
  ];
  for (const [serviceId, assetId] of partnerCases) {
    for (const role of getCatalogService(serviceId)!.roles.map((r) => r.value)) {
      it(`${serviceId} as ${role}: partner request with that role's tasks, read back as verified`, async () => {
        const token = await signIn([serviceId]);
        const { results } = await grant(token, serviceId, [assetId], role);
        expect(results).toEqual([{ assetId, ok: true, error: null, verified: true }]);
        const tasks = partnerTasks(serviceId as "meta_ads", role)!;
        expect(fake.partners.get(assetId)?.get(AGENCY.businessId!)).toEqual(tasks);
        const post = fake.calls.filter((c) => c.method === "POST");
        expect(post).toHaveLength(1);
        expect(post[0]!.path).toBe(`/${GRAPH_VERSION}/${assetId}/agencies`);
        expect(post[0]!.form.business).toBe(AGENCY.businessId);
        expect(JSON.parse(post[0]!.form.permitted_tasks!)).toEqual(tasks);
        if (serviceId === "meta_page") expect(post[0]!.form.access_token).toMatch(/^EAAPAGE2001/);
      });
    }
  }

  it("meta_pixel (no role): shared with ADVERTISE and ANALYZE, read back from shared_agencies", async () => {
    const token = await signIn(["meta_pixel"]);
    const { results } = await grant(token, "meta_pixel", ["4001", "4002"], null);
    expect(results.map((r) => [r.assetId, r.ok, r.verified])).toEqual([
      ["4001", true, true],
      ["4002", true, true],
    ]);
    expect(fake.partners.get("4002")?.get(AGENCY.businessId!)).toEqual(["ADVERTISE", "ANALYZE"]);
    expect(fake.calls.some((c) => c.path === `/${GRAPH_VERSION}/4001/shared_agencies`)).toBe(true);
  });

  for (const role of ["admin", "employee"]) {
    it(`meta_business_manager as ${role}: invites the agency account's email with the role`, async () => {
      const token = await signIn(["meta_business_manager"]);
      const { results } = await grant(token, "meta_business_manager", ["910000000001"], role);
      expect(results).toEqual([{ assetId: "910000000001", ok: true, error: null, verified: true }]);
      expect(fake.invitations.get("910000000001")).toEqual([
        { id: expect.any(String), email: "ops@agency.test", role: role.toUpperCase() },
      ]);
    });
  }

  it("partial failure: the refused asset fails with Meta's message, the others are granted", async () => {
    fake.switches.refuse = ["act_1002"];
    const token = await signIn();
    const { results } = await grant(token, "meta_ads", ["act_1001", "act_1002"], "advertiser");
    expect(results[0]).toMatchObject({ assetId: "act_1001", ok: true });
    expect(results[1]).toEqual({
      assetId: "act_1002",
      ok: false,
      error: "Acme Brand Ads does not allow new partners. Ask its admin to turn on partner access.",
      errorKind: "platform_error",
    });
  });

  it("already a partner (or already invited) counts as granted", async () => {
    fake.shareAlready("act_1003", AGENCY.businessId!, ["ADVERTISE", "ANALYZE"]);
    fake.inviteAlready("910000000001", "ops@agency.test", "ADMIN");
    const token = await signIn();
    expect((await grant(token, "meta_ads", ["act_1003"], "advertiser")).results).toEqual([
      { assetId: "act_1003", ok: true, error: null, alreadyGranted: true, verified: true },
    ]);
    expect((await grant(token, "meta_business_manager", ["910000000001"], "admin")).results).toEqual([
      { assetId: "910000000001", ok: true, error: null, alreadyGranted: true, verified: true },
    ]);
  });

  it("an unknown asset is refused for that asset only", async () => {
    const token = await signIn();
    const { results } = await grant(token, "meta_ads", ["act_9999", "act_1001"], "analyst");
    expect(results[0]).toMatchObject({ assetId: "act_9999", ok: false, errorKind: "platform_error" });
    expect(results[0]!.error).toContain("does not exist");
    expect(results[1]).toMatchObject({ ok: true });
  });

  it("an expired token fails the attempt with reauth", async () => {
    const token = await signIn();
    fake.switches.expireTokens = true;
    await expect(grant(token, "meta_ads", ["act_1001"], "admin")).rejects.toMatchObject({ kind: "reauth" });
    await expect(connector.listAssets({ accessToken: token, serviceId: "meta_ads" })).rejects.toMatchObject({
      kind: "reauth",
    });
  });

  it("throttling is retried and then succeeds; a limit that holds is reported as rate_limited", async () => {
    const token = await signIn();
    fake.switches.throttleNext = 1;
    const { results } = await grant(token, "meta_ads", ["act_1001"], "admin");
    expect(results[0]).toMatchObject({ ok: true });
    // The throttled call (the read of the agency's current access, then the add) is retried.
    const grantCalls = fake.calls.filter((c) => c.path.endsWith("/act_1001/agencies"));
    expect(grantCalls.map((c) => [c.method, c.status])).toEqual([
      ["GET", 400],
      ["GET", 200],
      ["POST", 200],
      ["GET", 200],
    ]);

    fake.switches.throttleNext = 1000;
    const err = await grant(token, "meta_ads", ["act_1002"], "admin").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect((err as ConnectorError).kind).toBe("rate_limited");
  });

  it("a platform 5xx on one asset fails that asset as Meta's outage; on listing it fails the call as try-again-later", async () => {
    const token = await signIn();
    fake.switches.serverErrorOn = ["act_1002"];
    const { results } = await grant(token, "meta_ads", ["act_1001", "act_1002"], "admin");
    expect(results[0]).toMatchObject({ ok: true });
    expect(results[1]).toMatchObject({ assetId: "act_1002", ok: false, errorKind: "platform_unavailable" });

    fake.switches.serverErrorNext = 1000;
    await expect(connector.listAssets({ accessToken: token, serviceId: "meta_ads" })).rejects.toMatchObject({
      kind: "rate_limited",
    });
  });

  it("a role the table does not know, or an agency without a Business Manager, never reaches Meta", async () => {
    const token = await signIn();
    await expect(grant(token, "meta_ads", ["act_1001"], "owner")).rejects.toMatchObject({ kind: "server_error" });
    await expect(
      grant(token, "meta_ads", ["act_1001"], "admin", { ...AGENCY, businessId: null }),
    ).rejects.toMatchObject({ kind: "platform_error" });
    expect(fake.calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });
});
