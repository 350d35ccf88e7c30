// The agency's Microsoft Advertising sign-in after the access token's hour, through the real
// Microsoft connector against its contract fake (access tokens expire on a clock the test
// moves; every refresh answers a new refresh token): the token for use is renewed before the
// call, the rotated refresh token replaces the spent one, and a revoked sign-in makes the
// account "Reconnect" with the Owners told, while a refresh token that still works never does.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { agencyTokenForUse } from "@/lib/core/accounts/agency-token";
import { accountsNeedingReconnect, checkAgencyTokens } from "@/lib/core/accounts/check-agency-tokens";
import { openAgencyToken, sealAgencyToken } from "@/lib/core/request-records/granted-assets";
import { ConnectorError, type PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { createMicrosoftConnector } from "@/lib/infra/connectors/microsoft/microsoft-connector";
import { getDb } from "@/lib/infra/db/db";
import { MICROSOFT_FAKE, startMicrosoftFake, type MicrosoftFake } from "@/test/support/fakes/microsoft-fake";

const HOUR = 3600_000;
let fake: MicrosoftFake;
let connector: PlatformConnector;

beforeAll(async () => {
  fake = await startMicrosoftFake();
  const http = createConnectorHttp({ overrides: parseHostOverrides(fake.overrides), baseDelayMs: 1 });
  connector = createMicrosoftConnector(
    {
      clientId: MICROSOFT_FAKE.clientId,
      clientSecret: MICROSOFT_FAKE.clientSecret,
      developerToken: MICROSOFT_FAKE.developerToken,
    },
    http,
  );
});
afterAll(async () => fake?.close());
beforeEach(() => fake.reset());

async function connectedAgency() {
  const agency = await createAgency({ name: "Microsoft Renewal Agency", plan: "agency" });
  const owner = await createUser({
    agencyId: agency.id,
    email: `owner-${crypto.randomUUID().slice(0, 8)}@agency.test`,
    password: "correct horse battery staple",
    role: "owner",
  });
  const account = await connectAccount({
    agencyId: agency.id,
    platform: "microsoft",
    email: MICROSOFT_FAKE.agencyEmail,
    accessToken: fake.agencyToken(),
  });
  const db = await getDb();
  const row = await db.connectedAccount.update({
    where: { internalAccountId: account.internalAccountId },
    data: {
      refreshToken: sealAgencyToken(fake.agencyRefreshToken()),
      tokenExpiresAt: new Date(fake.now() + HOUR),
    },
  });
  return { agencyId: agency.id, owner, row };
}

describe("the agency's Microsoft Advertising sign-in", () => {
  it("is renewed before use, keeps the newest refresh token, and only a refused renewal means Reconnect", async () => {
    const { agencyId, owner, row } = await connectedAgency();
    const db = await getDb();
    const oldToken = openAgencyToken(row.accessToken)!;

    fake.advance(2 * HOUR);
    let now = new Date(fake.now());
    // the stored token is dead at Microsoft
    await expect(connector.listAgencyIdentities!({ accessToken: oldToken })).rejects.toMatchObject({ kind: "reauth" });
    const got = await agencyTokenForUse({ accountId: row.id, connector, now });
    expect(got.problem).toBeNull();
    expect(got.token).not.toBe(oldToken);
    expect(await connector.listAgencyIdentities!({ accessToken: got.token! })).not.toHaveLength(0);
    const after = await db.connectedAccount.findUniqueOrThrow({ where: { id: row.id } });
    expect(openAgencyToken(after.refreshToken)).not.toBe(openAgencyToken(row.refreshToken));
    expect(after.refreshTokenExpiresAt!.getTime()).toBe(now.getTime() + 90 * 24 * HOUR);
    expect(after.tokenRefreshedAt).toEqual(now);
    expect(fake.refreshCount()).toBe(1);

    // within the hour the stored token is used as it is
    expect((await agencyTokenForUse({ accountId: row.id, connector, now })).token).toBe(got.token);
    expect(fake.refreshCount()).toBe(1);

    // the sweep renews an expired sign-in without flagging it
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    expect(await checkAgencyTokens({ agencyId, connectorFor: () => connector, now })).toEqual({ flagged: 0 });
    expect(fake.refreshCount()).toBe(2);
    expect(await accountsNeedingReconnect({ agencyId })).toEqual([]);

    // an admin revokes the app's sessions: the next renewal is refused
    fake.revokeRefreshTokens();
    fake.advance(2 * HOUR);
    now = new Date(fake.now());
    expect(await checkAgencyTokens({ agencyId, connectorFor: () => connector, now })).toEqual({ flagged: 1 });
    expect(await accountsNeedingReconnect({ agencyId })).toEqual([row.internalAccountId]);
    const refused = await agencyTokenForUse({ accountId: row.id, connector, now });
    expect(refused.token).toBeNull();
    expect(refused.problem).toMatch(/^Microsoft Advertising refused to renew the agency's sign-in .*reconnect/);
    const notes = await db.notification.findMany({ where: { agencyId, type: "account.reconnect" } });
    expect(notes.map((n) => n.userId)).toEqual([owner.id]);
    expect(await db.email.count({ where: { agencyId, to: owner.email, kind: "notification" } })).toBe(1);
  });

  it("an outage at the token endpoint leaves the account as it is", async () => {
    const { agencyId, row } = await connectedAgency();
    fake.advance(2 * HOUR);
    const now = new Date(fake.now());
    const refusing = {
      refreshAgencyToken: async () => {
        throw new ConnectorError("rate_limited", "Microsoft could not complete the sign-in right now.");
      },
    } as Pick<PlatformConnector, "refreshAgencyToken">;
    const got = await agencyTokenForUse({ accountId: row.id, connector: refusing, now });
    expect(got.token).toBeNull();
    expect(got.problem).toMatch(/could not complete the sign-in right now/);
    expect(await accountsNeedingReconnect({ agencyId })).toEqual([]);
  });
});
