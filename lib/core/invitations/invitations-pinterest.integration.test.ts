// Pinterest partner invites followed until the agency accepts them, with the real Pinterest
// connector against its contract fake, over real HTTP and a real database: the client's
// grant invites the agency's business as a partner (pending on the API), a check reads the
// invite's status with the agency's token (still pending: not lost), then either the agency
// accepts in Business Manager (the fake's hook) and the worker's task reads it accepted, or
// the agency clicks "Accept now" (PATCH /businesses/invites with its own token). Either way
// the service shows it accepted, stateVersion rises and one request.updated says so.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createPinterestConnector } from "@/lib/infra/connectors/pinterest/pinterest-connector";
import { PINTEREST_ACCEPT_URL } from "@/lib/infra/connectors/pinterest/pinterest-grants";
import { checkGrantedAccess } from "@/lib/core/access-checks/check-access";
import { followInvitations } from "@/lib/core/invitations/follow-invitations";
import { acceptInvitationNow } from "@/lib/core/invitations/accept-invitation-now";
import { getDb } from "@/lib/infra/db/db";
import { getNoFollow, requestRow, acceptanceEvents, publicRequest } from "@/test/support/access-fixtures";
import { seedConnectorRequest, useRealConnectorApp, walkClientGrant } from "@/test/support/connector-journey";
import { PINTEREST_FAKE, startPinterestFake, type PinterestFake } from "@/test/support/fakes/pinterest-fake";

const REDIRECT = "http://localhost:3999/api/access/callback";
const AD_ACCOUNT = PINTEREST_FAKE.adAccounts[0]![0];
const AGENCY_BIZ = PINTEREST_FAKE.agencyBusiness;
let fake: PinterestFake;

beforeAll(async () => {
  fake = await startPinterestFake();
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

let app: { readonly base: string };
/** The agency's own Pinterest token, as the dashboard's "Connect account" would store it. */
async function agencyToken(): Promise<string> {
  const connector = createPinterestConnector(
    { appId: PINTEREST_FAKE.appId, appSecret: PINTEREST_FAKE.appSecret },
    createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 5 }),
  );
  const V = "v".repeat(43);
  const { authorizationUrl } = connector.beginSignIn({
    state: "st",
    redirectUri: REDIRECT,
    serviceIds: ["pinterest_ads"],
    codeVerifier: V,
  });
  const back = new URL((await getNoFollow(authorizationUrl)).headers.get("location")!);
  const code = back.searchParams.get("code")!;
  return (await connector.handleCallback({ code, state: "st", redirectUri: REDIRECT, codeVerifier: V })).accessToken;
}

/** A Pinterest request granted by the client through the app: the agency's business is invited. */
async function grantedByInvite() {
  const { requestId, token } = await seedConnectorRequest(
    "pinterest",
    {
      platformAccountId: AGENCY_BIZ,
      business: { id: AGENCY_BIZ, name: "Agency Biz" },
      accessToken: await agencyToken(),
    },
    { pinterest_ads: { accessLevel: "analyst" } },
  );
  await walkClientGrant({
    base: app.base,
    token,
    serviceId: "pinterest_ads",
    consentOrigin: fake.hosts["www.pinterest.com"]!,
    assets: [AD_ACCOUNT],
  });
  const row = await requestRow(requestId);
  return { requestId, agencyId: row.agencyId };
}

