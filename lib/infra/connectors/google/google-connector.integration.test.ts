// The Google connector over real HTTP against the contract fake (test/support/fakes/google-fake.ts):
// sign-in with PKCE and per-service scopes, listing per service, every service's grant with
// every role (the exact documented call the fake received), partial failure, already
// granted, expired token, rate limited then granted, a 5xx, the Ads manager link with and
// without the agency's token, read-backs, and the agency identity.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConnectorError, type AgencyAccountRef, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { getConnector, platformMode } from "@/lib/infra/connectors/get-connector";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { pkceVerifier } from "@/lib/infra/connectors/pkce";
import { scopesFor } from "@/lib/infra/connectors/google/google-api";
import { GOOGLE_FAKE, GOOGLE_FAKE_ASSETS, startGoogleFake, type GoogleFake } from "@/test/support/fakes/google-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
let fake: GoogleFake;
let env: ConnectorEnv;
let google: PlatformConnector;

function connectorEnv(overrides: string, developerToken: string = GOOGLE_FAKE.developerToken): ConnectorEnv {
  return {
    GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: developerToken,
    sandboxPlatformList: [],
    platformHostOverrides: parseHostOverrides(overrides),
  };
}
const fastHttp = (e: ConnectorEnv) =>
  createConnectorHttp({ overrides: e.platformHostOverrides, sleep: async () => {}, baseDelayMs: 1 });

