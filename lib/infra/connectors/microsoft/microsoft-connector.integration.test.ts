// The Microsoft Advertising connector over real HTTP against the Microsoft contract fake:
// sign-in with PKCE, listing, every role, partial failure, already invited, an expired
// token, a rate limit then success, a 5xx, read-back, the agency-side identity; then one
// client-page journey through the app's routes with the real connector (no sandbox),
// checking the recorded events.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConnectorError, type AgencyAccountRef, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { MICROSOFT_ACCEPT_URL } from "@/lib/infra/connectors/microsoft/microsoft-grants";
import { createMicrosoftConnector } from "@/lib/infra/connectors/microsoft/microsoft-connector";
import { getNoFollow } from "@/test/support/access-fixtures";
import { signInThroughFake } from "@/test/support/fakes/fake-sign-in";
import {
  expectGrantRecorded,
  seedConnectorRequest,
  useRealConnectorApp,
  walkClientGrant,
} from "@/test/support/connector-journey";
import { MICROSOFT_FAKE, startMicrosoftFake, type MicrosoftFake } from "@/test/support/fakes/microsoft-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
const [ACC1, ACC2] = MICROSOFT_FAKE.customers[0]!.accounts.map(([id]) => id) as [string, string];
const ACC3 = MICROSOFT_FAKE.customers[1]!.accounts[0]![0];
const CUST1 = MICROSOFT_FAKE.customers[0]!.id;
const agency: AgencyAccountRef = {
  internalAccountId: "acc-1",
  platformAccountId: null,
  email: MICROSOFT_FAKE.agencyEmail,
  businessId: null,
};

let fake: MicrosoftFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startMicrosoftFake({ redirectUris: [REDIRECT] });
  const http = createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 });
  connector = createMicrosoftConnector(
    {
      clientId: MICROSOFT_FAKE.clientId,
      clientSecret: MICROSOFT_FAKE.clientSecret,
      developerToken: MICROSOFT_FAKE.developerToken,
    },
    http,
  );
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

const V = "v".repeat(43);

const signIn = () => signInThroughFake(connector, { redirectUri: REDIRECT, serviceIds: ["microsoft_ads"] });

const kindOf = async (p: Promise<unknown>) =>
  p.then(
    () => "none",
    (e: unknown) => (e instanceof ConnectorError ? e.kind : `other: ${String(e)}`),
  );
/** The invitation a sent (or still pending) invitation makes of the grant. */
const invited = (accountId: string, id: number) => ({
  sentTo: MICROSOFT_FAKE.agencyEmail,
  acceptUrl: MICROSOFT_ACCEPT_URL,
  status: "pending",
  ref: `${MICROSOFT_FAKE.customers.find((c) => c.accounts.some(([a]) => a === accountId))!.id}/${accountId}/${id}`,
});
const calls = (path: string) => fake.calls.filter((c) => c.path === path);
const grant = (token: string, assetIds: string[], role = "standard") =>
  connector.grantAccess({ accessToken: token, serviceId: "microsoft_ads", assetIds, role, agencyAccount: agency });

describe("Microsoft sign-in", () => {
  it("asks for the Ads scope with a PKCE challenge and exchanges the code with the verifier and the same redirect_uri", async () => {
    const url = new URL(
      connector.beginSignIn({ state: "st", redirectUri: REDIRECT, serviceIds: ["microsoft_ads"], codeVerifier: V })
        .authorizationUrl,
    );
    expect(url.origin).toBe(fake.hosts["login.microsoftonline.com"]);
    expect(url.pathname).toBe("/common/oauth2/v2.0/authorize");
    expect(url.searchParams.get("scope")).toBe("openid offline_access https://ads.microsoft.com/msads.manage");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("response_mode")).toBe("query");

    const code = () =>
      getNoFollow(url.toString()).then((r) => new URL(r.headers.get("location")!).searchParams.get("code")!);
    // A verifier that does not match the challenge, or another redirect_uri, is refused.
    expect(
      await kindOf(
        connector.handleCallback({
          code: await code(),
          state: "st",
          redirectUri: REDIRECT,
          codeVerifier: "w".repeat(43),
        }),
      ),
    ).toBe("invalid_state");
    expect(
      await kindOf(
        connector.handleCallback({
          code: await code(),
          state: "st",
          redirectUri: "http://localhost:3999/other",
          codeVerifier: V,
        }),
      ),
    ).toBe("invalid_state");
    const fresh = await code();
    const tokens = await connector.handleCallback({ code: fresh, state: "st", redirectUri: REDIRECT, codeVerifier: V });
    expect(tokens.accessToken).toMatch(/^ms-token-/);
    expect(tokens.refreshToken).toMatch(/^ms-refresh-/);
    expect(calls("/common/oauth2/v2.0/token").at(-1)!.body).toMatchObject({
      grant_type: "authorization_code",
      code: fresh,
      code_verifier: V,
      redirect_uri: REDIRECT,
    });
    expect(
      await kindOf(connector.handleCallback({ code: fresh, state: "st", redirectUri: REDIRECT, codeVerifier: V })),
    ).toBe("invalid_state");
  });
});

