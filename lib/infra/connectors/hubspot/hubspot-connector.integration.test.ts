// The HubSpot connector over real HTTP against the HubSpot contract fake: sign-in with the
// service's scopes, the portal as the one asset, the user created with the mapped role (the
// create body as the official SDK's UserProvisionRequest has it), roles the API
// cannot give refused with steps, already a user, never weaker, refusals, an expired token,
// rate limits (once, then for the whole attempt), a 5xx, removal; then the client-page journey
// through the app's routes with HubSpot live (one click): the user created, a user already
// there, a refusal, a cancel at consent, a rate limit, and removal through a removal link.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConnectorError, type AgencyAccountRef, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp, redactUrl } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createHubSpotConnector } from "@/lib/infra/connectors/hubspot/hubspot-connector";
import { createRemovalLink } from "@/lib/core/removal-links/create-removal-link";
import { loadAccessPage } from "@/lib/surfaces/client-pages/load-access-page";
import { eventsOf, getNoFollow, locationOf, postForm, requestRow, typesOf } from "@/test/support/access-fixtures";
import {
  expectGrantRecorded,
  seedConnectorRequest,
  useRealConnectorApp,
  walkClientGrant,
} from "@/test/support/connector-journey";
import {
  HUBSPOT_FAKE,
  HUBSPOT_INSUFFICIENT_SCOPES,
  startHubSpotFake,
  type HubSpotFake,
} from "@/test/support/fakes/hubspot-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
const HUB = HUBSPOT_FAKE.portal.hubId;
const EMAIL = HUBSPOT_FAKE.agencyEmail;
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: null,
  email: EMAIL,
  businessId: null,
};

