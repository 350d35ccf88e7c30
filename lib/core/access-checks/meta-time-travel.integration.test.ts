// The agency's Meta connection weeks after it was made, through the real dashboard connection
// and the real Meta connector against its contract fake (whose user tokens expire on a clock the
// test moves: the code's token after an hour, the long-lived one after Meta's ~60 days). Meta has
// no refresh grant: the connection exchanges the code's short-lived token for the long-lived one
// and keeps that. Past the short-lived token's hour and well into the long-lived token's days,
// the scheduled check, a lost access with "Ask again", a removal (Meta lets only the asset's
// admin remove a partner: the client's removal link) and the receipt's read-back with the
// agency's token all work. Past the long-lived token's end, or when the user removes the app at
// Meta, the account becomes "Reconnect", the Owners are told, and no failed read is called lost.
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
import { openAgencyToken, sealAgencyToken } from "@/lib/core/request-records/granted-assets";
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { pkceVerifier } from "@/lib/infra/connectors/pkce";
import { getDb } from "@/lib/infra/db/db";
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
  LONG_LIVED_SECONDS,
  META_FAKE_APP,
  META_FAKE_USERS,
  hostOverrides,
  startMetaFake,
  type MetaFake,
} from "@/test/support/fakes/meta-fake";

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const AGENCY_BM = "770000000001";
const ADS = "act_1001";
const PAGE = "2001";

let fake: MetaFake;
let meta: PlatformConnector;
let connectorFor: ConnectorFor;