describe("Microsoft listing", () => {
  it("lists the accounts of the customers where the user may invite, with the developer token", async () => {
    const token = await signIn();
    expect(await connector.listAssets({ accessToken: token, serviceId: "microsoft_ads" })).toEqual([
      { id: ACC1, name: "Acme Search" },
      { id: ACC2, name: "Acme Shopping" },
      { id: ACC3, name: "Acme Brand" },
    ]);
    const api = fake.calls.filter((c) => c.host === "clientcenter.api.bingads.microsoft.com");
    expect(
      api.every(
        (c) =>
          c.headers.developertoken === MICROSOFT_FAKE.developerToken && c.headers.authorization === `Bearer ${token}`,
      ),
    ).toBe(true);
    expect(calls("/CustomerManagement/v13/AccountsInfo/Query").map((c) => c.headers.customerid)).toEqual([
      CUST1,
      MICROSOFT_FAKE.customers[1]!.id,
    ]);
  });
});

describe("Microsoft grants", () => {
  it("sends an invitation per account with every role's id, read back by SearchUserInvitations", async () => {
    const token = await signIn();
    for (const [role, roleId] of [
      ["super_admin", 41],
      ["standard", 203],
      ["campaign_manager", 16],
      ["viewer", 100],
    ] as const) {
      fake.reset();
      const { results } = await grant(token, [ACC1], role);
      const id = fake.invitations.at(-1)!.Id;
      expect(results).toEqual([
        { assetId: ACC1, ok: true, error: null, verified: true, invitation: invited(ACC1, id) },
      ]);
      const send = calls("/CustomerManagement/v13/UserInvitation/Send").at(-1)!;
      expect(send.headers.customerid).toBe(CUST1);
      expect(send.headers.customeraccountid).toBe(ACC1);
      expect(send.body).toEqual({
        UserInvitation: {
          FirstName: "ads",
          LastName: "agency.test",
          Email: MICROSOFT_FAKE.agencyEmail,
          CustomerId: CUST1,
          RoleId: roleId,
          AccountIds: [ACC1],
          Lcid: "EnglishUS",
        },
      });
    }
  });

  it("partial failure: a refused account and an unknown account fail alone; a Standard user cannot invite a Super Admin", async () => {
    const token = await signIn();
    fake.switches.refuse.add(ACC2);
    const { results } = await grant(token, [ACC1, ACC2, "999"], "viewer");
    expect(results).toEqual([
      { assetId: ACC1, ok: true, error: null, verified: true, invitation: invited(ACC1, fake.invitations[0]!.Id) },
      {
        assetId: ACC2,
        ok: false,
        error: `Microsoft Advertising refused access to ${ACC2}: You cannot manage users of account ${ACC2}.`,
        errorKind: "platform_error",
      },
      {
        assetId: "999",
        ok: false,
        error: "999 is not a Microsoft Advertising account you can share.",
        errorKind: "platform_error",
      },
    ]);
    const superAdmin = await grant(token, [ACC3], "super_admin");
    expect(superAdmin.results[0]).toMatchObject({
      ok: false,
      error: `Microsoft Advertising refused access to ${ACC3}: A Standard user cannot invite a Super Admin.`,
    });
  });

  it("an unexpired pending invitation with the same role counts as granted without a new email; an expired one does not", async () => {
    const token = await signIn();
    fake.alreadyInvited(ACC1, 203);
    fake.alreadyInvited(ACC2, 203, { expired: true });
    const { results } = await grant(token, [ACC1, ACC2]);
    const [held, , sent] = fake.invitations;
    expect(results).toEqual([
      {
        assetId: ACC1,
        ok: true,
        error: null,
        alreadyGranted: true,
        verified: true,
        invitation: invited(ACC1, held!.Id),
      },
      { assetId: ACC2, ok: true, error: null, verified: true, invitation: invited(ACC2, sent!.Id) },
    ]);
    expect(calls("/CustomerManagement/v13/UserInvitation/Send").map((c) => c.headers.customeraccountid)).toEqual([
      ACC2,
    ]);
  });

  it("an expired token fails the whole attempt with reauth", async () => {
    const token = await signIn();
    fake.switches.expiredToken = true;
    expect(await kindOf(grant(token, [ACC1]))).toBe("reauth");
    expect(await kindOf(connector.listAssets({ accessToken: token, serviceId: "microsoft_ads" }))).toBe("reauth");
  });

  it("CallRateExceeded once is retried and the grant succeeds", async () => {
    const token = await signIn();
    fake.switches.rateLimitOnce = true;
    const { results } = await grant(token, [ACC1]);
    expect(results[0]).toMatchObject({ ok: true });
    expect(fake.invitations).toHaveLength(1);
  });

  it("a Microsoft 5xx fails the asset as the platform's outage after retries", async () => {
    const token = await signIn();
    fake.switches.serverError = true;
    const { results } = await grant(token, [ACC1]);
    expect(results[0]).toMatchObject({ assetId: ACC1, ok: false, errorKind: "platform_unavailable" });
    expect(calls("/CustomerManagement/v13/UserInvitation/Send").length).toBeGreaterThan(1);
  });

  it("refuses without a call when the agency has no email, reads grants back, and gives the agency identity", async () => {
    const token = await signIn();
    expect(
      await kindOf(
        connector.grantAccess({
          accessToken: token,
          serviceId: "microsoft_ads",
          assetIds: [ACC1],
          role: "viewer",
          agencyAccount: { ...agency, email: null },
        }),
      ),
    ).toBe("platform_error");
    const { results } = await grant(token, [ACC1], "viewer");
    // read with the agency's own token, as the access checks do: pending until the agency accepts
    const read = () =>
      connector.verifyAccess!({
        accessToken: fake.agencyToken(),
        serviceId: "microsoft_ads",
        assetIds: [ACC1, ACC2],
        agencyAccount: agency,
        invitationRefs: [results[0]!.invitation!.ref!],
      });
    expect((await read()).map((v) => [v.assetId, v.present, v.invitation ?? null])).toEqual([
      [ACC1, false, "pending"],
      [ACC2, false, null],
    ]);
    expect(fake.acceptInvitation(fake.invitations[0]!.Id)).toBe(true);
    expect((await read()).map((v) => [v.assetId, v.present, v.invitation ?? null])).toEqual([
      [ACC1, true, "accepted"],
      [ACC2, false, null],
    ]);
    // a CustomerRole without AccountIds (the client's own) covers the customer's accounts (GetAccountsInfo)
    const own = await connector.verifyAccess!({
      accessToken: token,
      serviceId: "microsoft_ads",
      assetIds: [ACC2, ACC3],
      agencyAccount: agency,
    });
    expect(own.map((v) => [v.assetId, v.present])).toEqual([
      [ACC2, true],
      [ACC3, true],
    ]);
    expect(await connector.listAgencyIdentities!({ accessToken: token })).toEqual([
      {
        displayName: "Ana Client",
        email: "ana@client.test",
        platformAccountId: MICROSOFT_FAKE.user.id,
        businessId: null,
        businessName: null,
      },
    ]);
  });
});

