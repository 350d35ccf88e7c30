// The agency's TikTok connection months after it was made, through the real dashboard connection
// and the real TikTok connector against its contract fake, on a clock the test moves. TikTok's
// advertiser authorization gives a long-term access token (no expiry, no refresh token): a year
// later the scheduled check, a lost access with "Ask again", the removal (TikTok documents no
// removal call: the team's checklist) and the receipt's read-back all work on it; when the user
// cancels the authorization the account becomes "Reconnect" and the Owners are told. Where TikTok
// answers an expiring token with a refresh token, the token is renewed before use, the newest
// refresh token is kept, two workers renew it once, and a refused renewal means "Reconnect". An app
// without the Business Center permission cannot check, and never calls access lost.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { askAgain } from "@/lib/core/requests/ask-again";
import { checkAccessNow, runScheduledAccessChecks, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { confirmChecklistRemoval, removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { accountsNeedingReconnect } from "@/lib/core/accounts/check-agency-tokens";
import { agencyTokenForUse } from "@/lib/core/accounts/agency-token";
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { getDb } from "@/lib/infra/db/db";
import { openAgencyToken } from "@/lib/core/request-records/granted-assets";
import {
  finishAgencyConnect,
  listAgencyConnectChoices,
  saveAgencyConnect,
  startAgencyConnect,
} from "@/lib/surfaces/dashboard/accounts/agency-connect";
import { loadAccessStatus } from "@/lib/surfaces/dashboard/access-checks/access-status";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { eventsOf } from "@/test/support/access-fixtures";
import {
  TIKTOK_ACCESS_TOKEN_SECONDS,
  TIKTOK_FAKE,
  TIKTOK_REFRESH_TOKEN_SECONDS,
  startTikTokFake,
  type TikTokFake,
} from "@/test/support/fakes/tiktok-fake";

const AGENCY_CALLBACK = "http://localhost:3999/api/dashboard/accounts/connect/callback";
const BC1 = TIKTOK_FAKE.businessCenters[0]!;
const [AD1, AD2, AD3] = BC1.advertisers.map(([id]) => id) as [string, string, string];
const AD4 = TIKTOK_FAKE.businessCenters[1]!.advertisers[0]![0];
const DAY = 86400_000;

let fake: TikTokFake;
let tiktok: PlatformConnector;
let connectorFor: ConnectorFor;

beforeAll(async () => {
  fake = await startTikTokFake({ redirectUris: [AGENCY_CALLBACK] });
  const env = {
    TIKTOK_APP_ID: TIKTOK_FAKE.appId,
    TIKTOK_APP_SECRET: TIKTOK_FAKE.appSecret,
    sandboxPlatformList: [],
    platformHostOverrides: parseHostOverrides(fake.overrides),
  } as ConnectorEnv;
  tiktok = getConnector("tiktok", {
    env,
    http: createConnectorHttp({ overrides: env.platformHostOverrides, sleep: async () => {}, baseDelayMs: 1 }),
  });
  connectorFor = (platform) => (platform === "tiktok" ? tiktok : null);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

async function newAgency(name: string) {
  const agency = await createAgency({ name, plan: "agency" });
  const owner = await createUser({
    agencyId: agency.id,
    email: `owner-${crypto.randomUUID().slice(0, 8)}@agency.test`,
    password: "correct horse battery staple",
    role: "owner",
  });
  return { agency, owner, user: { agencyId: agency.id, userId: owner.id } };
}

/** The agency's "Connect account" for TikTok, as the dashboard runs it: its own Business Center. */
async function connectAgency(user: { agencyId: string; userId: string }) {
  fake.switches.signInAsAgency = true;
  const { authorizationUrl } = await startAgencyConnect({ user, platform: "tiktok", connector: tiktok });
  const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
  const done = await finishAgencyConnect({
    user,
    state: back.searchParams.get("state"),
    code: back.searchParams.get("auth_code"),
    error: null,
    connector: tiktok,
  });
  expect(done.kind).toBe("pick");
  const sessionId = (done as { sessionId: string }).sessionId;
  const { choices } = await listAgencyConnectChoices({ user, sessionId, connector: tiktok });
  fake.switches.signInAsAgency = false;
  const account = await saveAgencyConnect({ user, sessionId, choice: choices[0]!.key, connector: tiktok });
  expect(account).toMatchObject({ business: { id: TIKTOK_FAKE.agencyBcId } });
  return account;
}

/** A client's request for these ad accounts, shared with the agency's Business Center with the client's token. */
async function grantedRequest(agencyId: string, internalAccountId: string, assets: string[]) {
  const client = await createClient({
    agencyId,
    input: ZCreateClientBody.parse({ name: "Ana Client", email: `ana-${crypto.randomUUID().slice(0, 6)}@client.test` }),
  });
  const request = await createRequest({
    agencyId,
    source: "api",
    input: ZCreateRequestBody.parse({
      clientId: client.id,
      requestedServices: { tiktok_ads: { accessLevel: "analyst", requestedAccountLinks: [{ internalAccountId }] } },
    }),
  });
  const granted = await tiktok.grantAccess({
    accessToken: fake.clientToken(),
    serviceId: "tiktok_ads",
    assetIds: assets,
    role: "analyst",
    agencyAccount: { internalAccountId, platformAccountId: null, email: null, businessId: TIKTOK_FAKE.agencyBcId },
  });
  expect(granted.results.every((r) => r.ok && r.verified)).toBe(true);
  await applyRequestAction({
    agencyId,
    requestId: request.id,
    action: { kind: "grant", serviceId: "tiktok_ads" },
    grantedAssets: assets.map((id) => ({ id, name: null, accessLevel: "analyst" })),
  });
  return { clientId: client.id, requestId: request.id };
}

const statuses = async (agencyId: string, clientId: string) =>
  Object.fromEntries(
    (await loadAccessStatus({ agencyId, clientId })).services.flatMap((s) => s.assets.map((a) => [a.id, a])),
  );

describe("the agency's TikTok connection a year later", () => {
  it("checks, loses and asks again, removes and reads back on its long-term token; a cancelled authorization means Reconnect", async () => {
    const { agency, owner, user } = await newAgency("TikTok Time Travel Agency");
    const account = await connectAgency(user);
    const db = await getDb();
    const stored = await db.connectedAccount.findUniqueOrThrow({
      where: { internalAccountId: account.internalAccountId },
    });
    // TikTok's advertiser authorization: a long-term token, nothing to refresh it with
    expect(stored).toMatchObject({ tokenExpiresAt: null, refreshToken: null, refreshTokenExpiresAt: null });
    const a = await grantedRequest(agency.id, account.internalAccountId, [AD1, AD2, AD3]);
    const b = await grantedRequest(agency.id, account.internalAccountId, [AD4]);

    // a year and a month later: the scheduled check reads every ad account on the same token
    fake.advance(400 * DAY);
    let now = new Date(fake.now());
    await db.agency.update({ where: { id: agency.id }, data: { accessCheckEveryDays: 1 } });
    await runScheduledAccessChecks({ now, connectorFor, maxAgencies: 500 });
    let seen = await statuses(agency.id, a.clientId);
    expect([AD1, AD2, AD3].map((id) => seen[id]!.status)).toEqual(["verified", "verified", "verified"]);
    expect(fake.refreshCount()).toBe(0);

    // the client stops sharing one ad account: lost, with its alert, and "Ask again"
    fake.shares.get(BC1.bcId)!.get(TIKTOK_FAKE.agencyBcId)!.delete(AD2);
    expect(await checkAccessNow({ agencyId: agency.id, clientId: a.clientId, connectorFor, now })).toMatchObject({
      newlyLost: 1,
      verified: 2,
    });
    const alert = await db.accessAlert.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect((await eventsOf(a.requestId)).filter((e) => e.type === "access.lost")).toHaveLength(1);
    expect(
      await askAgain({ agencyId: agency.id, alertIds: [alert.id], sendEmail: false, actor: "owner@agency.test", now }),
    ).toBeTruthy();

    // "Remove our access": TikTok documents no removal call, so the team follows the checklist (the
    // client stops sharing), confirms, and the receipt reads the agency's Business Center again
    const asked = await removeClientAccess({
      agencyId: agency.id,
      clientId: a.clientId,
      removedBy: "owner@agency.test",
      connectorFor,
      now,
    });
    expect(asked.checklist).toEqual([expect.objectContaining({ serviceId: "tiktok_ads", clientConsent: false })]);
    for (const id of [AD1, AD3]) fake.shares.get(BC1.bcId)!.get(TIKTOK_FAKE.agencyBcId)!.delete(id);
    const confirmed = await confirmChecklistRemoval({
      agencyId: agency.id,
      clientId: a.clientId,
      removedBy: "owner@agency.test",
      connectorFor,
      now,
    });
    expect(confirmed.services).toBe(1);
    const receipt = await db.removalReceipt.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect(receipt.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ assetId: AD1, outcome: "confirmed" }),
        expect.objectContaining({ assetId: AD3, outcome: "confirmed" }),
      ]),
    );

    // the agency's user cancels the app's authorization on TikTok
    fake.revokeAuthorization();
    fake.advance(DAY);
    now = new Date(fake.now());
    await checkAccessNow({ agencyId: agency.id, clientId: b.clientId, connectorFor, now });
    seen = await statuses(agency.id, b.clientId);
    expect(seen[AD4]).toMatchObject({ status: "unavailable", detail: expect.stringMatching(/^Cannot be checked: /) });
    expect(await accountsNeedingReconnect({ agencyId: agency.id })).toEqual([account.internalAccountId]);
    const notes = await db.notification.findMany({ where: { agencyId: agency.id, type: "account.reconnect" } });
    expect(notes.map((n) => n.userId)).toEqual([owner.id]);
    const mails = await db.email.findMany({ where: { agencyId: agency.id, to: owner.email, kind: "notification" } });
    expect(mails.filter((m) => /stopped accepting the agency's sign-in/.test(m.subject))).toHaveLength(1);
    // nothing more is called lost, and a second check tells the Owners nothing new
    await checkAccessNow({ agencyId: agency.id, clientId: b.clientId, connectorFor, now });
    expect((await statuses(agency.id, b.clientId))[AD4]!.status).toBe("unavailable");
    expect((await eventsOf(b.requestId)).filter((e) => e.type === "access.lost")).toHaveLength(0);
    expect(await db.notification.count({ where: { agencyId: agency.id, type: "account.reconnect" } })).toBe(1);
  });

  it("an expiring token is renewed before use, keeps the newest refresh token, and only a refused renewal means Reconnect", async () => {
    const { agency, owner, user } = await newAgency("TikTok Renewal Agency");
    fake.switches.expiringTokens = true;
    const connectedAt = fake.now();
    const account = await connectAgency(user);
    const db = await getDb();
    const stored = await db.connectedAccount.findUniqueOrThrow({
      where: { internalAccountId: account.internalAccountId },
    });
    expect(openAgencyToken(stored.refreshToken)).toMatch(/^rft\./);
    expect(stored.refreshToken).not.toContain("rft.");
    const refreshEnds = stored.refreshTokenExpiresAt!.getTime();
    expect(Math.abs(refreshEnds - (connectedAt + TIKTOK_REFRESH_TOKEN_SECONDS * 1000))).toBeLessThan(5_000);
    const { clientId } = await grantedRequest(agency.id, account.internalAccountId, [AD1]);

    // two days later the stored token is dead at TikTok: the check renews it first
    fake.advance(2 * DAY);
    let now = new Date(fake.now());
    await expect(
      tiktok.listAgencyIdentities!({ accessToken: openAgencyToken(stored.accessToken)! }),
    ).rejects.toMatchObject({ kind: "reauth" });
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect((await statuses(agency.id, clientId))[AD1]!.status).toBe("verified");
    expect(fake.refreshCount()).toBe(1);
    const renewed = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    expect(renewed.tokenExpiresAt!.getTime()).toBe(now.getTime() + TIKTOK_ACCESS_TOKEN_SECONDS * 1000);
    expect(renewed.tokenRefreshedAt).toEqual(now);
    // the rotated refresh token replaced the spent one; the authorization's year does not move
    expect(openAgencyToken(renewed.refreshToken)).not.toBe(openAgencyToken(stored.refreshToken));
    expect(Math.abs(renewed.refreshTokenExpiresAt!.getTime() - refreshEnds)).toBeLessThan(2_000);

    // two workers renewing at once spend the refresh token once and share the new token
    fake.advance(2 * DAY);
    now = new Date(fake.now());
    const [one, two] = await Promise.all([
      agencyTokenForUse({ accountId: stored.id, connector: tiktok, now }),
      agencyTokenForUse({ accountId: stored.id, connector: tiktok, now }),
    ]);
    expect(one.token).toBeTruthy();
    expect(two.token).toBe(one.token);
    expect(fake.refreshCount()).toBe(2);

    // the authorization is cancelled: the next renewal is refused
    fake.revokeAuthorization();
    fake.advance(2 * DAY);
    now = new Date(fake.now());
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    const ad = (await statuses(agency.id, clientId))[AD1]!;
    expect(ad.status).toBe("unavailable");
    expect(ad.detail).toMatch(/^Cannot be checked: TikTok refused to renew the agency's sign-in .*reconnect/);
    expect(await accountsNeedingReconnect({ agencyId: agency.id })).toEqual([account.internalAccountId]);
    const notes = await db.notification.findMany({ where: { agencyId: agency.id, type: "account.reconnect" } });
    expect(notes.map((n) => n.userId)).toEqual([owner.id]);
    expect(await db.accessAlert.count({ where: { agencyId: agency.id } })).toBe(0);
  });

  it("an app without the Business Center permission cannot check, and never calls access lost", async () => {
    const { agency, user } = await newAgency("TikTok Narrow Agency");
    const account = await connectAgency(user);
    const { clientId, requestId } = await grantedRequest(agency.id, account.internalAccountId, [AD1]);
    fake.switches.noBcPermission = true;
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor })).toMatchObject({
      lost: 0,
      newlyLost: 0,
      unavailable: 1,
    });
    expect((await statuses(agency.id, clientId))[AD1]).toMatchObject({
      status: "unavailable",
      detail: expect.stringMatching(/^Cannot be checked: TikTok refused the request: No permission/),
    });
    const db = await getDb();
    expect(await db.accessAlert.count({ where: { agencyId: agency.id } })).toBe(0);
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(0);
    expect(await accountsNeedingReconnect({ agencyId: agency.id })).toEqual([]);
  });
});
