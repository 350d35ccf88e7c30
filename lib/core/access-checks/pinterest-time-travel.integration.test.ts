// The agency's Pinterest connection months after it was made, through the real dashboard
// connection and the real Pinterest connector against its contract fake (access tokens live 30
// days, continuous refresh tokens 60 days and are replaced on every refresh, on a clock the test
// moves): the agency connects its business, the client shares two ad accounts, and the checks
// read the partnership from the agency's side from the first minute. Past the access token's
// 30 days the scheduled check renews it and keeps the new refresh token; 45 days later (past the
// first refresh token's 60 days) a lost access with "Ask again" works only on that newest
// refresh token. A rate-limited read is never lost. The agency cannot leave a client's ad account
// with its own token on Pinterest (only the client's business removes a partner: the removal
// link), so the agency's removal is the checklist; the client's removal link removes one ad
// account and the receipt reads it back with the agency's renewed token. Then the user removes
// the app at Pinterest: "Reconnect", the Owners told, the remaining check says why.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { askAgain } from "@/lib/core/requests/ask-again";
import { checkAccessNow, runScheduledAccessChecks, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { removeAccessWithClientToken } from "@/lib/core/access-checks/remove-access-with-client-token";
import { openAgencyToken } from "@/lib/core/request-records/granted-assets";
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { getDb } from "@/lib/infra/db/db";
import { loadAccessStatus } from "@/lib/surfaces/dashboard/access-checks/access-status";
import { eventsOf } from "@/test/support/access-fixtures";
import {
  DAY,
  agencyRefOf,
  agencyWithOwner,
  clientSignIn,
  connectAgencyThroughDashboard,
  connectorAgainstFake,
  expectReconnectNotified,
  grantedRequest,
} from "@/test/support/agency-time-travel";
import {
  PINTEREST_ACCESS_TOKEN_SECONDS,
  PINTEREST_FAKE,
  PINTEREST_REFRESH_TOKEN_SECONDS,
  startPinterestFake,
  type PinterestFake,
} from "@/test/support/fakes/pinterest-fake";

const [ACC1, ACC1_NAME] = PINTEREST_FAKE.adAccounts[0]!;
const [ACC2, ACC2_NAME] = PINTEREST_FAKE.adAccounts[1]!;
const SHARED = (asset: string) => `${PINTEREST_FAKE.agencyBusiness}|${asset}`;

let fake: PinterestFake;
let pinterest: PlatformConnector;
let connectorFor: ConnectorFor;

beforeAll(async () => {
  fake = await startPinterestFake();
  pinterest = connectorAgainstFake("pinterest", fake, {
    PINTEREST_APP_ID: PINTEREST_FAKE.appId,
    PINTEREST_APP_SECRET: PINTEREST_FAKE.appSecret,
  });
  connectorFor = (platform) => (platform === "pinterest" ? pinterest : null);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

describe("the agency's Pinterest connection after the access token's 30 days", () => {
  it("checks, loses and asks again, and reads a removal back on renewed tokens; a removed app means Reconnect", async () => {
    const { agency, owner, user } = await agencyWithOwner("Pinterest Time Travel Agency");
    const db = await getDb();

    // the agency connects its business; its consent asks what its checks and invitations use
    fake.switches.signInAs = "agency";
    const { consent, account, stored } = await connectAgencyThroughDashboard({
      user,
      platform: "pinterest",
      connector: pinterest,
    });
    fake.switches.signInAs = "client";
    expect(consent.searchParams.get("scope")!.split(",")).toEqual(
      expect.arrayContaining(["user_accounts:read", "biz_access:read", "biz_access:write"]),
    );
    expect(account).toMatchObject({ platformAccountId: PINTEREST_FAKE.agencyBusiness });
    const firstRefresh = openAgencyToken(stored.refreshToken);
    expect(firstRefresh).toMatch(/^pinr_/);
    expect(stored.refreshToken).not.toContain("pinr_");
    expect(stored.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(
      fake.now() + PINTEREST_REFRESH_TOKEN_SECONDS * 1000 - 60_000,
    );

    // the client shares two ad accounts with the agency's business; the agency accepts the invite
    const { clientId, requestId, granted } = await grantedRequest({
      agencyId: agency.id,
      connector: pinterest,
      serviceId: "pinterest_ads",
      accessLevel: "analyst",
      clientToken: await clientSignIn(pinterest, ["pinterest_ads"]),
      agency: agencyRefOf(stored),
      assets: [
        { id: ACC1, name: ACC1_NAME },
        { id: ACC2, name: ACC2_NAME },
      ],
    });
    expect(fake.acceptInvite(granted.results[0]!.invitation!.ref!)).toBe(true);
    const statusOf = async () =>
      (await loadAccessStatus({ agencyId: agency.id, clientId })).services
        .flatMap((s) => s.assets)
        .map((a) => [a.id, a.status, a.detail]);

    // the first minute: the agency's token reads its side of the partnership
    let now = new Date(fake.now());
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now })).toMatchObject({ verified: 2 });
    expect(fake.refreshCount()).toBe(0);

    // 31 days later the stored access token is dead at Pinterest: the scheduled check renews it
    fake.advance(31 * DAY);
    now = new Date(fake.now());
    await db.agency.update({ where: { id: agency.id }, data: { accessCheckEveryDays: 1 } });
    await runScheduledAccessChecks({ now, connectorFor, maxAgencies: 500 });
    expect(fake.refreshCount()).toBe(1);
    expect(await statusOf()).toEqual([
      [ACC1, "verified", "ANALYST"],
      [ACC2, "verified", "ANALYST"],
    ]);
    let row = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    expect(row.tokenRefreshedAt).toEqual(now);
    expect(row.tokenExpiresAt!.getTime()).toBe(now.getTime() + PINTEREST_ACCESS_TOKEN_SECONDS * 1000);
    // the continuous refresh token was replaced, with its own 60 days
    expect(openAgencyToken(row.refreshToken)).not.toBe(firstRefresh);
    expect(row.refreshTokenExpiresAt!.getTime()).toBe(now.getTime() + PINTEREST_REFRESH_TOKEN_SECONDS * 1000);

    // a read Pinterest limits is not lost access
    fake.switches.rateLimitAlways = true;
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    fake.switches.rateLimitAlways = false;
    expect((await statusOf()).map(([, st, detail]) => [st, String(detail).split(":")[0]])).toEqual([
      ["unavailable", "Cannot be checked"],
      ["unavailable", "Cannot be checked"],
    ]);
    expect(await db.accessAlert.count({ where: { agencyId: agency.id } })).toBe(0);

    // 45 days later (the first refresh token has expired, the newest has not) the client takes
    // one ad account back: lost, its alert and "Ask again"
    fake.advance(45 * DAY);
    now = new Date(fake.now());
    fake.partnerAccess.delete(SHARED(ACC1));
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now })).toMatchObject({
      newlyLost: 1,
      verified: 1,
    });
    expect(fake.refreshCount()).toBe(2);
    const alert = await db.accessAlert.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(1);
    expect(
      await askAgain({ agencyId: agency.id, alertIds: [alert.id], sendEmail: false, actor: owner.email, now }),
    ).toBeTruthy();

    // the client shares it again: verified, the alert closes
    fake.partnerAccess.set(SHARED(ACC1), ["ANALYST"]);
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect((await statusOf()).map(([, st]) => st)).toEqual(["verified", "verified"]);
    expect(await db.accessAlert.count({ where: { agencyId: agency.id, closedAt: null } })).toBe(0);

    // the agency cannot leave with its own token on Pinterest: the removal is the client's
    const own = await removeClientAccess({ agencyId: agency.id, clientId, removedBy: owner.email, connectorFor, now });
    expect(own.removed).toEqual([]);
    expect(own.checklist).toEqual([expect.objectContaining({ serviceId: "pinterest_ads", clientConsent: true })]);

    // the client's removal link removes one ad account; the receipt reads it back with the agency's token
    fake.advance(DAY);
    now = new Date(fake.now());
    const removal = await removeAccessWithClientToken({
      agencyId: agency.id,
      clientId,
      platform: "pinterest",
      clientToken: await clientSignIn(pinterest, ["pinterest_ads"]),
      removedBy: "client:ana@client.test",
      connectorFor,
      now,
      only: [{ requestId, serviceId: "pinterest_ads", assetId: ACC1 }],
    });
    expect(removal.removed).toEqual([{ requestId, serviceId: "pinterest_ads", assetId: ACC1 }]);
    const receipt = await db.removalReceipt.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect(receipt.items).toEqual([expect.objectContaining({ assetId: ACC1, outcome: "confirmed" })]);
    expect(fake.calls.some((c) => c.path === `/v5/businesses/${PINTEREST_FAKE.agencyBusiness}/partners`)).toBe(true);

    // the user removes the app at Pinterest: the next renewal is refused
    fake.revokeRefreshTokens();
    fake.advance(31 * DAY);
    now = new Date(fake.now());
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect((await statusOf()).find(([id]) => id === ACC2)).toEqual([
      ACC2,
      "unavailable",
      expect.stringMatching(/^Cannot be checked: Pinterest refused to renew the agency's sign-in .*reconnect/),
    ]);
    await expectReconnectNotified({
      agencyId: agency.id,
      owner,
      internalAccountId: account.internalAccountId,
      openAlerts: 0,
    });
    row = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    expect(row.tokenInvalidReason).toMatch(/Pinterest refused the agency's refresh token/);
  });
});
