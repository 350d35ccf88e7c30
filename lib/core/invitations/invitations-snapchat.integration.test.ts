// Snapchat Member invitations followed until the agency accepts them, with the real Snapchat
// connector against its contract fake, over real HTTP and a real database: the client's grant
// invites the agency's email as a Member of the client's organization (INVITED on the API),
// the service shows the invitation pending with Business Manager as the place to accept it, a
// check with the agency's own token reads it still pending (not lost), the agency accepts
// (the fake's hook: the Member becomes MEMBER) and the worker's task reads it accepted: the
// service shows it, the request has a new stateVersion, one request.updated says so, and the
// timeline reads it in words.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createSnapchatConnector } from "@/lib/infra/connectors/snapchat/snapchat-connector";
import { SNAPCHAT_ACCEPT_URL } from "@/lib/infra/connectors/snapchat/snapchat-grants";
import { checkGrantedAccess } from "@/lib/core/access-checks/check-access";
import { followInvitations } from "@/lib/core/invitations/follow-invitations";
import { describeEvent } from "@/lib/surfaces/dashboard/describe-event";
import { getNoFollow, requestRow, acceptanceEvents, publicRequest } from "@/test/support/access-fixtures";
import { seedConnectorRequest, useRealConnectorApp, walkClientGrant } from "@/test/support/connector-journey";
import { SNAPCHAT_FAKE, startSnapchatFake, type SnapchatFake } from "@/test/support/fakes/snapchat-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
const ORG = SNAPCHAT_FAKE.organizations[0].id;
const AD_ACCOUNT = SNAPCHAT_FAKE.organizations[0].adAccounts[0]![0];
const EMAIL = SNAPCHAT_FAKE.agency.email;
let fake: SnapchatFake;

beforeAll(async () => {
  fake = await startSnapchatFake();
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

let app: { readonly base: string };

/** The agency's own Snapchat token, as the dashboard's "Connect account" would store it. */
async function agencyToken(): Promise<string> {
  const connector = createSnapchatConnector(
    { clientId: SNAPCHAT_FAKE.clientId, clientSecret: SNAPCHAT_FAKE.clientSecret },
    createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 }),
  );
  fake.switches.signInAs = "agency";
  const V = "v".repeat(43);
  const { authorizationUrl } = connector.beginSignIn({
    state: "st",
    redirectUri: REDIRECT,
    serviceIds: ["snapchat_ads"],
    codeVerifier: V,
  });
  const back = new URL((await getNoFollow(authorizationUrl)).headers.get("location")!);
  const code = back.searchParams.get("code")!;
  const tokens = await connector.handleCallback({ code, state: "st", redirectUri: REDIRECT, codeVerifier: V });
  fake.switches.signInAs = "client";
  return tokens.accessToken;
}

describe("a Snapchat Member invitation followed until the agency accepts it", () => {
  app = useRealConnectorApp(() => ({
    SNAPCHAT_CLIENT_ID: SNAPCHAT_FAKE.clientId,
    SNAPCHAT_CLIENT_SECRET: SNAPCHAT_FAKE.clientSecret,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  }));

  it("pending after the grant; a check reads it pending, not lost; accepted on Snapchat; read accepted", async () => {
    const { requestId, token } = await seedConnectorRequest(
      "snapchat",
      {
        email: EMAIL,
        displayName: "Agency Ads",
        platformAccountId: SNAPCHAT_FAKE.agency.id,
        accessToken: await agencyToken(),
      },
      { snapchat_ads: { accessLevel: "account_manager" } },
    );
    await walkClientGrant({
      base: app.base,
      token,
      serviceId: "snapchat_ads",
      consentOrigin: fake.hosts["accounts.snapchat.com"]!,
      assets: [AD_ACCOUNT],
    });
    const { agencyId } = await requestRow(requestId);
    expect(fake.memberOf(ORG)!.member_status).toBe("INVITED");
    const before = await publicRequest(agencyId, requestId);
    expect(before.services[0]!.status).toBe("granted");
    expect(before.services[0]!.invitation).toEqual({
      status: "pending",
      sentTo: EMAIL,
      acceptUrl: SNAPCHAT_ACCEPT_URL,
      sentAt: expect.any(String),
      acceptedAt: null,
    });

    // a check while INVITED: the agency's organizations do not list the client's yet
    await checkGrantedAccess({ agencyId, requestId });
    const asset = ((await requestRow(requestId)).services[0]!.grantedAssets as Record<string, unknown>[])[0]!;
    expect(asset).toMatchObject({ checkStatus: "unavailable" });
    expect(asset.checkDetail).toContain("Invitation waiting for the agency to accept it");
    expect(asset.lostAt ?? null).toBeNull();
    expect((await publicRequest(agencyId, requestId)).stateVersion).toBe(before.stateVersion);
    expect(await acceptanceEvents(requestId)).toHaveLength(0);
    expect(
      fake.calls.some(
        (c) => c.method === "GET" && c.path === "/v1/me/organizations" && c.query.with_ad_accounts === "true",
      ),
    ).toBe(true);

    // the agency accepts Snapchat's invitation; the worker's task reads it an hour later
    fake.accept();
    const later = new Date(Date.now() + 2 * 3600_000);
    await followInvitations({ now: later });
    const after = await publicRequest(agencyId, requestId);
    expect(after.stateVersion).toBe(before.stateVersion + 1);
    expect(after.services[0]!.invitation).toMatchObject({ status: "accepted", acceptedAt: later.toISOString() });
    const verified = ((await requestRow(requestId)).services[0]!.grantedAssets as Record<string, unknown>[])[0]!;
    expect(verified).toMatchObject({ checkStatus: "verified" });
    const events = await acceptanceEvents(requestId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data.invitation).toEqual({ change: "accepted", sentTo: EMAIL, services: ["snapchat_ads"] });
    expect(describeEvent("request.updated", JSON.stringify({ data: events[0]!.data }), "Ana Client").text).toBe(
      `Your team accepted the invitation for Snapchat Ads (sent to ${EMAIL})`,
    );

    // once accepted, a later check records nothing new
    await checkGrantedAccess({ agencyId, requestId, now: new Date(later.getTime() + 60_000) });
    expect((await publicRequest(agencyId, requestId)).stateVersion).toBe(after.stateVersion);
  });
});
