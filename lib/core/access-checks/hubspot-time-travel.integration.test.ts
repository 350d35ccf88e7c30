// The agency's HubSpot connection long after the access token's 30 minutes, through the real
// dashboard connection and the real HubSpot connector against its contract fake (access tokens
// live 1800 s on a clock the test moves; the refresh token does not expire and is answered again
// on every refresh). HubSpot's agency token belongs to the agency's own account (one install, one
// portal), so it cannot read a client's portal users: the access checks say "Cannot be checked
// automatically" (no lost access, no "Ask again" on HubSpot), the agency cannot remove itself
// (only the client's token removes a user: the removal link), and a receipt cannot read the
// removal back. What the agency's connection does need is kept alive: the scheduled check's
// token sweep renews the sign-in, and the renewed token still reads the agency's identity. Then
// the app is uninstalled: "Reconnect", the Owners told, nothing called lost.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkAccessNow, runScheduledAccessChecks, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { removeAccessWithClientToken } from "@/lib/core/access-checks/remove-access-with-client-token";
import { openAgencyToken } from "@/lib/core/request-records/granted-assets";
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { getDb } from "@/lib/infra/db/db";
import { loadAccessStatus } from "@/lib/surfaces/dashboard/access-checks/access-status";
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
  HUBSPOT_ACCESS_TOKEN_SECONDS,
  HUBSPOT_FAKE,
  startHubSpotFake,
  type HubSpotFake,
} from "@/test/support/fakes/hubspot-fake";

const PORTAL = HUBSPOT_FAKE.portal.hubId;

let fake: HubSpotFake;
let hubspot: PlatformConnector;
let connectorFor: ConnectorFor;

beforeAll(async () => {
  fake = await startHubSpotFake();
  hubspot = connectorAgainstFake("hubspot", fake, {
    HUBSPOT_CLIENT_ID: HUBSPOT_FAKE.clientId,
    HUBSPOT_CLIENT_SECRET: HUBSPOT_FAKE.clientSecret,
  });
  connectorFor = (platform) => (platform === "hubspot" ? hubspot : null);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

describe("the agency's HubSpot connection after the access token's 30 minutes", () => {
  it("is renewed by the scheduled check, says what it cannot read, and an uninstalled app means Reconnect", async () => {
    const { agency, owner, user } = await agencyWithOwner("HubSpot Time Travel Agency");
    const db = await getDb();

    fake.switches.signInAs = "agency";
    const { consent, account, stored } = await connectAgencyThroughDashboard({
      user,
      platform: "hubspot",
      connector: hubspot,
    });
    fake.switches.signInAs = "client";
    expect(consent.searchParams.get("scope")).toBe("oauth");
    expect(account).toMatchObject({ email: HUBSPOT_FAKE.agencyEmail });
    const refreshToken = openAgencyToken(stored.refreshToken);
    expect(refreshToken).toMatch(/^hsr_/);
    expect(stored.refreshToken).not.toContain("hsr_");
    expect(stored.refreshTokenExpiresAt).toBeNull();

    const { clientId, requestId } = await grantedRequest({
      agencyId: agency.id,
      connector: hubspot,
      serviceId: "hubspot_portal",
      accessLevel: "standard",
      clientToken: await clientSignIn(hubspot, ["hubspot_portal"]),
      agency: agencyRefOf(stored),
      assets: [{ id: PORTAL, name: HUBSPOT_FAKE.portal.hubDomain }],
    });

    // two hours later the stored access token is dead at HubSpot: the scheduled check renews it
    fake.advance(2 * HOUR);
    let now = new Date(fake.now());
    await expect(
      hubspot.listAgencyIdentities!({ accessToken: openAgencyToken(stored.accessToken)! }),
    ).rejects.toMatchObject({ kind: "reauth" });
    await db.agency.update({ where: { id: agency.id }, data: { accessCheckEveryDays: 1 } });
    await runScheduledAccessChecks({ now, connectorFor, maxAgencies: 500 });
    expect(fake.refreshCount()).toBe(1);
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    expect(row.tokenRefreshedAt).toEqual(now);
    expect(row.tokenExpiresAt!.getTime()).toBe(now.getTime() + HUBSPOT_ACCESS_TOKEN_SECONDS * 1000);
    expect(openAgencyToken(row.refreshToken)).toBe(refreshToken);
    expect(await hubspot.listAgencyIdentities!({ accessToken: openAgencyToken(row.accessToken)! })).toEqual([
      expect.objectContaining({ email: HUBSPOT_FAKE.agencyEmail }),
    ]);
    // the agency's token cannot read a client's portal: said so, never lost
    const [portal] = (await loadAccessStatus({ agencyId: agency.id, clientId })).services.flatMap((s) => s.assets);
    expect(portal).toMatchObject({ id: PORTAL, status: "unavailable" });
    expect(portal!.detail).toMatch(/^Cannot be checked automatically/);
    expect(await db.accessAlert.count({ where: { agencyId: agency.id } })).toBe(0);

    // the agency's own removal is the checklist; the client's removal link removes the user
    const own = await removeClientAccess({ agencyId: agency.id, clientId, removedBy: owner.email, connectorFor, now });
    expect(own.checklist).toEqual([expect.objectContaining({ serviceId: "hubspot_portal", clientConsent: true })]);
    const removal = await removeAccessWithClientToken({
      agencyId: agency.id,
      clientId,
      platform: "hubspot",
      clientToken: await clientSignIn(hubspot, ["hubspot_portal"]),
      removedBy: "client:ana@client.test",
      connectorFor,
      now,
    });
    expect(removal.removed).toEqual([{ requestId, serviceId: "hubspot_portal", assetId: PORTAL }]);
    expect(fake.users.has(HUBSPOT_FAKE.agencyEmail)).toBe(false);
    // no read with the agency's token: the receipt says it cannot be confirmed
    const receipt = await db.removalReceipt.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect(receipt.items).toEqual([expect.objectContaining({ assetId: PORTAL, outcome: "unconfirmable" })]);

    // the app is uninstalled from the agency's account: the next renewal is refused
    fake.uninstall();
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    await checkAccessNow({ agencyId: agency.id, connectorFor, now });
    await expectReconnectNotified({
      agencyId: agency.id,
      owner,
      internalAccountId: account.internalAccountId,
      openAlerts: 0,
    });
    expect((await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } })).tokenInvalidReason).toMatch(
      /HubSpot refused the agency's refresh token/,
    );
  });
});