let fake: HubSpotFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startHubSpotFake({ redirectUris: [REDIRECT] });
  const http = createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5, budgetMs: 2000 });
  connector = createHubSpotConnector(
    { clientId: HUBSPOT_FAKE.clientId, clientSecret: HUBSPOT_FAKE.clientSecret },
    http,
  );
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const V = "v".repeat(43);
async function signIn(serviceIds: string[] = ["hubspot_portal"], as: "client" | "agency" = "client"): Promise<string> {
  fake.switches.signInAs = as;
  const { authorizationUrl } = connector.beginSignIn({
    state: "st",
    redirectUri: REDIRECT,
    serviceIds,
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
const creates = () => fake.calls.filter((c) => c.method === "POST" && c.path === "/settings/v3/users/");
const writes = () =>
  fake.calls.filter(
    (c) =>
      c.host === "api.hubapi.com" &&
      c.method !== "GET" &&
      c.path !== "/oauth/v1/token" &&
      c.path !== "/oauth/v3/token/introspect",
  );
const grant = (token: string, role: string | null, assetIds: string[] = [HUB]) =>
  connector.grantAccess({ accessToken: token, serviceId: "hubspot_portal", assetIds, role, agencyAccount: agency });

describe("HubSpot sign-in and the portal", () => {
  it("always asks for oauth, which HubSpot requires of every app: the fake's consent page refuses an install URL without it", async () => {
    const url = new URL(
      connector.beginSignIn({ state: "st", redirectUri: REDIRECT, serviceIds: ["hubspot_portal"], codeVerifier: V })
        .authorizationUrl,
    );
    expect(url.searchParams.get("scope")!.split(" ")).toContain("oauth");
    const withoutOauth = new URL(url);
    withoutOauth.searchParams.set("scope", "settings.users.read settings.users.write");
    const refused = await getNoFollow(withoutOauth.toString());
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe(HUBSPOT_INSUFFICIENT_SCOPES);
    const unknown = new URL(url);
    unknown.searchParams.set("scope", "oauth settings.users.read settings.users.write crm.objects.contacts.write");
    expect((await getNoFollow(unknown.toString())).status).toBe(400);
    // the app's own URL goes through to the redirect with a code
    const ok = await getNoFollow(url.toString());
    expect(new URL(ok.headers.get("location")!).searchParams.get("code")).toBeTruthy();
  });

  it("asks for the user provisioning scopes and exchanges the code with the client secret and the same redirect_uri", async () => {
    const url = new URL(
      connector.beginSignIn({ state: "st", redirectUri: REDIRECT, serviceIds: ["hubspot_portal"], codeVerifier: V })
        .authorizationUrl,
    );
    expect(url.origin).toBe(fake.hosts["app.hubspot.com"]);
    expect(url.pathname).toBe("/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: HUBSPOT_FAKE.clientId,
      redirect_uri: REDIRECT,
      scope: "oauth settings.users.read settings.users.write",
      state: "st",
    });
    expect(
      new URL(
        connector.beginSignIn({ state: "st", redirectUri: REDIRECT, serviceIds: [], codeVerifier: V }).authorizationUrl,
      ).searchParams.get("scope"),
    ).toBe("oauth");

    const code = new URL((await getNoFollow(url.toString())).headers.get("location")!).searchParams.get("code")!;
    expect(
      await kindOf(
        connector.handleCallback({ code, state: "st", redirectUri: "http://localhost:3999/other", codeVerifier: V }),
      ),
    ).toBe("invalid_state");
    const fresh = new URL((await getNoFollow(url.toString())).headers.get("location")!).searchParams.get("code")!;
    const tokens = await connector.handleCallback({ code: fresh, state: "st", redirectUri: REDIRECT, codeVerifier: V });
    expect(tokens.accessToken).toMatch(/^hs_/);
    expect(tokens.refreshToken).toMatch(/^hsr_/);
    const exchange = fake.calls.filter((c) => c.path === "/oauth/v1/token").at(-1)!;
    expect(exchange.body).toEqual({
      grant_type: "authorization_code",
      client_id: HUBSPOT_FAKE.clientId,
      client_secret: HUBSPOT_FAKE.clientSecret,
      redirect_uri: REDIRECT,
      code: fresh,
    });
    expect(
      await kindOf(connector.handleCallback({ code: fresh, state: "st", redirectUri: REDIRECT, codeVerifier: V })),
    ).toBe("invalid_state");
  });

  it("offers the one portal of the sign-in, read by token introspection (never the deprecated v1 metadata call)", async () => {
    const token = await signIn();
    expect(await connector.listAssets({ accessToken: token, serviceId: "hubspot_portal" })).toEqual([
      { id: HUB, name: HUBSPOT_FAKE.portal.hubDomain },
    ]);
    await grant(token, "standard");
    const introspections = fake.calls.filter((c) => c.path === "/oauth/v3/token/introspect");
    expect(introspections.map((c) => [c.method, c.body])).toEqual(
      Array(2).fill([
        "POST",
        {
          client_id: HUBSPOT_FAKE.clientId,
          client_secret: HUBSPOT_FAKE.clientSecret,
          token,
          token_type_hint: "access_token",
        },
      ]),
    );
    expect(fake.calls.some((c) => c.path.startsWith("/oauth/v1/access-tokens"))).toBe(false);
    // the token travels in a form body, never in a URL
    expect(
      fake.calls.some((c) => c.path.includes(token) || redactUrl(new URL(`https://x${c.path}`)).includes(token)),
    ).toBe(false);
  });

  it("gives the agency-side identity as the signed-in user of the agency's portal", async () => {
    const token = await signIn([], "agency");
    const p = HUBSPOT_FAKE.agencyPortal;
    expect(await connector.listAgencyIdentities!({ accessToken: token })).toEqual([
      {
        displayName: p.user,
        email: p.user,
        platformAccountId: p.userId,
        businessId: p.hubId,
        businessName: p.hubDomain,
      },
    ]);
  });
});

describe("HubSpot grants", () => {
  it("creates the agency's user with the portal's role for the catalog role, and reads it back", async () => {
    const token = await signIn();
    for (const [role, roleId] of [
      ["standard", "101"],
      ["view_only", "102"],
    ] as const) {
      fake.users.clear();
      expect((await grant(token, role)).results).toEqual([{ assetId: HUB, ok: true, error: null, verified: true }]);
      expect(creates().at(-1)!.body).toEqual({ email: EMAIL, roleId, sendWelcomeEmail: true });
      expect(fake.users.get(EMAIL)!.roleIds).toEqual([roleId]);
    }
    // every body checked against the SDK's UserProvisionRequest: hubspot-descriptions.integration.test.ts
  });

  it("a free portal without roles: view only is HubSpot's minimal user; standard is refused with the steps", async () => {
    const token = await signIn();
    fake.switches.roles = [];
    expect((await grant(token, "view_only")).results).toEqual([
      { assetId: HUB, ok: true, error: null, verified: true },
    ]);
    expect(creates().at(-1)!.body).toEqual({ email: EMAIL, sendWelcomeEmail: true });
    fake.users.clear();
    const [standard] = (await grant(token, "standard")).results;
    expect(standard).toMatchObject({ ok: false, errorKind: "platform_error" });
    expect(standard!.error).toContain('no "Standard user" role');
    expect(standard!.error).toContain(EMAIL);
    expect(creates()).toHaveLength(1);
  });

  it("refuses what the API cannot give, with the steps: super admin, and a role with paid seats", async () => {
    const token = await signIn();
    const [superAdmin] = (await grant(token, "super_admin")).results;
    expect(superAdmin).toMatchObject({ ok: false, errorKind: "platform_error" });
    expect(superAdmin!.error).toContain("cannot make a super admin");
    fake.switches.roles = [{ id: "201", name: "Standard user", requiresBillingWrite: true }];
    const [paid] = (await grant(token, "standard")).results;
    expect(paid!.error).toContain("paid seat");
    expect(creates()).toHaveLength(0);
  });

  it("an existing user at the level asked for or above counts as granted and is never changed: never weaker", async () => {
    const token = await signIn();
    const cases: [Partial<{ superAdmin: boolean; roleIds: string[] }>, string[]][] = [
      [{ superAdmin: true }, ["super_admin", "standard", "view_only"]],
      [{ roleIds: ["101"] }, ["standard", "view_only"]],
      [{ roleIds: ["102"] }, ["view_only"]],
      [{ roleIds: [] }, ["view_only"]],
    ];
    for (const [existing, roles] of cases) {
      for (const role of roles) {
        fake.reset();
        const before = fake.addUser({ email: EMAIL, ...existing });
        expect((await grant(token, role)).results).toEqual([
          { assetId: HUB, ok: true, error: null, alreadyGranted: true, verified: true },
        ]);
        expect(writes()).toEqual([]);
        expect(fake.users.get(EMAIL)).toEqual(before);
      }
    }
  });

  it("a weaker existing user (View only, or HubSpot's minimal user) is raised with PUT /settings/v3/users/{userId}", async () => {
    const token = await signIn();
    for (const roleIds of [["102"], []]) {
      fake.reset();
      const before = fake.addUser({ email: EMAIL, roleIds });
      expect((await grant(token, "standard")).results).toEqual([
        { assetId: HUB, ok: true, error: null, verified: true },
      ]);
      expect(writes().map((c) => [c.method, c.path, c.query, c.body])).toEqual([
        ["PUT", `/settings/v3/users/${before.id}`, {}, { roleId: "101" }],
      ]);
      expect(fake.users.get(EMAIL)).toEqual({ ...before, roleIds: ["101"] });
    }
  });

  it("never lowers or guesses: super admin asked of a Standard user, or a role the portal named itself, is left as it is with the steps", async () => {
    const token = await signIn();
    const before = fake.addUser({ email: EMAIL, roleIds: ["101"] });
    const [superAdmin] = (await grant(token, "super_admin")).results;
    expect(superAdmin).toMatchObject({ ok: false, errorKind: "platform_error" });
    expect(superAdmin!.error).toContain("cannot make a super admin");
    fake.reset();
    fake.switches.roles.push({ id: "150", name: "Marketing team", requiresBillingWrite: false });
    const custom = fake.addUser({ email: EMAIL, roleIds: ["150"] });
    const [unknown] = (await grant(token, "standard")).results;
    expect(unknown).toMatchObject({ ok: false, errorKind: "platform_error" });
    expect(unknown!.error).toContain('"Marketing team"');
    expect(unknown!.error).toContain(EMAIL);
    expect(writes()).toEqual([]);
    expect(fake.users.get(EMAIL)).toEqual(custom);
    expect(before.roleIds).toEqual(["101"]);
  });

  it("the fake refuses a role change by anything but the documented PUT", async () => {
    const token = await signIn();
    const user = fake.addUser({ email: EMAIL, roleIds: ["102"] });
    const api = fake.hosts["api.hubapi.com"]!;
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${api}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await send("PATCH", `/settings/v3/users/${user.id}`, { roleId: "101" })).status).toBe(405);
    expect((await send("POST", `/settings/v3/users/${user.id}`, { roleId: "101" })).status).toBe(405);
    expect((await send("POST", "/settings/v3/users/", { email: EMAIL, roleId: "101" })).status).toBe(409);
    expect((await send("PUT", `/settings/v3/users/${user.id}`, { roleIds: ["101"] })).status).toBe(400);
    expect(fake.users.get(EMAIL)!.roleIds).toEqual(["102"]);
    expect((await send("PUT", `/settings/v3/users/${user.id}`, { roleId: "101" })).status).toBe(200);
    expect(fake.users.get(EMAIL)!.roleIds).toEqual(["101"]);
  });

  it("a user created meanwhile (409) counts as granted; another portal's id is refused", async () => {
    const token = await signIn();
    fake.switches.conflictOnCreate = true;
    const results = (await grant(token, "view_only", [HUB, "99999"])).results;
    expect(results).toEqual([
      { assetId: HUB, ok: true, error: null, alreadyGranted: true, verified: true },
      {
        assetId: "99999",
        ok: false,
        error: "99999 is not the HubSpot account you signed in to.",
        errorKind: "platform_error",
      },
    ]);
    expect(creates()).toHaveLength(1);
  });

  it("a signed-in user who may not add users is refused with HubSpot's message", async () => {
    const token = await signIn();
    fake.switches.forbidden = true;
    expect((await grant(token, "standard")).results).toEqual([
      {
        assetId: HUB,
        ok: false,
        error: `HubSpot refused access to ${HUB}: You don't have permission to add users to this account.`,
        errorKind: "platform_error",
      },
    ]);
  });

  it("an expired token fails the whole attempt with reauth", async () => {
    const token = await signIn();
    expect(await kindOf(connector.listAssets({ accessToken: "hs_revoked", serviceId: "hubspot_portal" }))).toBe(
      "reauth",
    );
    fake.switches.expiredToken = true;
    expect(await kindOf(grant(token, "standard"))).toBe("reauth");
  });

  it("a 429 answered once is retried and the grant succeeds; a limit that holds fails the attempt as rate limited", async () => {
    const token = await signIn();
    fake.switches.rateLimitOnce = true;
    expect((await grant(token, "standard")).results[0]).toMatchObject({ ok: true });
    fake.users.clear();
    fake.switches.rateLimitAlways = true;
    expect(await kindOf(grant(token, "standard"))).toBe("rate_limited");
  });

  it("a HubSpot 5xx on the create is retried, then fails the portal as the platform unavailable", async () => {
    const token = await signIn();
    fake.switches.serverError = true;
    expect((await grant(token, "standard")).results).toEqual([
      { assetId: HUB, ok: false, error: expect.stringContaining("500") as string, errorKind: "platform_unavailable" },
    ]);
    expect(creates()).toHaveLength(4);
  });
});

