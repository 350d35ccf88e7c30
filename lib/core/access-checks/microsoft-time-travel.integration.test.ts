// The agency's Microsoft Advertising connection weeks after the access token's hour, through the
// real dashboard connection and the real Microsoft connector against its contract fake (access
// tokens live 3600 s, refresh tokens 90 days and every refresh answers a new one, on a clock the
// test moves): the agency connects its user, the client invites it to two accounts, it accepts,
// and the checks read the agency's customer roles (GetUser) from the first minute. Hours later
// the scheduled check renews the token and keeps the rotated refresh token; 45 days on a lost
// access with "Ask again" works, and 45 days after that (past the first refresh token's 90 days)
// the removal works only on the newest refresh token. A read Microsoft cannot answer (a 503, a
// throttled call) or refuses for the token's reasons (109 AuthenticationTokenExpired) is never
// lost. Microsoft Advertising documents no call for the agency's user to leave a client's
// customer with its own token, and the connector makes none: the agency's removal is the
// checklist, the client takes the agency's roles away at Microsoft, and the receipt reads that
// back with the agency's renewed token. Then the sign-in is revoked at Microsoft: "Reconnect",
// the Owners told, the remaining check says why, nothing called lost.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { askAgain } from "@/lib/core/requests/ask-again";
import { checkAccessNow, runScheduledAccessChecks, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { confirmChecklistRemoval, removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { accountsNeedingReconnect } from "@/lib/core/accounts/check-agency-tokens";
import { openAgencyToken } from "@/lib/core/request-records/granted-assets";
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { getDb } from "@/lib/infra/db/db";
import { loadAccessStatus } from "@/lib/surfaces/dashboard/access-checks/access-status";
import { eventsOf } from "@/test/support/access-fixtures";
import {
  DAY,
  HOUR,
  agencyRefOf,
  agencyWithOwner,
  clientSignIn,
  connectAgencyThroughDashboard,
  connectorAgainstFake,
  expectReconnectNotified,
  grantedRequest,
} from "@/test/support/agency-time-travel";
import { MICROSOFT_FAKE, startMicrosoftFake, type MicrosoftFake } from "@/test/support/fakes/microsoft-fake";

const ACCESS_SECONDS = 3600;
const REFRESH_DAYS = 90;
const CUSTOMER = MICROSOFT_FAKE.customers[0]!.id;
const [ACC1, ACC1_NAME] = MICROSOFT_FAKE.customers[0]!.accounts[0]!;
const [ACC2, ACC2_NAME] = MICROSOFT_FAKE.customers[0]!.accounts[1]!;
const [ACC3, ACC3_NAME] = MICROSOFT_FAKE.customers[1]!.accounts[0]!;

let fake: MicrosoftFake;
let microsoft: PlatformConnector;
let connectorFor: ConnectorFor;

beforeAll(async () => {
  fake = await startMicrosoftFake();
  microsoft = connectorAgainstFake("microsoft", fake, {
    MICROSOFT_CLIENT_ID: MICROSOFT_FAKE.clientId,
    MICROSOFT_CLIENT_SECRET: MICROSOFT_FAKE.clientSecret,
    MICROSOFT_ADS_DEVELOPER_TOKEN: MICROSOFT_FAKE.developerToken,
  });
  connectorFor = (platform) => (platform === "microsoft" ? microsoft : null);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

/** The agency's user accepts every invitation sent to it: its customer roles at Microsoft. */
function acceptAll() {
  for (const inv of [...fake.invitations]) expect(fake.acceptInvitation(inv.Id)).toBe(true);
}

async function connected(name: string) {
  const { agency, owner, user } = await agencyWithOwner(name);
  fake.switches.signInAs = "agency";
  const connection = await connectAgencyThroughDashboard({ user, platform: "microsoft", connector: microsoft });
  fake.switches.signInAs = "client";
  return { agency, owner, ...connection };
}

async function statusOf(agencyId: string, clientId: string) {
  return (await loadAccessStatus({ agencyId, clientId })).services
    .flatMap((s) => s.assets)
    .map((a) => [a.id, a.status, a.detail]);
}

describe("the agency's Microsoft Advertising connection after the access token's hour", () => {
  it("checks, loses and asks again, and reads a removal back on rotated refresh tokens weeks later", async () => {
    const { agency, owner, consent, account, stored } = await connected("Microsoft Time Travel Agency");
    const db = await getDb();

    // the agency's consent asks for a refresh token and the Ads scope its checks read with
    expect(consent.searchParams.get("scope")!.split(" ")).toEqual(
      expect.arrayContaining(["offline_access", "https://ads.microsoft.com/msads.manage"]),
    );
    expect(account).toMatchObject({
      email: MICROSOFT_FAKE.agencyEmail,
      platformAccountId: MICROSOFT_FAKE.agencyUser.id,
    });
    const firstRefresh = openAgencyToken(stored.refreshToken)!;
    expect(firstRefresh).toMatch(/^ms-refresh-/);
    expect(stored.refreshToken).not.toContain("ms-refresh-");
    expect(stored.tokenExpiresAt!.getTime()).toBeLessThanOrEqual(fake.now() + ACCESS_SECONDS * 1000);
    expect(stored.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(fake.now() + REFRESH_DAYS * DAY - 60_000);

    // the client invites the agency's user to two accounts of its customer; the agency accepts
    const { clientId, requestId } = await grantedRequest({
      agencyId: agency.id,
      connector: microsoft,
      serviceId: "microsoft_ads",
      accessLevel: "standard",
      clientToken: await clientSignIn(microsoft, ["microsoft_ads"]),
      agency: agencyRefOf(stored),
      assets: [
        { id: ACC1, name: ACC1_NAME },
        { id: ACC2, name: ACC2_NAME },
      ],
    });
    expect(fake.invitations.map((i) => [i.Email, i.AccountIds])).toEqual([
      [MICROSOFT_FAKE.agencyEmail, [ACC1]],
      [MICROSOFT_FAKE.agencyEmail, [ACC2]],
    ]);
    acceptAll();

    // the first minute: the agency's token reads its customer roles
    let now = new Date(fake.now());
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now })).toMatchObject({ verified: 2 });
    expect(fake.refreshCount()).toBe(0);

    // two hours later the stored access token is dead at Microsoft: the scheduled check renews it
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    await expect(
      microsoft.listAgencyIdentities!({ accessToken: openAgencyToken(stored.accessToken)! }),
    ).rejects.toMatchObject({ kind: "reauth" });
    await db.agency.update({ where: { id: agency.id }, data: { accessCheckEveryDays: 1 } });
    await runScheduledAccessChecks({ now, connectorFor, maxAgencies: 500 });
    expect(fake.refreshCount()).toBe(1);
    expect((await statusOf(agency.id, clientId)).map(([, st]) => st)).toEqual(["verified", "verified"]);
    let row = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    expect(row.tokenRefreshedAt).toEqual(now);
    expect(row.tokenExpiresAt!.getTime()).toBe(now.getTime() + ACCESS_SECONDS * 1000);
    // Microsoft answered a new refresh token, with its own 90 days: it replaced the spent one
    const secondRefresh = openAgencyToken(row.refreshToken)!;
    expect(secondRefresh).not.toBe(firstRefresh);
    expect(row.refreshTokenExpiresAt!.getTime()).toBe(now.getTime() + REFRESH_DAYS * DAY);

    // a read Microsoft cannot answer (503, throttled) or refuses for the token's reasons (109
    // AuthenticationTokenExpired for a token the app holds as valid: renewed once, still refused)
    // is not lost access, nor a reconnect
    for (const [sw, refreshes] of [
      ["outage", 1],
      ["rateLimitAlways", 1],
      ["expiredToken", 2],
    ] as const) {
      fake.switches[sw] = true;
      await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
      fake.switches[sw] = false;
      expect((await statusOf(agency.id, clientId)).map(([, st, detail]) => [st, String(detail).split(":")[0]])).toEqual(
        [
          ["unavailable", "Cannot be checked"],
          ["unavailable", "Cannot be checked"],
        ],
      );
      expect(fake.refreshCount()).toBe(refreshes);
    }
    expect(await db.accessAlert.count({ where: { agencyId: agency.id } })).toBe(0);
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(0);
    expect(await accountsNeedingReconnect({ agencyId: agency.id })).toEqual([]);
    row = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    const thirdRefresh = openAgencyToken(row.refreshToken)!;
    expect([firstRefresh, secondRefresh]).not.toContain(thirdRefresh);

    // 45 days later the client takes the agency's role on one account away: lost, "Ask again"
    fake.advance(45 * DAY);
    now = new Date(fake.now());
    const taken = fake.agencyRoles.findIndex((r) => r.AccountIds.includes(ACC1));
    const [role] = fake.agencyRoles.splice(taken, 1);
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now })).toMatchObject({
      newlyLost: 1,
      verified: 1,
    });
    expect(fake.refreshCount()).toBe(3);
    row = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    expect(openAgencyToken(row.refreshToken)).not.toBe(thirdRefresh);
    const alert = await db.accessAlert.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect(alert.assets).toEqual([expect.objectContaining({ id: ACC1 })]);
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(1);
    expect(
      await askAgain({ agencyId: agency.id, alertIds: [alert.id], sendEmail: false, actor: owner.email, now }),
    ).toBeTruthy();

    // the client gives it back: verified, the alert closes
    fake.agencyRoles.push(role!);
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect((await statusOf(agency.id, clientId)).map(([, st]) => st)).toEqual(["verified", "verified"]);
    expect(await db.accessAlert.count({ where: { agencyId: agency.id, closedAt: null } })).toBe(0);

    // 45 days on, the first refresh token's 90 days are over (Microsoft refuses it); the newest is not
    fake.advance(45 * DAY);
    now = new Date(fake.now());
    await expect(microsoft.refreshAgencyToken!({ refreshToken: firstRefresh, now })).rejects.toMatchObject({
      kind: "reauth",
    });
    const refreshesBefore = fake.refreshCount();

    // the agency cannot leave the client's customer with its own token: its removal is the checklist
    const own = await removeClientAccess({ agencyId: agency.id, clientId, removedBy: owner.email, connectorFor, now });
    expect(own.removed).toEqual([]);
    expect(own.checklist).toEqual([expect.objectContaining({ serviceId: "microsoft_ads" })]);

    // the client takes the agency's roles away at Microsoft; the team confirms the checklist and
    // the receipt reads the removal back with the agency's renewed token
    fake.agencyRoles.splice(
      0,
      fake.agencyRoles.length,
      ...fake.agencyRoles.filter((r) => String(r.CustomerId) !== CUSTOMER),
    );
    const confirmed = await confirmChecklistRemoval({
      agencyId: agency.id,
      clientId,
      removedBy: owner.email,
      connectorFor,
      now,
    });
    expect(confirmed).toMatchObject({ services: 1, receipt: expect.objectContaining({ code: expect.any(String) }) });
    expect(fake.refreshCount()).toBe(refreshesBefore + 1);
    const receipt = await db.removalReceipt.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect(receipt.items).toEqual([
      expect.objectContaining({ assetId: ACC1, outcome: "confirmed" }),
      expect.objectContaining({ assetId: ACC2, outcome: "confirmed" }),
    ]);
    expect(await db.accessAlert.count({ where: { agencyId: agency.id, closedAt: null } })).toBe(0);
  });

  it("a revoked sign-in at Microsoft means Reconnect and the Owners told; the check says why and nothing is lost", async () => {
    const { agency, owner, account, stored } = await connected("Microsoft Revoked Agency");
    const db = await getDb();
    const { clientId, requestId } = await grantedRequest({
      agencyId: agency.id,
      connector: microsoft,
      serviceId: "microsoft_ads",
      accessLevel: "viewer",
      clientToken: await clientSignIn(microsoft, ["microsoft_ads"]),
      agency: agencyRefOf(stored),
      assets: [{ id: ACC3, name: ACC3_NAME }],
    });
    acceptAll();

    // weeks later, renewed on the way, still read
    fake.advance(20 * DAY);
    let now = new Date(fake.now());
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now })).toMatchObject({ verified: 1 });
    expect(fake.refreshCount()).toBe(1);

    // an admin revokes the user's sessions at Microsoft: the next renewal is refused
    fake.revokeRefreshTokens();
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect(await statusOf(agency.id, clientId)).toEqual([
      [
        ACC3,
        "unavailable",
        expect.stringMatching(
          /^Cannot be checked: Microsoft Advertising refused to renew the agency's sign-in .*reconnect/,
        ),
      ],
    ]);
    await expectReconnectNotified({
      agencyId: agency.id,
      owner,
      internalAccountId: account.internalAccountId,
      openAlerts: 0,
    });
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(0);
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    expect(row.tokenInvalidReason).toBeTruthy();
  });
});
