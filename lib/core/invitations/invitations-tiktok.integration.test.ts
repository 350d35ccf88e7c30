// TikTok Business Center member invitations followed until the agency accepts them, with the
// real TikTok connector against its contract fake, over real HTTP and a real database: the
// client's grant invites the agency's email to the client's Business Center (the member row
// reads `relation_status` PENDING), the service shows the invitation pending with TikTok
// Business Center as the place to accept it, a check reads it still pending (not lost), the
// agency accepts (the fake's hook: BOUND) and the worker's task reads it accepted: the service
// shows it, the request has a new stateVersion, one request.updated says so, and the timeline
// reads it in words.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TIKTOK_ACCEPT_URL } from "@/lib/infra/connectors/tiktok/tiktok-grants";
import { checkGrantedAccess } from "@/lib/core/access-checks/check-access";
import { followInvitations } from "@/lib/core/invitations/follow-invitations";
import { describeEvent } from "@/lib/surfaces/dashboard/describe-event";
import { requestRow, acceptanceEvents, publicRequest } from "@/test/support/access-fixtures";
import { seedConnectorRequest, useRealConnectorApp, walkClientGrant } from "@/test/support/connector-journey";
import { startTikTokFake, TIKTOK_FAKE, type TikTokFake } from "@/test/support/fakes/tiktok-fake";

const BC = TIKTOK_FAKE.businessCenters[0]!.bcId;
const EMAIL = TIKTOK_FAKE.agencyEmail;
let fake: TikTokFake;

beforeAll(async () => {
  fake = await startTikTokFake();
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

let app: { readonly base: string };

const memberReads = () =>
  fake.calls.filter((c) => c.method === "GET" && c.path === "/open_api/v1.3/bc/member/get/" && c.query.bc_id === BC);

describe("a TikTok Business Center invitation followed until the agency accepts it", () => {
  app = useRealConnectorApp(() => ({
    TIKTOK_APP_ID: TIKTOK_FAKE.appId,
    TIKTOK_APP_SECRET: TIKTOK_FAKE.appSecret,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  }));

  it("pending after the grant; a check reads it pending, not lost; accepted on TikTok; read accepted", async () => {
    const { requestId, token } = await seedConnectorRequest(
      "tiktok",
      {
        email: EMAIL,
        business: { id: TIKTOK_FAKE.agencyBcId, name: "Agency BC" },
        accessToken: fake.agencyToken(),
      },
      { tiktok_business_center: { accessLevel: "standard" } },
    );
    await walkClientGrant({
      base: app.base,
      token,
      serviceId: "tiktok_business_center",
      consentOrigin: fake.hosts["business-api.tiktok.com"]!,
      assets: [BC],
    });
    const { agencyId } = await requestRow(requestId);
    expect(fake.members.get(BC)!.get(EMAIL)).toBe("STANDARD");
    expect(fake.bound.has(`${BC}|${EMAIL}`)).toBe(false);
    const before = await publicRequest(agencyId, requestId);
    expect(before.services[0]!.status).toBe("granted");
    expect(before.services[0]!.invitation).toEqual({
      status: "pending",
      sentTo: EMAIL,
      acceptUrl: TIKTOK_ACCEPT_URL,
      sentAt: expect.any(String),
      acceptedAt: null,
    });

    // a check while PENDING: the member row is there but not BOUND
    const readsBefore = memberReads().length;
    await checkGrantedAccess({ agencyId, requestId });
    expect(memberReads().length).toBe(readsBefore + 1);
    expect(JSON.parse(memberReads().at(-1)!.query.filtering!)).toEqual({ keyword: EMAIL });
    const asset = ((await requestRow(requestId)).services[0]!.grantedAssets as Record<string, unknown>[])[0]!;
    expect(asset).toMatchObject({ checkStatus: "unavailable" });
    expect(asset.checkDetail).toContain("Invitation waiting for the agency to accept it");
    expect(asset.lostAt ?? null).toBeNull();
    expect((await publicRequest(agencyId, requestId)).stateVersion).toBe(before.stateVersion);
    expect(await acceptanceEvents(requestId)).toHaveLength(0);

    // the agency accepts TikTok's invitation; the worker's task reads it an hour later
    expect(fake.acceptInvite(BC)).toBe(true);
    const later = new Date(Date.now() + 2 * 3600_000);
    await followInvitations({ now: later });
    const after = await publicRequest(agencyId, requestId);
    expect(after.stateVersion).toBe(before.stateVersion + 1);
    expect(after.services[0]!.invitation).toMatchObject({ status: "accepted", acceptedAt: later.toISOString() });
    const verified = ((await requestRow(requestId)).services[0]!.grantedAssets as Record<string, unknown>[])[0]!;
    expect(verified).toMatchObject({ checkStatus: "verified" });
    const events = await acceptanceEvents(requestId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data.invitation).toEqual({
      change: "accepted",
      sentTo: EMAIL,
      services: ["tiktok_business_center"],
    });
    expect(describeEvent("request.updated", JSON.stringify({ data: events[0]!.data }), "Ana Client").text).toBe(
      `Your team accepted the invitation for TikTok Business Center (sent to ${EMAIL})`,
    );

    // once accepted, a later check records nothing new
    await checkGrantedAccess({ agencyId, requestId, now: new Date(later.getTime() + 60_000) });
    expect((await publicRequest(agencyId, requestId)).stateVersion).toBe(after.stateVersion);
  });

  it("an ad account shared with the agency's Business Center is not an invitation", async () => {
    const AD = TIKTOK_FAKE.businessCenters[0]!.advertisers[0]![0];
    const { requestId, token } = await seedConnectorRequest(
      "tiktok",
      {
        email: EMAIL,
        business: { id: TIKTOK_FAKE.agencyBcId, name: "Agency BC" },
        accessToken: fake.agencyToken(),
      },
      { tiktok_ads: { accessLevel: "analyst" } },
    );
    await walkClientGrant({
      base: app.base,
      token,
      serviceId: "tiktok_ads",
      consentOrigin: fake.hosts["business-api.tiktok.com"]!,
      assets: [AD],
    });
    const { agencyId } = await requestRow(requestId);
    const svc = (await publicRequest(agencyId, requestId)).services[0]!;
    expect(svc.status).toBe("granted");
    expect(svc.invitation ?? null).toBeNull();
  });
});
