// Access checks through the real Google connector against its contract fake, on a real
// database: only a read that succeeds and does not list the agency is lost access. A read
// Google refuses (a token without the read's scope, an expired token) or limits leaves the
// asset "Cannot be checked: <why>" with no lost-access alert and no `access.lost`; "Check now"
// flags the account for reconnecting the way the worker's sweep does.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { checkAccessNow, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { getDb } from "@/lib/infra/db/db";
import { loadAccessStatus } from "@/lib/surfaces/dashboard/access-checks/access-status";
import { eventsOf, seedAccessRequest } from "@/test/support/access-fixtures";
import { GOOGLE_FAKE, startGoogleFake, type GoogleFake } from "@/test/support/fakes/google-fake";

let fake: GoogleFake;
let connectorFor: ConnectorFor;
const S = "https://www.googleapis.com/auth/";
const PROPERTY = "properties/1001";

beforeAll(async () => {
  fake = await startGoogleFake();
  const env = {
    GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
    sandboxPlatformList: [],
    platformHostOverrides: parseHostOverrides(fake.overrides),
  } as ConnectorEnv;
  const google = getConnector("google", {
    env,
    http: createConnectorHttp({ overrides: env.platformHostOverrides, sleep: async () => {}, baseDelayMs: 1 }),
  });
  connectorFor = (platform) => (platform === "google" ? google : null);
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

/** An agency whose Google account holds a token with `scopes`, and a client's Analytics property granted to it. */
async function grantedProperty(scopes: string[]) {
  const agency = await createAgency({ name: "Google Checks Agency", plan: "agency" });
  const account = await connectAccount({
    agencyId: agency.id,
    platform: "google",
    email: GOOGLE_FAKE.agencyEmail,
    accessToken: fake.issueToken(GOOGLE_FAKE.agencyEmail, scopes),
  });
  const testAgency = { agencyId: agency.id, accounts: { google: account.internalAccountId } };
  const { requestId, clientId } = await seedAccessRequest(testAgency, { google_analytics: { accessLevel: "viewer" } });
  fake.hold("google_analytics", PROPERTY, "predefinedRoles/viewer");
  await applyRequestAction({
    agencyId: agency.id,
    requestId,
    action: { kind: "grant", serviceId: "google_analytics" },
    grantedAssets: [{ id: PROPERTY, name: "Brand Web", accessLevel: "viewer" }],
  });
  return { agencyId: agency.id, requestId, clientId, internalAccountId: account.internalAccountId };
}

async function assetOf(agencyId: string, requestId: string) {
  const status = await loadAccessStatus({ agencyId, requestId });
  return status.services.find((s) => s.serviceId === "google_analytics")!.assets[0]!;
}

async function nothingLost(agencyId: string, requestId: string) {
  const db = await getDb();
  expect(await db.accessAlert.count({ where: { agencyId } })).toBe(0);
  expect((await eventsOf(requestId)).map((e) => e.type)).not.toContain("access.lost");
}

describe("Google access checks never call a failed read lost", () => {
  it("a token without the read's scope: cannot be checked, no alert, no access.lost", async () => {
    const g = await grantedProperty(["openid", "email"]);
    const summary = await checkAccessNow({ agencyId: g.agencyId, clientId: g.clientId, connectorFor });
    expect(summary).toMatchObject({ verified: 0, lost: 0, newlyLost: 0, unavailable: 1 });
    const asset = await assetOf(g.agencyId, g.requestId);
    expect(asset.status).toBe("unavailable");
    expect(asset.detail).toMatch(/^Cannot be checked: .*insufficient authentication scopes/);
    expect(asset.lostAt).toBeNull();
    await nothingLost(g.agencyId, g.requestId);
  });

  it("an expired token: cannot be checked, and Check now flags the account for reconnecting", async () => {
    const g = await grantedProperty(["openid", "email", `${S}analytics.manage.users.readonly`]);
    fake.set({ expiredTokens: true });
    await checkAccessNow({ agencyId: g.agencyId, clientId: g.clientId, connectorFor });
    const asset = await assetOf(g.agencyId, g.requestId);
    expect(asset.status).toBe("unavailable");
    expect(asset.detail).toMatch(/^Cannot be checked: /);
    await nothingLost(g.agencyId, g.requestId);
    const db = await getDb();
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { internalAccountId: g.internalAccountId } });
    expect(row.tokenInvalidAt).not.toBeNull();
  });

  it("a read that succeeds and does not list the agency is lost access, with its alert and access.lost", async () => {
    const g = await grantedProperty(["openid", "email", `${S}analytics.manage.users.readonly`]);
    expect(await checkAccessNow({ agencyId: g.agencyId, clientId: g.clientId, connectorFor })).toMatchObject({
      verified: 1,
      lost: 0,
    });
    fake.hold("google_analytics", PROPERTY, []);
    expect(await checkAccessNow({ agencyId: g.agencyId, clientId: g.clientId, connectorFor })).toMatchObject({
      lost: 1,
      newlyLost: 1,
    });
    expect((await assetOf(g.agencyId, g.requestId)).status).toBe("lost");
    const db = await getDb();
    expect(await db.accessAlert.count({ where: { agencyId: g.agencyId } })).toBe(1);
    expect((await eventsOf(g.requestId)).filter((e) => e.type === "access.lost")).toHaveLength(1);
    const row = await db.connectedAccount.findUniqueOrThrow({ where: { internalAccountId: g.internalAccountId } });
    expect(row.tokenInvalidAt).toBeNull();
  });
});