describe("a Pinterest partner invite followed until the agency accepts it", () => {
  app = useRealConnectorApp(() => ({
    PINTEREST_APP_ID: PINTEREST_FAKE.appId,
    PINTEREST_APP_SECRET: PINTEREST_FAKE.appSecret,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  }));

  it("pending after the grant; accepted in Business Manager; read accepted by the worker's task", async () => {
    const { requestId, agencyId } = await grantedByInvite();
    const [inviteId] = [...fake.invites.keys()];
    const before = await publicRequest(agencyId, requestId);
    expect(before.services[0]!.status).toBe("granted");
    expect(before.services[0]!.invitation).toEqual({
      status: "pending",
      sentTo: `Pinterest business ${AGENCY_BIZ}`,
      acceptUrl: PINTEREST_ACCEPT_URL,
      sentAt: expect.any(String),
      acceptedAt: null,
    });

    // a check while pending reads the invite with the agency's token: not lost, not accepted
    await checkGrantedAccess({ agencyId, requestId });
    const read = fake.calls.filter((c) => c.method === "GET" && c.path === `/v5/businesses/${AGENCY_BIZ}/invites`);
    expect(read.at(-1)!.query).toMatchObject({ is_member: "false", invite_type: "PARTNER_INVITE" });
    const svc = (await requestRow(requestId)).services[0]!;
    expect((svc.grantedAssets as { checkStatus?: string; lostAt?: string | null }[])[0]).toMatchObject({
      checkStatus: "unavailable",
    });
    expect((await publicRequest(agencyId, requestId)).stateVersion).toBe(before.stateVersion);
    expect(await acceptanceEvents(requestId)).toHaveLength(0);

    // the agency accepts in Business Manager; the worker's task reads it an hour later
    expect(fake.acceptInvite(inviteId!)).toBe(true);
    const later = new Date(Date.now() + 2 * 3600_000);
    await followInvitations({ now: later });
    const after = await publicRequest(agencyId, requestId);
    expect(after.stateVersion).toBe(before.stateVersion + 1);
    expect(after.services[0]!.invitation).toMatchObject({ status: "accepted", acceptedAt: later.toISOString() });
    const events = await acceptanceEvents(requestId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data.invitation).toEqual({
      change: "accepted",
      sentTo: `Pinterest business ${AGENCY_BIZ}`,
      services: ["pinterest_ads"],
    });
  });

  it('"Accept now" accepts the invite with the agency\'s own token and records it', async () => {
    const { requestId, agencyId } = await grantedByInvite();
    const [inviteId] = [...fake.invites.keys()];
    const before = await publicRequest(agencyId, requestId);

    expect(await acceptInvitationNow({ agencyId, requestId, serviceId: "pinterest_ads" })).toEqual({
      accepted: true,
      message: null,
    });
    const patch = fake.calls.filter((c) => c.method === "PATCH" && c.path === "/v5/businesses/invites");
    expect(patch.map((c) => c.body)).toEqual([{ invites: [{ invite_id: inviteId, action: { accept_invite: true } }] }]);
    expect(fake.inviteStatus.get(inviteId!)).toBe("ACCEPTED");
    expect(fake.partnerAccess.get(`${AGENCY_BIZ}|${AD_ACCOUNT}`)).toEqual(["ANALYST"]);

    const after = await publicRequest(agencyId, requestId);
    expect(after.stateVersion).toBe(before.stateVersion + 1);
    expect(after.services[0]!.invitation?.status).toBe("accepted");
    expect(await acceptanceEvents(requestId)).toHaveLength(1);

    // accepting again changes nothing
    expect((await acceptInvitationNow({ agencyId, requestId, serviceId: "pinterest_ads" })).accepted).toBe(true);
    expect((await publicRequest(agencyId, requestId)).stateVersion).toBe(after.stateVersion);
  });

  it("refuses Accept now when there is no platform invite to accept, and for another agency's request", async () => {
    const { requestId, agencyId } = await grantedByInvite();
    const other = await grantedByInvite();
    await expect(
      acceptInvitationNow({ agencyId: other.agencyId, requestId, serviceId: "pinterest_ads" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    // an invitation without the platform's invite id (nothing the agency's token can accept)
    const db = await getDb();
    const svc = (await requestRow(requestId)).services[0]!;
    await db.requestService.update({
      where: { id: svc.id },
      data: { invitation: { ...(svc.invitation as object), refs: [] } },
    });
    await expect(acceptInvitationNow({ agencyId, requestId, serviceId: "pinterest_ads" })).rejects.toMatchObject({
      code: "INVALID_STATE",
    });
    expect(fake.calls.some((c) => c.method === "PATCH" && c.path === "/v5/businesses/invites")).toBe(false);
  });
});