beforeAll(async () => {
  fake = await startMetaFake();
  const overrides = parseHostOverrides(hostOverrides(fake.hosts));
  const env = {
    META_APP_ID: META_FAKE_APP.appId,
    META_APP_SECRET: META_FAKE_APP.appSecret,
    sandboxPlatformList: [],
    platformHostOverrides: overrides,
  } as unknown as ConnectorEnv;
  meta = getConnector("meta", {
    env,
    http: createConnectorHttp({ overrides, sleep: async () => {}, baseDelayMs: 1 }),
  });
  connectorFor = (platform) => (platform === "meta" ? meta : null);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

async function ownerOf(name: string) {
  const agency = await createAgency({ name, plan: "agency" });
  const owner = await createUser({
    agencyId: agency.id,
    email: `owner-${crypto.randomUUID().slice(0, 8)}@agency.test`,
    password: "correct horse battery staple",
    role: "owner",
  });
  return { agency, owner, user: { agencyId: agency.id, userId: owner.id } };
}

/** The agency's "Connect account" for Meta, as the dashboard runs it, picking its main Business Manager. */
async function connectAgency(user: { agencyId: string; userId: string }) {
  fake.switches.loginAs = "agency";
  const { authorizationUrl } = await startAgencyConnect({ user, platform: "meta", connector: meta });
  const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
  const done = await finishAgencyConnect({
    user,
    state: back.searchParams.get("state"),
    code: back.searchParams.get("code"),
    error: null,
    connector: meta,
  });
  expect(done.kind).toBe("pick");
  const sessionId = (done as { sessionId: string }).sessionId;
  const { choices } = await listAgencyConnectChoices({ user, sessionId, connector: meta });
  fake.switches.loginAs = "client";
  const choice = choices.find((c) => c.businessId === AGENCY_BM)!;
  return saveAgencyConnect({ user, sessionId, choice: choice.key, connector: meta });
}

/** The client's Facebook Login for these services (a grant, or a removal link): their token. */
async function clientSignIn(serviceIds: string[]): Promise<string> {
  fake.switches.loginAs = "client";
  const verifier = pkceVerifier("secret", `client-${crypto.randomUUID()}`);
  const redirectUri = "http://localhost:3999/api/access/callback";
  const { authorizationUrl } = meta.beginSignIn({ state: "st", redirectUri, serviceIds, codeVerifier: verifier });
  const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
  const tokens = await meta.handleCallback({
    code: back.searchParams.get("code")!,
    state: "st",
    redirectUri,
    codeVerifier: verifier,
  });
  return tokens.accessToken;
}

/** A client who granted the agency's Business Manager partner access to an ad account and a Page. */
async function grantedClient(agencyId: string, account: { internalAccountId: string }) {
  const client = await createClient({
    agencyId,
    input: ZCreateClientBody.parse({ name: "Acme Client", email: "ana@client.test" }),
  });
  const link = { internalAccountId: account.internalAccountId };
  const request = await createRequest({
    agencyId,
    source: "api",
    input: ZCreateRequestBody.parse({
      clientId: client.id,
      requestedServices: {
        meta_ads: { accessLevel: "analyst", requestedAccountLinks: [link] },
        meta_page: { accessLevel: "analyst", requestedAccountLinks: [link] },
      },
    }),
  });
  const clientToken = await clientSignIn(["meta_ads", "meta_page"]);
  const agencyAccount = {
    internalAccountId: account.internalAccountId,
    platformAccountId: META_FAKE_USERS.agency.id,
    email: META_FAKE_USERS.agency.email,
    businessId: AGENCY_BM,
  };
  for (const [serviceId, id, name] of [
    ["meta_ads", ADS, "Acme Main Ads"],
    ["meta_page", PAGE, "Acme Page"],
  ] as const) {
    const granted = await meta.grantAccess({
      accessToken: clientToken,
      serviceId,
      assetIds: [id],
      role: "analyst",
      agencyAccount,
    });
    expect(granted.results[0]!.ok).toBe(true);
    await applyRequestAction({
      agencyId,
      requestId: request.id,
      action: { kind: "grant", serviceId },
      grantedAssets: [{ id, name, accessLevel: "analyst" }],
    });
  }
  return { clientId: client.id, requestId: request.id };
}

const statusOf = async (agencyId: string, clientId: string) =>
  (await loadAccessStatus({ agencyId, clientId })).services.flatMap((s) =>
    s.assets.map((a) => ({ service: s.serviceId, id: a.id, status: a.status, detail: a.detail })),
  );

describe("the agency's Meta connection over its long-lived token's two months", () => {
  it("checks, loses and asks again, removes and reads back for weeks; past the token's end it is Reconnect, never lost", async () => {
    const { agency, owner, user } = await ownerOf("Meta Time Travel Agency");
    const account = await connectAgency(user);
    const db = await getDb();
    const stored = await db.connectedAccount.findUniqueOrThrow({
      where: { internalAccountId: account.internalAccountId },
    });
    // the long-lived token is kept, with Meta's ~60 days; Meta issues no refresh token
    const longLived = openAgencyToken(stored.accessToken)!;
    expect(stored.refreshToken).toBeNull();
    expect(stored.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * DAY);
    const { clientId, requestId } = await grantedClient(agency.id, account);

    // two hours later the code's short-lived token is dead at Meta; the long-lived one reads the agency's side
    fake.advance(2 * HOUR);
    let now = new Date(fake.now());
    await db.agency.update({ where: { id: agency.id }, data: { accessCheckEveryDays: 1 } });
    await runScheduledAccessChecks({ now, connectorFor, maxAgencies: 500 });
    expect(await statusOf(agency.id, clientId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: "meta_ads", id: ADS, status: "verified" }),
        expect.objectContaining({ service: "meta_page", id: PAGE, status: "verified" }),
      ]),
    );
    const reads = fake.calls.filter((c) => /\/770000000001\/client_(ad_accounts|pages)$/.test(c.path));
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.every((c) => c.query.access_token === longLived && c.status === 200)).toBe(true);

    // three weeks in, the client removes the agency from the ad account: lost, with its alert, and "Ask again"
    fake.advance(21 * DAY);
    now = new Date(fake.now());
    fake.partners.get(ADS)!.delete(AGENCY_BM);
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now })).toMatchObject({
      newlyLost: 1,
    });
    const alert = await db.accessAlert.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(1);
    expect(
      await askAgain({ agencyId: agency.id, alertIds: [alert.id], sendEmail: false, actor: owner.email, now }),
    ).toBeTruthy();

    // a month in: the agency asks to leave the Page; Meta lets only the Page's admin remove a partner,
    // so the client's removal link does it, and the receipt reads it back with the agency's token
    fake.advance(9 * DAY);
    now = new Date(fake.now());
    const offboarding = await removeClientAccess({
      agencyId: agency.id,
      clientId,
      removedBy: owner.email,
      connectorFor,
      now,
      only: [{ requestId, serviceId: "meta_page", assetId: PAGE }],
    });
    expect(offboarding.checklist).toEqual([expect.objectContaining({ serviceId: "meta_page", clientConsent: true })]);
    const clientToken = await clientSignIn(["meta_page"]);
    const callsBefore = fake.calls.length;
    const removal = await removeAccessWithClientToken({
      agencyId: agency.id,
      clientId,
      platform: "meta",
      clientToken,
      removedBy: "client:ana@client.test",
      now,
      connectorFor,
      only: [{ requestId, serviceId: "meta_page", assetId: PAGE }],
    });
    expect(removal.removed).toEqual([{ requestId, serviceId: "meta_page", assetId: PAGE }]);
    const receipt = await db.removalReceipt.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect(receipt.items).toEqual([expect.objectContaining({ assetId: PAGE, outcome: "confirmed" })]);
    const readBack = fake.calls.slice(callsBefore).find((c) => c.path.endsWith("/770000000001/client_pages"));
    expect(readBack?.query.access_token).toBe(longLived);

    // past the long-lived token's end: nothing renews it; the account is "Reconnect", the Owners are told
    fake.advance(LONG_LIVED_SECONDS * 1000 - 30 * DAY - 2 * HOUR + DAY);
    now = new Date(fake.now());
    fake.shareAlready(ADS, AGENCY_BM, ["ANALYZE"]);
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    const ads = (await statusOf(agency.id, clientId)).find((a) => a.id === ADS)!;
    expect(ads.status).toBe("unavailable");
    expect(ads.detail).toMatch(/^Cannot be checked: Meta no longer accepts the agency's sign-in.*Reconnect/);
    expect(await accountsNeedingReconnect({ agencyId: agency.id })).toEqual([account.internalAccountId]);
    const notes = await db.notification.findMany({ where: { agencyId: agency.id, type: "account.reconnect" } });
    expect(notes.map((n) => n.userId)).toEqual([owner.id]);
    const mails = await db.email.findMany({ where: { agencyId: agency.id, to: owner.email, kind: "notification" } });
    expect(mails.filter((m) => /stopped accepting the agency's sign-in/.test(m.subject))).toHaveLength(1);
    // the one lost access stays the only one, and a second check tells the Owners nothing new
    expect(await db.accessAlert.count({ where: { agencyId: agency.id } })).toBe(1);
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect(await db.notification.count({ where: { agencyId: agency.id, type: "account.reconnect" } })).toBe(1);
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(1);
  });

  it("the user removes the app at Meta: the check cannot be made, nothing is lost, the account is Reconnect", async () => {
    const { agency, owner, user } = await ownerOf("Meta Revoked Agency");
    const account = await connectAgency(user);
    const { clientId, requestId } = await grantedClient(agency.id, account);
    fake.advance(3 * DAY);
    fake.revokeApp(META_FAKE_USERS.agency.id);
    const now = new Date(fake.now());
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now })).toMatchObject({
      newlyLost: 0,
      lost: 0,
    });
    // Meta answered code 190 (subcode 458) on the read: a refused token, never lost access
    const refused = fake.calls.find((c) => c.path.endsWith("/client_ad_accounts"))!;
    expect(refused.status).toBe(400);
    for (const a of await statusOf(agency.id, clientId)) {
      expect(a.status).toBe("unavailable");
      expect(a.detail).toMatch(/^Cannot be checked: /);
    }
    const db = await getDb();
    expect(await db.accessAlert.count({ where: { agencyId: agency.id } })).toBe(0);
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(0);
    expect(await accountsNeedingReconnect({ agencyId: agency.id })).toEqual([account.internalAccountId]);
    const row = await db.connectedAccount.findUniqueOrThrow({
      where: { internalAccountId: account.internalAccountId },
    });
    expect(row.tokenInvalidReason).toMatch(/sign-in/);
    expect(
      await db.notification.count({ where: { agencyId: agency.id, userId: owner.id, type: "account.reconnect" } }),
    ).toBe(1);
    // the next check says why without calling Meta with the refused token
    const before = fake.calls.length;
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect(fake.calls.slice(before).filter((c) => c.path.includes("client_"))).toEqual([]);
    expect((await statusOf(agency.id, clientId))[0]!.detail).toMatch(
      /no longer accepts the agency's sign-in.*Reconnect/,
    );
  });

  it("a sign-in without the read permissions: Meta's permission error leaves the access 'Cannot be checked', not lost", async () => {
    const { agency, user } = await ownerOf("Meta Narrow Agency");
    const account = await connectAgency(user);
    const { clientId, requestId } = await grantedClient(agency.id, account);
    // a connection made before the reads were asked for: business_management and email only
    const db = await getDb();
    await db.connectedAccount.update({
      where: { internalAccountId: account.internalAccountId },
      data: { accessToken: sealAgencyToken(fake.agencyToken()) },
    });
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now: new Date(fake.now()) });
    const refused = fake.calls.find((c) => c.path.endsWith("/client_ad_accounts"))!;
    expect(refused.status).toBe(403);
    const ads = (await statusOf(agency.id, clientId)).find((a) => a.id === ADS)!;
    expect(ads.status).toBe("unavailable");
    expect(ads.detail).toMatch(
      /^Cannot be checked: Meta refused the read \(\(#200\) Requires ads_management or ads_read permission/,
    );
    expect(await db.accessAlert.count({ where: { agencyId: agency.id } })).toBe(0);
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(0);
  });
});