beforeAll(async () => {
  fake = await startGoogleFake({ redirectUris: [REDIRECT] });
  env = connectorEnv(fake.overrides);
  google = getConnector("google", { env, http: fastHttp(env) });
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const agency: AgencyAccountRef = {
  internalAccountId: "acc_1",
  platformAccountId: null,
  email: GOOGLE_FAKE.agencyEmail,
  businessId: null,
};
const clientToken = (services: string[]) => fake.issueToken(GOOGLE_FAKE.clientEmail, scopesFor(services));
const grantCalls = () => fake.calls.filter((c) => c.method !== "GET" && !c.path.endsWith(":search"));

async function grant(
  serviceId: string,
  assetIds: string[],
  role: string | null,
  account: AgencyAccountRef = agency,
  token = clientToken([serviceId]),
) {
  return google.grantAccess({ accessToken: token, serviceId, assetIds, role, agencyAccount: account });
}

describe("Google sign-in", () => {
  it("is live only when configured and not in SANDBOX_PLATFORMS", () => {
    expect(platformMode("google", env)).toBe("live");
    expect(platformMode("google", { ...env, sandboxPlatformList: ["google"] })).toBe("sandbox");
    expect(platformMode("google", { ...env, GOOGLE_CLIENT_SECRET: undefined })).toBe("unconfigured");
  });

  it("sends the client to Google's consent page with PKCE and only the requested services' scopes, then exchanges the code", async () => {
    const verifier = pkceVerifier("secret", "nonce-1");
    const { authorizationUrl } = google.beginSignIn({
      state: "st.1",
      redirectUri: REDIRECT,
      serviceIds: ["google_tag_manager"],
      codeVerifier: verifier,
    });
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(fake.hosts["accounts.google.com"]);
    expect(url.pathname).toBe("/o/oauth2/v2/auth");
    expect(url.searchParams.get("scope")!.split(" ").sort()).toEqual([
      "email",
      "https://www.googleapis.com/auth/tagmanager.manage.users",
      "https://www.googleapis.com/auth/tagmanager.readonly",
      "openid",
    ]);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).not.toBe(verifier);

    const consent = await fetch(url, { redirect: "manual" });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("st.1");
    const tokens = await google.handleCallback({
      code: back.searchParams.get("code")!,
      state: "st.1",
      redirectUri: REDIRECT,
      codeVerifier: verifier,
    });
    expect(tokens.accessToken).toMatch(/^ya29\./);
    const exchange = fake.calls.find((c) => c.path === "/token")!;
    expect(exchange.body).toMatchObject({
      grant_type: "authorization_code",
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      client_id: GOOGLE_FAKE.clientId,
    });

    // The code is single-use.
    await expect(
      google.handleCallback({
        code: back.searchParams.get("code")!,
        state: "st.1",
        redirectUri: REDIRECT,
        codeVerifier: verifier,
      }),
    ).rejects.toMatchObject({
      kind: "invalid_state",
    });
  });

  it("refuses a wrong PKCE verifier, a wrong redirect_uri and an unregistered redirect_uri; passes a refusal on", async () => {
    const verifier = pkceVerifier("secret", "nonce-2");
    const start = (redirectUri = REDIRECT) =>
      google.beginSignIn({ state: "s", redirectUri, serviceIds: ["google_ads"], codeVerifier: verifier })
        .authorizationUrl;
    const codeOf = async () =>
      new URL((await fetch(start(), { redirect: "manual" })).headers.get("location")!).searchParams.get("code")!;

    await expect(
      google.handleCallback({
        code: await codeOf(),
        state: "s",
        redirectUri: REDIRECT,
        codeVerifier: pkceVerifier("secret", "other"),
      }),
    ).rejects.toMatchObject({
      kind: "invalid_state",
    });
    // redirect_uri_mismatch: Google refuses the app's settings, which the client is told (not "our failure").
    await expect(
      google.handleCallback({
        code: await codeOf(),
        state: "s",
        redirectUri: "http://localhost:3999/elsewhere",
        codeVerifier: verifier,
      }),
    ).rejects.toMatchObject({
      kind: "platform_error",
      answer: "setup",
    });
    const unregistered = await fetch(start("http://evil.test/cb"), { redirect: "manual" });
    expect(unregistered.status).toBe(400);
    expect(await unregistered.text()).toContain("redirect_uri_mismatch");

    fake.set({ deny: true });
    const denied = new URL((await fetch(start(), { redirect: "manual" })).headers.get("location")!);
    expect(denied.searchParams.get("error")).toBe("access_denied");
    expect(denied.searchParams.get("code")).toBeNull();
  });
});

describe("listing the client's assets", () => {
  it("lists each service's assets with names through its documented read", async () => {
    for (const [serviceId, ids] of Object.entries(GOOGLE_FAKE_ASSETS)) {
      const assets = await google.listAssets({ accessToken: clientToken([serviceId]), serviceId });
      expect(
        assets.map((a) => a.id),
        serviceId,
      ).toEqual([...ids]);
      expect(
        assets.every((a) => a.name),
        serviceId,
      ).toBe(true);
    }
    const ads = fake.calls.filter((c) => c.host === "googleads.googleapis.com");
    expect(ads.every((c) => c.headers["developer-token"] === GOOGLE_FAKE.developerToken)).toBe(true);
  });

  it("fails with reauth when the token is expired and with a scope refusal when the sign-in lacked the scope", async () => {
    await expect(
      google.listAssets({ accessToken: clientToken(["google_ads"]), serviceId: "google_analytics" }),
    ).rejects.toMatchObject({
      kind: "platform_error",
      message: "Request had insufficient authentication scopes.",
    });
    fake.set({ expiredTokens: true });
    await expect(
      google.listAssets({ accessToken: clientToken(["google_analytics"]), serviceId: "google_analytics" }),
    ).rejects.toMatchObject({ kind: "reauth" });
  });
});

describe("grants, one documented call per service and role", () => {
  it("Analytics: an access binding with the predefined role, read back", async () => {
    const roles = {
      administrator: "predefinedRoles/admin",
      editor: "predefinedRoles/editor",
      analyst: "predefinedRoles/analyst",
      viewer: "predefinedRoles/viewer",
    };
    for (const [role, predefined] of Object.entries(roles)) {
      fake.reset();
      const { results } = await grant("google_analytics", ["properties/1001"], role);
      expect(results).toEqual([{ assetId: "properties/1001", ok: true, error: null, verified: true }]);
      expect(grantCalls().map((c) => [c.method, c.path, c.body])).toEqual([
        ["POST", "/v1alpha/properties/1001/accessBindings", { user: GOOGLE_FAKE.agencyEmail, roles: [predefined] }],
      ]);
    }
  });

  it("Analytics: an existing weaker binding is raised to the requested role", async () => {
    await grant("google_analytics", ["properties/1002"], "viewer");
    const { results } = await grant("google_analytics", ["properties/1002"], "editor");
    expect(results[0]).toMatchObject({ ok: true, verified: true });
    expect(results[0]!.alreadyGranted).toBeUndefined();
    expect(grantCalls().at(-1)).toMatchObject({ method: "PATCH", body: { roles: ["predefinedRoles/editor"] } });
  });

  it("Tag Manager: one permission per container, the strongest of a multi-role list", async () => {
    for (const [role, permission] of [
      ["read", "read"],
      ["edit", "edit"],
      ["approve", "approve"],
      ["publish", "publish"],
      ["[approve,read]", "approve"],
      ["[publish,approve,edit,read]", "publish"],
    ]) {
      fake.reset();
      const { results } = await grant("google_tag_manager", ["accounts/2001/containers/3001"], role!);
      expect(results[0], role).toMatchObject({ ok: true, verified: true });
      expect(grantCalls().map((c) => [c.method, c.path, c.body])).toEqual([
        [
          "POST",
          "/tagmanager/v2/accounts/2001/user_permissions",
          {
            emailAddress: GOOGLE_FAKE.agencyEmail,
            accountAccess: { permission: "user" },
            containerAccess: [{ containerId: "3001", permission }],
          },
        ],
      ]);
    }
    // A second container of the same account updates the agency's one permission entry.
    const { results } = await grant("google_tag_manager", ["accounts/2001/containers/3002"], "edit");
    expect(results[0]).toMatchObject({ ok: true, verified: true });
    expect(grantCalls().at(-1)).toMatchObject({
      method: "PUT",
      body: {
        containerAccess: [
          { containerId: "3001", permission: "publish" },
          { containerId: "3002", permission: "edit" },
        ],
      },
    });
  });

  it("Google Ads: a user access invitation with the access role and the developer token, read back", async () => {
    for (const [role, accessRole] of [
      ["admin", "ADMIN"],
      ["standard", "STANDARD"],
      ["read_only", "READ_ONLY"],
      ["email_only", "EMAIL_ONLY"],
    ]) {
      fake.reset();
      const { results } = await grant("google_ads", ["444-000-1111"], role!);
      expect(results[0], role).toMatchObject({ ok: true, verified: true });
      const [call] = grantCalls();
      expect(call).toMatchObject({
        path: "/v26/customers/4440001111/customerUserAccessInvitations:mutate",
        headers: { "developer-token": GOOGLE_FAKE.developerToken },
        body: { operation: { create: { emailAddress: GOOGLE_FAKE.agencyEmail, accessRole } } },
      });
    }
  });

  it("Google Ads: billing has no API role, so nothing is sent and the client is told what to do by hand", async () => {
    await expect(grant("google_ads", ["4440001111"], "billing")).rejects.toMatchObject({
      kind: "platform_error",
      message: expect.stringContaining("Access and security"),
    });
    expect(grantCalls()).toEqual([]);
  });

  it("Google Ads manager link: the manager invites with the agency's token, the client accepts with theirs", async () => {
    const agencyToken = fake.issueToken(GOOGLE_FAKE.agencyEmail, scopesFor(["google_ads_mcc"]));
    const mcc = { ...agency, agencyAccessToken: agencyToken, linkFields: { adsMccAccountId: "999-000-1111" } };
    const { results } = await grant("google_ads_mcc", ["4440001111"], null, mcc);
    expect(results).toEqual([{ assetId: "4440001111", ok: true, error: null, verified: true }]);
    const [invite, accept] = grantCalls();
    expect(invite).toMatchObject({
      path: "/v26/customers/9990001111/customerClientLinks:mutate",
      headers: { authorization: `Bearer ${agencyToken}`, "login-customer-id": "9990001111" },
      body: { operation: { create: { clientCustomer: "customers/4440001111", status: "PENDING" } } },
    });
    expect(accept!.path).toBe("/v26/customers/4440001111/customerManagerLinks:mutate");
    expect(accept!.headers.authorization).not.toBe(`Bearer ${agencyToken}`);
    expect(accept!.body).toMatchObject({ operations: [{ update: { status: "ACTIVE" }, updateMask: "status" }] });

    // Linked already: counted as granted.
    const again = await grant("google_ads_mcc", ["4440001111"], null, mcc);
    expect(again.results[0]).toMatchObject({ ok: true, alreadyGranted: true, verified: true });
  });

  it("Google Ads manager link: without the agency's own Google token the attempt fails, telling the agency must reconnect", async () => {
    const err = await grant("google_ads_mcc", ["4440001111"], null, {
      ...agency,
      linkFields: { adsMccAccountId: "9990001111" },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectorError);
    expect(err).toMatchObject({
      kind: "platform_error",
      message: expect.stringContaining("agency needs to reconnect its Google account"),
    });
    expect(grantCalls()).toEqual([]);
  });

  it("Merchant Center users and Business Profile admins with each role", async () => {
    for (const [role, rights] of [
      ["admin", ["ADMIN"]],
      ["standard", ["STANDARD"]],
      ["reporting", ["PERFORMANCE_REPORTING"]],
    ] as const) {
      fake.reset();
      const { results } = await grant("google_merchant_center", ["accounts/5001"], role);
      expect(results[0], role).toMatchObject({ ok: true, verified: true });
      expect(grantCalls()[0]).toMatchObject({
        path: "/accounts/v1/accounts/5001/users",
        query: { userId: GOOGLE_FAKE.agencyEmail },
        body: { accessRights: rights },
      });
    }
    for (const [role, adminRole] of [
      ["owner", "OWNER"],
      ["manager", "MANAGER"],
    ]) {
      fake.reset();
      const { results } = await grant("google_business_profile", ["locations/6001"], role!);
      expect(results[0], role).toMatchObject({ ok: true, verified: true });
      expect(grantCalls()[0]).toMatchObject({
        path: "/v1/locations/6001/admins",
        body: { admin: GOOGLE_FAKE.agencyEmail, role: adminRole },
      });
    }
  });
});

describe("failures and retries", () => {
  it("partial failure: the refused asset fails with Google's message, the others are granted", async () => {
    fake.set({ refuse: ["properties/1003"] });
    const { results } = await grant("google_analytics", [...GOOGLE_FAKE_ASSETS.google_analytics], "analyst");
    expect(results.map((r) => r.ok)).toEqual([true, true, false]);
    expect(results[2]).toEqual({
      assetId: "properties/1003",
      ok: false,
      error: "The caller does not have permission to manage users on this property.",
      errorKind: "platform_error",
    });
  });

  it("already granted counts as granted on every service", async () => {
    fake.set({
      alreadyShared: [
        "properties/1001",
        "accounts/2001/containers/3001",
        "4440001111",
        "accounts/5001",
        "locations/6001",
      ],
    });
    for (const [serviceId, assetId, role] of [
      ["google_analytics", "properties/1001", "viewer"],
      ["google_tag_manager", "accounts/2001/containers/3001", "[edit,read]"],
      ["google_ads", "4440001111", "standard"],
      ["google_merchant_center", "accounts/5001", "standard"],
      ["google_business_profile", "locations/6001", "manager"],
    ]) {
      const { results } = await grant(serviceId!, [assetId!], role!);
      expect(results[0], serviceId).toMatchObject({ ok: true, alreadyGranted: true, verified: true });
    }
  });

  it("an expired token fails the whole attempt with reauth", async () => {
    const token = clientToken(["google_ads"]);
    fake.set({ expiredTokens: true });
    await expect(grant("google_ads", ["4440001111"], "admin", agency, token)).rejects.toMatchObject({ kind: "reauth" });
  });

  it("a rate limit answered once is retried and then granted", async () => {
    fake.set({ rateLimitOnce: true });
    const { results } = await grant("google_business_profile", ["locations/6002"], "owner");
    expect(results[0]).toMatchObject({ ok: true, verified: true });
    expect(grantCalls().map((c) => c.path)).toEqual(["/v1/locations/6002/admins", "/v1/locations/6002/admins"]);
  });

  it("a rate limit that holds for the whole budget fails the attempt as rate_limited (try again in a few minutes)", async () => {
    fake.set({ rateLimitAlways: true });
    await expect(grant("google_business_profile", ["locations/6002"], "owner")).rejects.toMatchObject({
      kind: "rate_limited",
    });
    expect(grantCalls().length).toBeGreaterThan(1);
  });

  it("a Google 5xx that outlasts the retries fails the asset as the platform's outage (try again in a few minutes)", async () => {
    fake.set({ serverError: true });
    const { results } = await grant("google_merchant_center", ["accounts/5002"], "admin");
    expect(results[0]).toMatchObject({ ok: false, errorKind: "platform_unavailable" });
    expect(grantCalls().length).toBeGreaterThan(1);
  });

  it("a wrong developer token is a configuration error, not the client's sign-in", async () => {
    const e = connectorEnv(fake.overrides, "wrong-developer-token");
    const broken = getConnector("google", { env: e, http: fastHttp(e) });
    await expect(
      broken.listAssets({ accessToken: clientToken(["google_ads"]), serviceId: "google_ads" }),
    ).rejects.toMatchObject({ kind: "server_error" });
  });
});

describe("agency side", () => {
  it("names the signed-in agency user's email and the Ads manager account they reach", async () => {
    const token = fake.issueToken(GOOGLE_FAKE.agencyEmail, scopesFor(["google_ads"]));
    const identities = await google.listAgencyIdentities!({ accessToken: token });
    expect(identities).toEqual([
      {
        displayName: "google",
        email: GOOGLE_FAKE.agencyEmail,
        platformAccountId: GOOGLE_FAKE.managerId,
        businessId: GOOGLE_FAKE.managerId,
        businessName: "Agency MCC",
      },
    ]);
  });

  it("reads a grant back on request", async () => {
    await grant("google_analytics", ["properties/1001"], "viewer");
    const read = await google.verifyAccess!({
      accessToken: clientToken(["google_analytics"]),
      serviceId: "google_analytics",
      assetIds: ["properties/1001", "properties/1002"],
      agencyAccount: agency,
    });
    expect(read).toEqual([
      { assetId: "properties/1001", present: true, detail: "predefinedRoles/viewer" },
      { assetId: "properties/1002", present: false, detail: "no access binding for the agency's email" },
    ]);
  });
});

describe("Google Ads without a developer token (Cloud-managed access levels)", () => {
  function tokenless() {
    const e = { ...connectorEnv(fake.overrides), GOOGLE_ADS_DEVELOPER_TOKEN: undefined };
    return getConnector("google", { env: e, http: fastHttp(e) });
  }
  const adsCalls = () => fake.calls.filter((c) => c.path.startsWith(`/${GOOGLE_FAKE.adsVersion}/`));

  it("where Google manages the project's access, lists, grants and reads back with no developer-token header", async () => {
    fake.set({ cloudManaged: true });
    const google = tokenless();
    const token = clientToken(["google_ads"]);
    const assets = await google.listAssets({ accessToken: token, serviceId: "google_ads" });
    expect(assets.map((a) => a.id)).toEqual([...GOOGLE_FAKE_ASSETS.google_ads]);
    const { results } = await google.grantAccess({
      accessToken: token,
      serviceId: "google_ads",
      assetIds: ["4440001111"],
      role: "read_only",
      agencyAccount: agency,
    });
    expect(results[0]).toMatchObject({ ok: true, verified: true });
    const read = await google.verifyAccess!({
      accessToken: token,
      serviceId: "google_ads",
      assetIds: ["4440001111"],
      agencyAccount: agency,
    });
    expect(read[0]).toMatchObject({ present: true });
    expect(adsCalls().length).toBeGreaterThan(3);
    expect(adsCalls().every((c) => !("developer-token" in c.headers))).toBe(true);
  });

  it("where Google still wants one, its refusal is the installation's setup, never the client's refusal or lost access", async () => {
    const google = tokenless();
    const token = clientToken(["google_ads"]);
    await expect(google.listAssets({ accessToken: token, serviceId: "google_ads" })).rejects.toMatchObject({
      kind: "server_error",
    });
    const { results } = await google.grantAccess({
      accessToken: token,
      serviceId: "google_ads",
      assetIds: ["4440001111"],
      role: "read_only",
      agencyAccount: agency,
    });
    expect(results[0]).toMatchObject({ ok: false, errorKind: "server_error" });
    const read = await google.verifyAccess!({
      accessToken: token,
      serviceId: "google_ads",
      assetIds: ["4440001111"],
      agencyAccount: agency,
    });
    expect(read[0]).toMatchObject({ present: false, unreadable: expect.stringMatching(/asked for a developer token/) });
    // Google's documented answer, as the fake gives it
    const refused = await fetch(
      `${fake.hosts["googleads.googleapis.com"]}/${GOOGLE_FAKE.adsVersion}/customers:listAccessibleCustomers`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('"requestError":"DEVELOPER_TOKEN_PARAMETER_MISSING"');
  });

  it("with a developer token the header is sent, and Google's Cloud-managed access does not change that", async () => {
    fake.set({ cloudManaged: true });
    await google.listAssets({ accessToken: clientToken(["google_ads"]), serviceId: "google_ads" });
    expect(adsCalls().every((c) => c.headers["developer-token"] === GOOGLE_FAKE.developerToken)).toBe(true);
  });
});