describe("HubSpot removal", () => {
  it("needs the client's token; deletes the agency's user by email and reads it back as gone; already gone counts as removed", async () => {
    expect(connector.removalToken!("hubspot_portal")).toBe("client");
    const token = await signIn();
    fake.addUser({ email: EMAIL, roleIds: ["101"] });
    expect(
      await connector.removeAccess!({
        accessToken: token,
        serviceId: "hubspot_portal",
        assetIds: [HUB],
        agencyAccount: agency,
      }),
    ).toEqual([{ assetId: HUB, removed: true, detail: null }]);
    const del = fake.calls.find((c) => c.method === "DELETE")!;
    expect(del.path).toBe(`/settings/v3/users/${encodeURIComponent(EMAIL)}`);
    expect(del.query).toEqual({ idProperty: "EMAIL" });
    expect(fake.users.has(EMAIL)).toBe(false);
    expect(
      await connector.removeAccess!({
        accessToken: token,
        serviceId: "hubspot_portal",
        assetIds: [HUB, "99999"],
        agencyAccount: agency,
      }),
    ).toEqual([
      { assetId: HUB, removed: true, detail: null },
      { assetId: "99999", removed: false, detail: "Sign in to this HubSpot account to remove the agency from it." },
    ]);
  });

  it("reports a refused removal with HubSpot's message", async () => {
    const token = await signIn();
    fake.addUser({ email: EMAIL });
    fake.switches.forbidden = true;
    expect(
      await connector.removeAccess!({
        accessToken: token,
        serviceId: "hubspot_portal",
        assetIds: [HUB],
        agencyAccount: agency,
      }),
    ).toEqual([
      { assetId: HUB, removed: false, detail: "You don't have permission to remove users from this account." },
    ]);
  });
});

