// The agency's LinkedIn connection months after it was made, through the real dashboard
// connection and the real LinkedIn connector against its contract fake (access tokens of 60
// days and refresh tokens of 365 days on a clock the test moves; the refresh grant answers a new
// access token and keeps the refresh token's end date): the agency connects with the read scopes
// its checks use, the client grants, the clock moves past the access token's 60 days, and the
// scheduled check, a lost access with "Ask again", the removal (by the client's removal link,
// LinkedIn's only removal) and the receipt's read-back with the agency's renewed token all work.
// Then the member removes the app at LinkedIn: the account becomes "Reconnect", the Owners are
// told in the app and by email, and the checks say why instead of calling access lost.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { askAgain } from "@/lib/core/requests/ask-again";
import { checkAccessNow, runScheduledAccessChecks, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { removeAccessWithClientToken } from "@/lib/core/access-checks/remove-access-with-client-token";
import { accountsNeedingReconnect } from "@/lib/core/accounts/check-agency-tokens";
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
  LINKEDIN_ACCESS_TOKEN_SECONDS,
  LINKEDIN_FAKE,
  LINKEDIN_REFRESH_TOKEN_SECONDS,
  startLinkedInFake,
  type LinkedInFake,
} from "@/test/support/fakes/linkedin-fake";

const AGENCY_CALLBACK = "http://localhost:3999/api/dashboard/accounts/connect/callback";
const AD_ACCOUNT = "510000001";
const PAGE = "2414183";
const DAY = 86400_000;

let fake: LinkedInFake;
let linkedin: PlatformConnector;
let connectorFor: ConnectorFor;