describe("the client page with the real Microsoft Advertising connector", () => {
  const app = useRealConnectorApp(() => ({
    MICROSOFT_CLIENT_ID: MICROSOFT_FAKE.clientId,
    MICROSOFT_CLIENT_SECRET: MICROSOFT_FAKE.clientSecret,
    MICROSOFT_ADS_DEVELOPER_TOKEN: MICROSOFT_FAKE.developerToken,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  }));

  it("a partly refused invitation: the invited account recorded, the refusal shown, attempt event partial_success", async () => {
    const { requestId, token } = await seedConnectorRequest(
      "microsoft",
      { email: MICROSOFT_FAKE.agencyEmail },
      { microsoft_ads: { accessLevel: "campaign_manager" } },
    );
    fake.switches.refuse.add(ACC2);
    const { consentUrl } = await walkClientGrant({
      base: app.base,
      token,
      serviceId: "microsoft_ads",
      consentOrigin: fake.hosts["login.microsoftonline.com"]!,
      assets: [ACC1, ACC2],
    });
    expect(consentUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(fake.invitations.map((i) => [i.AccountIds, i.RoleId, i.Email])).toEqual([
      [[ACC1], 16, MICROSOFT_FAKE.agencyEmail],
    ]);
    await expectGrantRecorded(requestId, "microsoft_ads", {
      grantedAssets: [{ id: ACC1, name: "Acme Search", accessLevel: "campaign_manager" }],
      platform: "microsoft",
      outcome: "partial_success",
      errors: [`Microsoft Advertising refused access to ${ACC2}: You cannot manage users of account ${ACC2}.`],
    });
  });
});