describe("the client page with HubSpot live", () => {
  const app = useRealConnectorApp(() => ({
    HUBSPOT_CLIENT_ID: HUBSPOT_FAKE.clientId,
    HUBSPOT_CLIENT_SECRET: HUBSPOT_FAKE.clientSecret,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  }));
  const seed = () =>
    seedConnectorRequest(
      "hubspot",
      { email: EMAIL, displayName: "Agency CRM" },
      { hubspot_portal: { accessLevel: "standard" } },
    );

  it("offers one click instead of the invite steps; sign-in, the portal, the user created, the attempt event", async () => {
    const { requestId, token } = await seed();
    const view = (await loadAccessPage({ token }))!.platforms.find((p) => p.platform === "hubspot")!.services[0]!;
    expect(view).toMatchObject({
      flow: "one_click",
      steps: [],
      actions: expect.objectContaining({ grant: true, inviteSent: false }) as object,
    });
    const { consentUrl } = await walkClientGrant({
      base: app.base,
      token,
      serviceId: "hubspot_portal",
      consentOrigin: fake.hosts["app.hubspot.com"]!,
      assets: [HUB],
    });
    expect(consentUrl.searchParams.get("scope")).toBe("oauth settings.users.read settings.users.write");
    expect(fake.users.get(EMAIL)!.roleIds).toEqual(["101"]);
    await expectGrantRecorded(requestId, "hubspot_portal", {
      grantedAssets: [{ id: HUB, name: HUBSPOT_FAKE.portal.hubDomain, accessLevel: "standard", verified: true }],
      platform: "hubspot",
      outcome: "success",
      errors: [],
    });
  });

  it("a cancel on HubSpot's consent screen tells the client they cancelled and records nothing", async () => {
    const { requestId, token } = await seed();
    const consent = locationOf(await getNoFollow(`${app.base}/api/access/${token}/connect/hubspot_portal`));
    const back = await getNoFollow(
      `${app.base}/api/access/callback?error=access_denied&state=${encodeURIComponent(consent.searchParams.get("state")!)}`,
    );
    expect(locationOf(back).searchParams.get("error")).toBe("denied");
    expect(typesOf(await eventsOf(requestId))).toEqual(["request.created"]);
    expect(fake.calls.some((c) => c.host === "api.hubapi.com")).toBe(false);
  });

  it("a rate limit that holds: the client is told to try again, nothing granted, the attempt reported failed", async () => {
    const { requestId, token } = await seed();
    const consent = locationOf(await getNoFollow(`${app.base}/api/access/${token}/connect/hubspot_portal`));
    const back = new URL((await getNoFollow(consent.toString())).headers.get("location")!);
    const picker = locationOf(await getNoFollow(`${app.base}${back.pathname}${back.search}`));
    fake.switches.rateLimitAlways = true;
    const limited = await postForm(
      `${app.base}/api/access/${token}/services/hubspot_portal/grant`,
      { session: picker.searchParams.get("session")!, asset: [HUB] },
      { json: true },
    );
    expect(limited.status).toBeLessThan(500);
    const attempt = new URL(((await limited.json()) as { location: string }).location, app.base).searchParams.get(
      "attempt",
    )!;
    expect(Buffer.from(attempt.split(".")[0]!, "base64url").toString("utf8")).toContain(
      "HubSpot is busy right now. Please try again in a few minutes.",
    );
    expect((await requestRow(requestId)).services[0]!.status).toBe("pending");
    const attempts = (await eventsOf(requestId))
      .filter((e) => e.type === "connection.attempt_completed")
      .map((e) => e.data.attempt as { platform: string; outcome: string });
    expect(attempts).toEqual([expect.objectContaining({ platform: "hubspot", outcome: "failed" })]);
  });
  it("an agency user already in the portal as Standard: granted in one click without a write, the user left as it was", async () => {
    const { requestId, token } = await seed();
    const before = fake.addUser({ email: EMAIL, roleIds: ["101"] });
    await walkClientGrant({
      base: app.base,
      token,
      serviceId: "hubspot_portal",
      consentOrigin: fake.hosts["app.hubspot.com"]!,
      assets: [HUB],
    });
    expect(writes()).toEqual([]);
    expect(fake.users.get(EMAIL)).toEqual(before);
    await expectGrantRecorded(requestId, "hubspot_portal", {
      grantedAssets: [{ id: HUB, name: HUBSPOT_FAKE.portal.hubDomain, accessLevel: "standard", verified: true }],
      platform: "hubspot",
      outcome: "success",
      errors: [],
    });
  });

  it("an agency user already in the portal as View only: raised to Standard in one click, the grant recorded as standard", async () => {
    const { requestId, token } = await seed();
    const before = fake.addUser({ email: EMAIL, roleIds: ["102"] });
    await walkClientGrant({
      base: app.base,
      token,
      serviceId: "hubspot_portal",
      consentOrigin: fake.hosts["app.hubspot.com"]!,
      assets: [HUB],
    });
    expect(creates()).toEqual([]);
    expect(fake.users.get(EMAIL)).toEqual({ ...before, roleIds: ["101"] });
    await expectGrantRecorded(requestId, "hubspot_portal", {
      grantedAssets: [{ id: HUB, name: HUBSPOT_FAKE.portal.hubDomain, accessLevel: "standard", verified: true }],
      platform: "hubspot",
      outcome: "success",
      errors: [],
    });
  });

  it("a client who may not add users is refused with HubSpot's message: nothing granted, the attempt failed", async () => {
    const { requestId, token } = await seed();
    fake.switches.forbidden = true;
    const { grant: answer } = await walkClientGrant({
      base: app.base,
      token,
      serviceId: "hubspot_portal",
      consentOrigin: fake.hosts["app.hubspot.com"]!,
      assets: [HUB],
    });
    const attemptParam = locationOf(answer).searchParams.get("attempt")!;
    expect(Buffer.from(attemptParam.split(".")[0]!, "base64url").toString("utf8")).toContain(
      "You don't have permission to add users to this account.",
    );
    expect(fake.users.size).toBe(0);
    expect((await requestRow(requestId)).services[0]!.status).toBe("pending");
    const attempts = (await eventsOf(requestId))
      .filter((e) => e.type === "connection.attempt_completed")
      .map((e) => e.data.attempt as { platform: string; outcome: string; services: { errors: string[] }[] });
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ platform: "hubspot", outcome: "failed" });
    expect(attempts[0]!.services[0]!.errors.join(" ")).toContain("You don't have permission to add users");
  });

  it("removal by link: the client signs in to HubSpot again and the agency's user is deleted from the portal", async () => {
    const { requestId, token } = await seed();
    await walkClientGrant({
      base: app.base,
      token,
      serviceId: "hubspot_portal",
      consentOrigin: fake.hosts["app.hubspot.com"]!,
      assets: [HUB],
    });
    expect(fake.users.has(EMAIL)).toBe(true);
    const row = await requestRow(requestId);
    const link = await createRemovalLink({
      agencyId: row.agencyId,
      clientId: row.clientId,
      platform: "hubspot",
      createdBy: "owner@agency.test",
    });
    const removal = new URL(link.url).pathname.split("/").pop()!;
    const consent = locationOf(await getNoFollow(`${app.base}/api/access/removal/${removal}/start`));
    expect(consent.origin).toBe(fake.hosts["app.hubspot.com"]);
    expect(consent.searchParams.get("scope")).toBe("oauth settings.users.read settings.users.write");
    const back = new URL((await getNoFollow(consent.toString())).headers.get("location")!);
    const callback = await getNoFollow(`${app.base}${back.pathname}${back.search}`);
    expect(locationOf(callback).pathname).toBe(`/r/${removal}`);
    expect(locationOf(callback).searchParams.get("error")).toBeNull();
    const confirm = await fetch(`${app.base}/api/access/removal/${removal}/confirm`, {
      method: "POST",
      redirect: "manual",
    });
    expect(confirm.status).toBe(303);
    expect(locationOf(confirm).searchParams.get("error")).toBeNull();

    const deletes = fake.calls.filter((c) => c.method === "DELETE");
    expect(deletes.map((c) => [c.path, c.query])).toEqual([
      [`/settings/v3/users/${encodeURIComponent(EMAIL)}`, { idProperty: "EMAIL" }],
    ]);
    expect(fake.users.has(EMAIL)).toBe(false);
    const svc = (await requestRow(requestId)).services[0]!;
    expect(svc.accessRemovedAt).not.toBeNull();
    expect(svc.accessRemovedBy).toMatch(/^client:/);
    const removed = (await eventsOf(requestId)).filter((e) => e.type === "access.removed");
    expect(removed).toHaveLength(1);
    expect(removed[0]!.data.assets).toEqual([
      expect.objectContaining({ id: HUB, method: "client_token", removed: true }) as object,
    ]);
  });
});
