// The agency's Google connection months after it was made, through the real dashboard
// connection and the real Google connector against its contract fake (which expires access
// tokens after Google's hour on a clock the test moves, and implements the refresh grant):
// the agency connects with offline access and the read scopes, the client grants, the clock
// moves past the access token's lifetime, and the scheduled check, a lost access with "Ask
// again", the agency's own removal and the receipt's read-back all work on a refreshed token.
// Then the user revokes the app at Google: the account becomes "Reconnect", the Owners are
// told in the app and by email, and the checks say why instead of calling access lost.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { askAgain } from "@/lib/core/requests/ask-again";
import { checkAccessNow, runScheduledAccessChecks, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { removeClientAccess } from "@/lib/core/access-checks/remove-access";
import { accountsNeedingReconnect } from "@/lib/core/accounts/check-agency-tokens";
import { agencyTokenForUse } from "@/lib/core/accounts/agency-token";
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { scopesFor } from "@/lib/infra/connectors/google/google-api";
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
  GOOGLE_ACCESS_TOKEN_SECONDS,
  GOOGLE_FAKE,
  startGoogleFake,
  type GoogleFake,
} from "@/test/support/fakes/google-fake";

const AGENCY_CALLBACK = "http://localhost:3999/api/dashboard/accounts/connect/callback";
const PROPERTY = "properties/1001";
const ADS = "4440001111";
const HOUR = 3600_000;

let fake: GoogleFake;
let google: PlatformConnector;
let connectorFor: ConnectorFor;

