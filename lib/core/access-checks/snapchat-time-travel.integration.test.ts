// The agency's Snapchat connection long after the access token's 30 minutes, through the real
// dashboard connection and the real Snapchat connector against its contract fake (access tokens
// live 1800 s on a clock the test moves; the refresh grant answers a new access token): the
// agency connects its user, the client makes it a Member with a role on two ad accounts, and the
// checks read the ad accounts the agency's user sees from the first minute. Hours later the
// scheduled check renews the token; a rate-limited read is never lost; a lost access with "Ask
// again" and its restoration work on renewed tokens. The agency cannot leave a client's
// organization with its own token on Snapchat (Members and roles are managed by an admin of the
// organization: the removal link), so the agency's removal is the checklist; the client's removal
// link removes one ad account's role and the receipt reads it back with the agency's renewed
// token. Then the user revokes the app: "Reconnect", the Owners told, the remaining check says why.
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
  HOUR,
  agencyRefOf,
  agencyWithOwner,
  clientSignIn,
  connectAgencyThroughDashboard,
  connectorAgainstFake,
  expectReconnectNotified,
  grantedRequest,
} from "@/test/support/agency-time-travel";
import {
  SNAPCHAT_ACCESS_TOKEN_SECONDS,
  SNAPCHAT_FAKE,
  startSnapchatFake,
  type SnapchatFake,
} from "@/test/support/fakes/snapchat-fake";

const ORG = SNAPCHAT_FAKE.organizations[0];
const [ACC1, ACC1_NAME] = ORG.adAccounts[0]!;
const [ACC2, ACC2_NAME] = ORG.adAccounts[1]!;

let fake: SnapchatFake;
let snapchat: PlatformConnector;
let connectorFor: ConnectorFor;

beforeAll(async () => {
  fake = await startSnapchatFake();
  snapchat = connectorAgainstFake("snapchat", fake, {
    SNAPCHAT_CLIENT_ID: SNAPCHAT_FAKE.clientId,
    SNAPCHAT_CLIENT_SECRET: SNAPCHAT_FAKE.clientSecret,
  });
  connectorFor = (platform) => (platform === "snapchat" ? snapchat : null);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

describe("the agency's Snapchat connection after the access token's 30 minutes", () => {
  it("checks, loses and asks again, and reads a removal back on renewed tokens; a revoked app means Reconnect", async () => {
    const { agency, owner, user } = await agencyWithOwner("Snapchat Time Travel Agency");
    const db = await getDb();

    fake.switches.signInAs = "agency";
    const { consent, account, stored } = await connectAgencyThroughDashboard({
      user,
      platform: "snapchat",
      connector: snapchat,
    });
    fake.switches.signInAs = "client";
    expect(consent.searchParams.get("scope")).toBe("snapchat-marketing-api");
    expect(account).toMatchObject({ email: SNAPCHAT_FAKE.agency.email });
    const refreshToken = openAgencyToken(stored.refreshToken);
    expect(refreshToken).toMatch(/^snapr_/);
    expect(stored.refreshToken).not.toContain("snapr_");

    // the client makes the agency's user a Member with a role on two ad accounts; it accepts
    const { clientId, requestId } = await grantedRequest({
      agencyId: agency.id,
      connector: snapchat,
      serviceId: "snapchat_ads",
      accessLevel: "reports",
      clientToken: await clientSignIn(snapchat, ["snapchat_ads"]),
      agency: agencyRefOf(stored),
      assets: [
        { id: ACC1, name: ACC1_NAME },
        { id: ACC2, name: ACC2_NAME },
      ],
    });
    fake.accept();
    const statusOf = async () =>
      (await loadAccessStatus({ agencyId: agency.id, clientId })).services
        .flatMap((s) => s.assets)
        .map((a) => [a.id, a.status, a.detail]);

    // the first minute: the agency's token reads the ad accounts its user sees
    let now = new Date(fake.now());
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now })).toMatchObject({ verified: 2 });
    expect(fake.refreshCount()).toBe(0);

    // two hours later the stored access token is dead at Snapchat: the scheduled check renews it
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    await db.agency.update({ where: { id: agency.id }, data: { accessCheckEveryDays: 1 } });
    await runScheduledAccessChecks({ now, connectorFor, maxAgencies: 500 });
    expect(fake.refreshCount()).toBe(1);
    expect((await statusOf()).map(([, st]) => st)).toEqual(["verified", "verified"]);
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    expect(row.tokenRefreshedAt).toEqual(now);
    expect(row.tokenExpiresAt!.getTime()).toBe(now.getTime() + SNAPCHAT_ACCESS_TOKEN_SECONDS * 1000);
    // Snapchat answered the same refresh token: it stays
    expect(openAgencyToken(row.refreshToken)).toBe(refreshToken);
    expect(row.refreshTokenExpiresAt).toBeNull();

    // a read Snapchat limits is not lost access
    fake.switches.rateLimitAlways = true;
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    fake.switches.rateLimitAlways = false;
    expect((await statusOf()).map(([, st, detail]) => [st, String(detail).split(":")[0]])).toEqual([
      ["unavailable", "Cannot be checked"],
      ["unavailable", "Cannot be checked"],
    ]);
    expect(await db.accessAlert.count({ where: { agencyId: agency.id } })).toBe(0);

    // two hours on, the client takes the agency's role on one ad account away: lost, "Ask again"
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    const taken = [...fake.roles.values()].find((r) => r.ad_account_id === ACC1)!;
    fake.roles.delete(taken.id);
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

    // the client gives it back: verified, the alert closes
    fake.roles.set(taken.id, taken);
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect((await statusOf()).map(([, st]) => st)).toEqual(["verified", "verified"]);
    expect(await db.accessAlert.count({ where: { agencyId: agency.id, closedAt: null } })).toBe(0);

    // the agency cannot leave with its own token on Snapchat: the removal is the client's
    const own = await removeClientAccess({ agencyId: agency.id, clientId, removedBy: owner.email, connectorFor, now });
    expect(own.removed).toEqual([]);
    expect(own.checklist).toEqual([expect.objectContaining({ serviceId: "snapchat_ads", clientConsent: true })]);

    // the client's removal link removes one ad account; the receipt reads it back with the agency's token
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    const removal = await removeAccessWithClientToken({
      agencyId: agency.id,
      clientId,
      platform: "snapchat",
      clientToken: await clientSignIn(snapchat, ["snapchat_ads"]),
      removedBy: "client:ana@client.test",
      connectorFor,
      now,
      only: [{ requestId, serviceId: "snapchat_ads", assetId: ACC1 }],
    });
    expect(removal.removed).toEqual([{ requestId, serviceId: "snapchat_ads", assetId: ACC1 }]);
    expect(fake.refreshCount()).toBe(3);
    const receipt = await db.removalReceipt.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect(receipt.items).toEqual([expect.objectContaining({ assetId: ACC1, outcome: "confirmed" })]);

    // the user revokes the app: the next renewal is refused
    fake.revokeRefreshTokens();
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect((await statusOf()).find(([id]) => id === ACC2)).toEqual([
      ACC2,
      "unavailable",
      expect.stringMatching(/^Cannot be checked: Snapchat refused to renew the agency's sign-in .*reconnect/),
    ]);
    await expectReconnectNotified({
      agencyId: agency.id,
      owner,
      internalAccountId: account.internalAccountId,
      openAlerts: 0,
    });
  });
});
