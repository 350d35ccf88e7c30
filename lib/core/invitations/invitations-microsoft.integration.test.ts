// Microsoft Advertising user invitations followed until the agency accepts them, with the real
// Microsoft connector against its contract fake, over real HTTP and a real database: the
// client's grant sends a user invitation per account to the agency's email (listed by
// SearchUserInvitations while pending), the service shows the invitation pending with its
// accept link, a check with the agency's own token reads it still pending (the agency's user
// has no CustomerRole on the account yet: not lost), the agency accepts (the fake's hook) and
// the worker's task reads it accepted from GetUser's CustomerRoles: the service shows it, the
// request has a new stateVersion, one request.updated says so, and the timeline reads it in
// words.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MICROSOFT_ACCEPT_URL } from "@/lib/infra/connectors/microsoft/microsoft-grants";
import { checkGrantedAccess } from "@/lib/core/access-checks/check-access";
import { followInvitations } from "@/lib/core/invitations/follow-invitations";
import { describeEvent } from "@/lib/surfaces/dashboard/describe-event";
import { requestRow, acceptanceEvents, publicRequest } from "@/test/support/access-fixtures";
import { seedConnectorRequest, useRealConnectorApp, walkClientGrant } from "@/test/support/connector-journey";
import { MICROSOFT_FAKE, startMicrosoftFake, type MicrosoftFake } from "@/test/support/fakes/microsoft-fake";

const CUSTOMER = MICROSOFT_FAKE.customers[0]!.id;
const [ACC1, ACC2] = MICROSOFT_FAKE.customers[0]!.accounts.map(([id]) => id) as [string, string];
const EMAIL = MICROSOFT_FAKE.agencyEmail;
let fake: MicrosoftFake;

beforeAll(async () => {
  fake = await startMicrosoftFake();
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

let app: { readonly base: string };

const apiCalls = (path: string) => fake.calls.filter((c) => c.path === `/CustomerManagement/v13${path}`);

describe("a Microsoft Advertising user invitation followed until the agency accepts it", () => {
  app = useRealConnectorApp(() => ({
    MICROSOFT_CLIENT_ID: MICROSOFT_FAKE.clientId,
    MICROSOFT_CLIENT_SECRET: MICROSOFT_FAKE.clientSecret,
    MICROSOFT_ADS_DEVELOPER_TOKEN: MICROSOFT_FAKE.developerToken,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  }));

  it("pending after the grant; a check reads it pending, not lost; accepted on Microsoft; read accepted", async () => {
    const { requestId, token } = await seedConnectorRequest(
      "microsoft",
      {
        email: EMAIL,
        platformAccountId: MICROSOFT_FAKE.agencyUser.id,
        accessToken: fake.agencyToken(),
      },
      { microsoft_ads: { accessLevel: "campaign_manager" } },
    );
    await walkClientGrant({
      base: app.base,
      token,
      serviceId: "microsoft_ads",
      consentOrigin: fake.hosts["login.microsoftonline.com"]!,
      assets: [ACC1, ACC2],
    });
    const { agencyId } = await requestRow(requestId);
    expect(fake.invitations.map((i) => [i.Email, i.AccountIds])).toEqual([
      [EMAIL, [ACC1]],
      [EMAIL, [ACC2]],
    ]);
    const before = await publicRequest(agencyId, requestId);
    expect(before.services[0]!.status).toBe("granted");
    expect(before.services[0]!.invitation).toEqual({
      status: "pending",
      sentTo: EMAIL,
      acceptUrl: MICROSOFT_ACCEPT_URL,
      sentAt: expect.any(String),
      acceptedAt: null,
    });
    const stored = (await requestRow(requestId)).services[0]!.invitation as { refs: string[] };
    expect(stored.refs).toEqual(fake.invitations.map((i) => `${CUSTOMER}/${i.AccountIds[0]}/${i.Id}`));

    // a check while pending: GetUser of the agency's user holds no role on the accounts, and the
    // agency may not search the client's invitations
    const getUsers = apiCalls("/User/Query").length;
    await checkGrantedAccess({ agencyId, requestId });
    expect(apiCalls("/User/Query").length).toBe(getUsers + 1);
    expect(apiCalls("/User/Query").at(-1)!.body).toEqual({ UserId: null });
    expect(apiCalls("/UserInvitations/Search").at(-1)!.body).toEqual({
      Predicates: [{ Field: "CustomerId", Operator: "Equals", Value: CUSTOMER }],
    });
    const assets = (await requestRow(requestId)).services[0]!.grantedAssets as Record<string, unknown>[];
    expect(assets.map((a) => a.checkStatus)).toEqual(["unavailable", "unavailable"]);
    expect(String(assets[0]!.checkDetail)).toContain("Invitation waiting for the agency to accept it");
    expect(assets.every((a) => (a.lostAt ?? null) === null)).toBe(true);
    expect((await publicRequest(agencyId, requestId)).stateVersion).toBe(before.stateVersion);

    // one of two accepted: still pending
    const [first, second] = fake.invitations.map((i) => i.Id);
    expect(fake.acceptInvitation(first!)).toBe(true);
    await checkGrantedAccess({ agencyId, requestId, now: new Date(Date.now() + 60_000) });
    expect((await publicRequest(agencyId, requestId)).services[0]!.invitation?.status).toBe("pending");
    expect(await acceptanceEvents(requestId)).toHaveLength(0);

    // both accepted; the worker's task reads it an hour later
    expect(fake.acceptInvitation(second!)).toBe(true);
    const later = new Date(Date.now() + 2 * 3600_000);
    await followInvitations({ now: later });
    const after = await publicRequest(agencyId, requestId);
    expect(after.stateVersion).toBe(before.stateVersion + 1);
    expect(after.services[0]!.invitation).toMatchObject({ status: "accepted", acceptedAt: later.toISOString() });
    const verified = (await requestRow(requestId)).services[0]!.grantedAssets as Record<string, unknown>[];
    expect(verified.map((a) => a.checkStatus)).toEqual(["verified", "verified"]);
    const events = await acceptanceEvents(requestId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data.invitation).toEqual({ change: "accepted", sentTo: EMAIL, services: ["microsoft_ads"] });
    expect(describeEvent("request.updated", JSON.stringify({ data: events[0]!.data }), "Ana Client").text).toBe(
      `Your team accepted the invitation for Microsoft Advertising (sent to ${EMAIL})`,
    );

    // once accepted, a later check records nothing new
    await checkGrantedAccess({ agencyId, requestId, now: new Date(later.getTime() + 60_000) });
    expect((await publicRequest(agencyId, requestId)).stateVersion).toBe(after.stateVersion);
  });
});