beforeAll(async () => {
  fake = await startGoogleFake({ redirectUris: [AGENCY_CALLBACK, "http://localhost:3999/api/access/callback"] });
  const env = {
    GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
    sandboxPlatformList: [],
    platformHostOverrides: parseHostOverrides(fake.overrides),
  } as ConnectorEnv;
  google = getConnector("google", {
    env,
    http: createConnectorHttp({ overrides: env.platformHostOverrides, sleep: async () => {}, baseDelayMs: 1 }),
  });
  connectorFor = (platform) => (platform === "google" ? google : null);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

/** The agency's "Connect account" for Google, as the dashboard runs it. */
async function connectAgency(user: { agencyId: string; userId: string }) {
  fake.set({ signInAs: GOOGLE_FAKE.agencyEmail });
  const { authorizationUrl } = await startAgencyConnect({ user, platform: "google", connector: google });
  const consent = new URL(authorizationUrl);
  expect(consent.searchParams.get("access_type")).toBe("offline");
  expect(consent.searchParams.get("prompt")).toContain("consent");
  expect(consent.searchParams.get("scope")).toContain(
    "https://www.googleapis.com/auth/analytics.manage.users.readonly",
  );
  const back = new URL((await fetch(consent, { redirect: "manual" })).headers.get("location")!);
  const done = await finishAgencyConnect({
    user,
    state: back.searchParams.get("state"),
    code: back.searchParams.get("code"),
    error: null,
    connector: google,
  });
  expect(done.kind).toBe("pick");
  const sessionId = (done as { sessionId: string }).sessionId;
  const { choices } = await listAgencyConnectChoices({ user, sessionId, connector: google });
  fake.set({ signInAs: null });
  return saveAgencyConnect({ user, sessionId, choice: choices[0]!.key, connector: google });
}

describe("the agency's Google connection after the access token's hour", () => {
  it("checks, loses and asks again, removes and reads back on a refreshed token; a revoked app means Reconnect", async () => {
    const agency = await createAgency({ name: "Time Travel Agency", plan: "agency" });
    const owner = await createUser({
      agencyId: agency.id,
      email: `owner-${crypto.randomUUID().slice(0, 8)}@agency.test`,
      password: "correct horse battery staple",
      role: "owner",
    });
    const user = { agencyId: agency.id, userId: owner.id };
    const account = await connectAgency(user);
    expect(account).toMatchObject({ email: GOOGLE_FAKE.agencyEmail, platformAccountId: GOOGLE_FAKE.managerId });
    const db = await getDb();
    const stored = await db.connectedAccount.findUniqueOrThrow({
      where: { internalAccountId: account.internalAccountId },
    });
    expect(openAgencyToken(stored.refreshToken)).toMatch(/^1\/\/fake-/);
    expect(stored.refreshToken).not.toContain("1//fake-");

    // the client asks for Analytics and the agency's manager link, and grants both
    const client = await createClient({
      agencyId: agency.id,
      input: ZCreateClientBody.parse({ name: "Ana Client", email: "ana@client.test" }),
    });
    const link = { internalAccountId: account.internalAccountId };
    const request = await createRequest({
      agencyId: agency.id,
      source: "api",
      input: ZCreateRequestBody.parse({
        clientId: client.id,
        requestedServices: {
          google_analytics: { accessLevel: "viewer", requestedAccountLinks: [link] },
          google_ads_mcc: { requestedAccountLinks: [{ ...link, adsMccAccountId: GOOGLE_FAKE.managerId }] },
        },
      }),
    });
    const requestId = request.id;
    const clientId = client.id;
    const clientToken = fake.issueToken(GOOGLE_FAKE.clientEmail, scopesFor(["google_analytics", "google_ads_mcc"]));
    const agencyRef = {
      internalAccountId: account.internalAccountId,
      platformAccountId: GOOGLE_FAKE.managerId,
      email: GOOGLE_FAKE.agencyEmail,
      businessId: GOOGLE_FAKE.managerId,
      agencyAccessToken: openAgencyToken(stored.accessToken),
      linkFields: { adsMccAccountId: GOOGLE_FAKE.managerId },
    };
    for (const [serviceId, id, role, name] of [
      ["google_analytics", PROPERTY, "viewer", "Brand Web"],
      ["google_ads_mcc", ADS, null, "Brand Ads"],
    ] as const) {
      const granted = await google.grantAccess({
        accessToken: clientToken,
        serviceId,
        assetIds: [id],
        role,
        agencyAccount: agencyRef,
      });
      expect(granted.results[0]!.ok).toBe(true);
      await applyRequestAction({
        agencyId: agency.id,
        requestId,
        action: { kind: "grant", serviceId },
        grantedAssets: [{ id, name, accessLevel: role }],
      });
    }

    // two hours later: the stored access token is dead at Google
    fake.advance(2 * HOUR);
    let now = new Date(fake.now());
    await db.agency.update({ where: { id: agency.id }, data: { accessCheckEveryDays: 1 } });
    expect(await runScheduledAccessChecks({ now, connectorFor, maxAgencies: 500 })).toMatchObject({
      agencies: expect.any(Number),
    });
    expect(fake.refreshCount()).toBe(1);
    let status = await loadAccessStatus({ agencyId: agency.id, clientId });
    expect(status.services.flatMap((s) => s.assets.map((a) => [s.serviceId, a.status]))).toEqual(
      expect.arrayContaining([
        ["google_analytics", "verified"],
        ["google_ads_mcc", "verified"],
      ]),
    );
    const refreshed = await db.connectedAccount.findUniqueOrThrow({ where: { id: stored.id } });
    expect(refreshed.tokenRefreshedAt).toEqual(now);
    expect(refreshed.tokenExpiresAt!.getTime()).toBe(now.getTime() + GOOGLE_ACCESS_TOKEN_SECONDS * 1000);
    expect(refreshed.refreshToken).toBe(stored.refreshToken);

    // the client removes the agency from the property: lost, with its alert, and "Ask again"
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    fake.hold("google_analytics", PROPERTY, []);
    expect(await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now })).toMatchObject({
      newlyLost: 1,
    });
    expect(fake.refreshCount()).toBe(2);
    const alert = await db.accessAlert.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect((await eventsOf(requestId)).filter((e) => e.type === "access.lost")).toHaveLength(1);
    const asked = await askAgain({
      agencyId: agency.id,
      alertIds: [alert.id],
      sendEmail: false,
      actor: "owner@agency.test",
      now,
    });
    expect(asked).toBeTruthy();

    // the agency leaves the client's Ads account with its own (refreshed) token; the receipt reads it back
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    const removal = await removeClientAccess({
      agencyId: agency.id,
      clientId,
      removedBy: "owner@agency.test",
      connectorFor,
      now,
      only: [{ requestId, serviceId: "google_ads_mcc", assetId: ADS }],
    });
    expect(removal.removed).toEqual([{ requestId, serviceId: "google_ads_mcc", assetId: ADS }]);
    expect(removal.failed).toEqual([]);
    expect(fake.refreshCount()).toBe(3);
    const receipt = await db.removalReceipt.findFirstOrThrow({ where: { agencyId: agency.id } });
    expect(receipt.items).toEqual([expect.objectContaining({ assetId: ADS, outcome: "confirmed" })]);

    // the user removes the app's access at Google: the next renewal is refused
    fake.revokeRefreshTokens(GOOGLE_FAKE.agencyEmail);
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    fake.hold("google_analytics", PROPERTY, "predefinedRoles/viewer");
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    status = await loadAccessStatus({ agencyId: agency.id, clientId });
    const ga = status.services.find((s) => s.serviceId === "google_analytics")!.assets[0]!;
    expect(ga.status).toBe("unavailable");
    expect(ga.detail).toMatch(/^Cannot be checked: Google refused to renew the agency's sign-in .*reconnect/);
    expect(await accountsNeedingReconnect({ agencyId: agency.id })).toEqual([account.internalAccountId]);
    const notes = await db.notification.findMany({ where: { agencyId: agency.id, type: "account.reconnect" } });
    expect(notes.map((n) => n.userId)).toEqual([owner.id]);
    const mails = await db.email.findMany({ where: { agencyId: agency.id, to: owner.email, kind: "notification" } });
    expect(mails.filter((m) => /stopped accepting the agency's sign-in/.test(m.subject))).toHaveLength(1);
    // nothing was called lost because of it, and a second check tells the Owners nothing new
    expect(await db.accessAlert.count({ where: { agencyId: agency.id, closedAt: null } })).toBe(1);
    await checkAccessNow({ agencyId: agency.id, clientId, connectorFor, now });
    expect(await db.notification.count({ where: { agencyId: agency.id, type: "account.reconnect" } })).toBe(1);
  });

  it("two workers renewing the same expired sign-in at once spend the refresh token once and share the new token", async () => {
    const agency = await createAgency({ name: "Two Workers Agency", plan: "agency" });
    const owner = await createUser({
      agencyId: agency.id,
      email: `owner-${crypto.randomUUID().slice(0, 8)}@agency.test`,
      password: "correct horse battery staple",
      role: "owner",
    });
    const account = await connectAgency({ agencyId: agency.id, userId: owner.id });
    const db = await getDb();
    const row = await db.connectedAccount.findUniqueOrThrow({
      where: { internalAccountId: account.internalAccountId },
    });
    fake.advance(2 * HOUR);
    const now = new Date(fake.now());
    const [a, b] = await Promise.all([
      agencyTokenForUse({ accountId: row.id, connector: google, now }),
      agencyTokenForUse({ accountId: row.id, connector: google, now }),
    ]);
    expect(a.token).toBeTruthy();
    expect(b.token).toBe(a.token);
    expect(fake.refreshCount()).toBe(1);
    const after = await db.connectedAccount.findUniqueOrThrow({ where: { id: row.id } });
    expect(openAgencyToken(after.accessToken)).toBe(a.token);
  });
});