beforeAll(async () => {
  fake = await startLinkedInFake({ redirectUris: [AGENCY_CALLBACK] });
  const env = {
    LINKEDIN_CLIENT_ID: LINKEDIN_FAKE.clientId,
    LINKEDIN_CLIENT_SECRET: LINKEDIN_FAKE.clientSecret,
    sandboxPlatformList: [],
    platformHostOverrides: parseHostOverrides(fake.overrides),
  } as ConnectorEnv;
  linkedin = getConnector("linkedin", {
    env,
    http: createConnectorHttp({ overrides: env.platformHostOverrides, sleep: async () => {}, baseDelayMs: 1 }),
  });
  connectorFor = (platform) => (platform === "linkedin" ? linkedin : null);
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

/** The agency's "Connect account" for LinkedIn, as the dashboard runs it (`scope` overrides what is consented). */
async function connectAgency(user: { agencyId: string; userId: string }, scope?: string) {
  fake.switches.signInAsAgency = true;
  const { authorizationUrl } = await startAgencyConnect({ user, platform: "linkedin", connector: linkedin });
  const consent = new URL(authorizationUrl);
  expect(consent.searchParams.get("scope")!.split(" ")).toEqual(
    expect.arrayContaining(["openid", "profile", "email", "r_ads", "r_organization_admin"]),
  );
  if (scope) consent.searchParams.set("scope", scope);
  const back = new URL((await fetch(consent, { redirect: "manual" })).headers.get("location")!);
  const done = await finishAgencyConnect({
    user,
    state: back.searchParams.get("state"),
    code: back.searchParams.get("code"),
    error: null,
    connector: linkedin,
  });
  expect(done.kind).toBe("pick");
  const sessionId = (done as { sessionId: string }).sessionId;
  const { choices } = await listAgencyConnectChoices({ user, sessionId, connector: linkedin });
  fake.switches.signInAsAgency = false;
  return saveAgencyConnect({ user, sessionId, choice: choices[0]!.key, connector: linkedin });
}

/** A client's request for the ad account and the Page, granted with the client's own token. */
async function grantedRequest(agencyId: string, internalAccountId: string) {
  const client = await createClient({
    agencyId,
    input: ZCreateClientBody.parse({ name: "Ana Client", email: "ana@client.test" }),
  });
  const link = { internalAccountId };
  const request = await createRequest({
    agencyId,
    source: "api",
    input: ZCreateRequestBody.parse({
      clientId: client.id,
      requestedServices: {
        linkedin_ads: { accessLevel: "campaign_manager", requestedAccountLinks: [link] },
        linkedin_page: { accessLevel: "analyst", requestedAccountLinks: [link] },
      },
    }),
  });
  const clientToken = fake.clientToken(["rw_ads", "rw_organization_admin"]);
  const agencyRef = {
    internalAccountId,
    platformAccountId: LINKEDIN_FAKE.agencyMember,
    email: LINKEDIN_FAKE.agency.email,
    businessId: null,
  };
  for (const [serviceId, id, role, name] of [
    ["linkedin_ads", AD_ACCOUNT, "campaign_manager", "Acme Ads"],
    ["linkedin_page", PAGE, "analyst", "Acme Inc"],
  ] as const) {
    const granted = await linkedin.grantAccess({
      accessToken: clientToken,
      serviceId,
      assetIds: [id],
      role,
      agencyAccount: agencyRef,
    });
    expect(granted.results[0]).toMatchObject({ ok: true, verified: true });
    await applyRequestAction({
      agencyId,
      requestId: request.id,
      action: { kind: "grant", serviceId },
      grantedAssets: [{ id, name, accessLevel: role }],
    });
  }
  return { clientId: client.id, requestId: request.id };
}

describe("the agency's LinkedIn connection after the access token's 60 days", () => {
  it("checks, loses and asks again, removes and reads back on a renewed token; a removed app means Reconnect", async () => {
    const { agency, owner, user } = await newAgency("LinkedIn Time Travel Agency");
    const connectedAt = fake.now();
    const account = await connectAgency(user);
    expect(account).toMatchObject({
      email: LINKEDIN_FAKE.agency.email,
      platformAccountId: LINKEDIN_FAKE.agencyMember,
    });
    const db = await getDb();
    const stored = await db.connectedAccount.findUniqueOrThrow({
      where: { internalAccountId: account.internalAccountId },
    });
    // the refresh token is kept sealed, with the end date LinkedIn gives it
    expect(openAgencyToken(stored.refreshToken)).toMatch(/^li-refresh-/);
    expect(stored.refreshToken).not.toContain("li-refresh-");
    const refreshEnds = stored.refreshTokenExpiresAt!.getTime();
    expect(Math.abs(refreshEnds - (connectedAt + LINKEDIN_REFRESH_TOKEN_SECONDS * 1000))).toBeLessThan(5_000);
    expect(
      Math.abs(stored.tokenExpiresAt!.getTime() - (connectedAt + LINKEDIN_ACCESS_TOKEN_SECONDS * 1000)),
    ).toBeLessThan(5_000);
    const { clientId, requestId } = await grantedRequest(agency.id, account.internalAccountId);

    // 61 days later: the stored access token is dead at LinkedIn; the scheduled check renews it
    fake.advance(61 * DAY);
    let now = new Date(fake.now());
    await db.agency.update({ where: { id: agency.id }, data: { accessCheckEveryDays: 1 } });
    await runScheduledAccessChecks({ now, connectorFor, maxAgencies: 500 });
    expect(fake.refreshCount()).toBe(1);
    let status = await loadAccessStatus({ agencyId: agency.id, clientId });
    expect(status.services.flatMap((s) => s.assets.map((a) => [s.serviceId, a.status]))).toEqual(
      expect.arrayContaining([
        ["linkedin_ads", "verified"],
        ["linkedin_page", "verified"],
      ]),
    );
    const refreshed = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    expect(refreshed.tokenRefreshedAt).toEqual(now);
    expect(refreshed.tokenExpiresAt!.getTime()).toBe(now.getTime() + LINKEDIN_ACCESS_TOKEN_SECONDS * 1000);
    // LinkedIn does not renew the refresh token: the same one, the same end date
    expect(openAgencyToken(refreshed.refreshToken)).toBe(openAgencyToken(stored.refreshToken));
    expect(Math.abs(refreshed.refreshTokenExpiresAt!.getTime() - refreshEnds)).toBeLessThan(2_000);

    // another 61 days: the client removes the agency's Page role: lost, with its alert, and "Ask again"
    fake.advance(61 * DAY);
    now = new Date(fake.now());
    fake.orgAcls.delete(`${PAGE}|ANALYST|${LINKEDIN_FAKE.agencyMember}`);
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now })).toMatchObject({
      newlyLost: 1,
      verified: 1,
    });
    expect(fake.refreshCount()).toBe(2);
    const alert = await db.accessAlert.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(1);
    expect(
      await askAgain({ agencyId: agency.id, alertIds: [alert.id], sendEmail: false, actor: "owner@agency.test", now }),
    ).toBeTruthy();

    // another 61 days: "Remove our access" on the ad account needs the client (LinkedIn's removal is an
    // account manager's); the client's removal link removes it and the receipt reads it back with the
    // agency's renewed token
    fake.advance(61 * DAY);
    now = new Date(fake.now());
    const only = [{ requestId, serviceId: "linkedin_ads", assetId: AD_ACCOUNT }];
    const asked = await removeClientAccess({
      agencyId: agency.id,
      clientId,
      removedBy: "owner@agency.test",
      connectorFor,
      now,
      only,
    });
    expect(asked.checklist).toEqual([expect.objectContaining({ serviceId: "linkedin_ads", clientConsent: true })]);
    const removal = await removeAccessWithClientToken({
      agencyId: agency.id,
      clientId,
      platform: "linkedin",
      clientToken: fake.clientToken(["rw_ads"]),
      removedBy: "client:ana@client.test",
      connectorFor,
      now,
      only,
    });
    expect(removal.removed).toEqual(only);
    expect(fake.refreshCount()).toBe(3);
    const receipt = await db.removalReceipt.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect(receipt.items).toEqual([expect.objectContaining({ assetId: AD_ACCOUNT, outcome: "confirmed" })]);

    // the member removes the app at LinkedIn: its token and refresh token stop working
    fake.alreadyGranted("linkedin_page", PAGE, "ANALYST");
    fake.revokeMember();
    fake.advance(DAY);
    now = new Date(fake.now());
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect(await accountsNeedingReconnect({ agencyId: agency.id })).toEqual([account.internalAccountId]);
    const notes = await db.notification.findMany({ where: { agencyId: agency.id, type: "account.reconnect" } });
    expect(notes.map((n) => n.userId)).toEqual([owner.id]);
    const mails = await db.email.findMany({ where: { agencyId: agency.id, to: owner.email, kind: "notification" } });
    expect(mails.filter((m) => /stopped accepting the agency's sign-in/.test(m.subject))).toHaveLength(1);
    // the next check says why, calls nothing lost, and tells the Owners nothing new
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    status = await loadAccessStatus({ agencyId: agency.id, clientId });
    const page = status.services.find((s) => s.serviceId === "linkedin_page")!.assets[0]!;
    expect(page.status).toBe("unavailable");
    expect(page.detail).toMatch(/^Cannot be checked: LinkedIn refused to renew the agency's sign-in .*reconnect/);
    expect(await db.accessAlert.count({ where: { agencyId: agency.id, closedAt: null } })).toBe(1);
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(1);
    expect(await db.notification.count({ where: { agencyId: agency.id, type: "account.reconnect" } })).toBe(1);
  });

  it("a connection without the read scopes cannot check, and never calls access lost", async () => {
    const { agency, user } = await newAgency("LinkedIn Narrow Agency");
    // a connection made with the identity scopes only (as before the agency asked for its reads)
    const account = await connectAgency(user, "openid profile email");
    const { clientId, requestId } = await grantedRequest(agency.id, account.internalAccountId);
    const summary = await checkAccessNow({ agencyId: agency.id, clientId, connectorFor });
    expect(summary).toMatchObject({ lost: 0, newlyLost: 0, verified: 0, unavailable: 2 });
    const status = await loadAccessStatus({ agencyId: agency.id, clientId });
    for (const s of status.services)
      expect(s.assets[0]).toMatchObject({
        status: "unavailable",
        detail: expect.stringMatching(/^Cannot be checked: LinkedIn refused the request: Not enough permissions/),
      });
    const db = await getDb();
    expect(await db.accessAlert.count({ where: { agencyId: agency.id } })).toBe(0);
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(0);
    // a refused read is not a refused sign-in: no "Reconnect"
    expect(await accountsNeedingReconnect({ agencyId: agency.id })).toEqual([]);
  });
});
