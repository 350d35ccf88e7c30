// What the agency-connection time-travel tests share (one per platform, beside
// lib/core/access-checks/google-time-travel.integration.test.ts): an agency with an Owner, the
// agency's "Connect account" run as the dashboard runs it (start, the platform's consent, the
// callback, the pick, the save), a client's sign-in through the platform's consent page for a
// grant or a removal link, a request granted on the platform and recorded, and what a refused
// renewal must leave behind (the account "Reconnect", its Owners told in the app and by email,
// nothing called lost).
import crypto from "node:crypto";
import { expect } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { accountsNeedingReconnect } from "@/lib/core/accounts/check-agency-tokens";
import { openAgencyToken } from "@/lib/core/request-records/granted-assets";
import type { AgencyAccountRef, PlatformConnector } from "@/lib/infra/connectors/connector";
import { createConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { parseHostOverrides } from "@/lib/infra/connectors/http/host-overrides";
import { getConnector } from "@/lib/infra/connectors/get-connector";
import type { ConnectorEnv } from "@/lib/infra/connectors/registry";
import { getDb } from "@/lib/infra/db/db";
import {
  finishAgencyConnect,
  listAgencyConnectChoices,
  saveAgencyConnect,
  startAgencyConnect,
} from "@/lib/surfaces/dashboard/accounts/agency-connect";

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;

/** The platform's real connector against its fake (every host the fake serves rewritten to it). */
export function connectorAgainstFake(
  platform: string,
  fake: { overrides: string },
  credentials: Partial<ConnectorEnv>,
): PlatformConnector {
  const env = {
    ...credentials,
    sandboxPlatformList: [],
    platformHostOverrides: parseHostOverrides(fake.overrides),
  } as ConnectorEnv;
  return getConnector(platform, {
    env,
    http: createConnectorHttp({ overrides: env.platformHostOverrides, sleep: async () => {}, baseDelayMs: 1 }),
  });
}

export async function agencyWithOwner(name: string) {
  const agency = await createAgency({ name, plan: "agency" });
  const owner = await createUser({
    agencyId: agency.id,
    email: `owner-${crypto.randomUUID().slice(0, 8)}@agency.test`,
    password: "correct horse battery staple",
    role: "owner",
  });
  return { agency, owner, user: { agencyId: agency.id, userId: owner.id } };
}

/**
 * The agency's "Connect account", as the dashboard runs it: the consent URL (returned for the
 * caller's checks), the platform's redirect back, the callback, the first identity picked and
 * saved. Returns the saved account and its stored row.
 */
export async function connectAgencyThroughDashboard(opts: {
  user: { agencyId: string; userId: string };
  platform: string;
  connector: PlatformConnector;
}) {
  const { authorizationUrl } = await startAgencyConnect({
    user: opts.user,
    platform: opts.platform,
    connector: opts.connector,
  });
  const consent = new URL(authorizationUrl);
  const back = new URL((await fetch(consent, { redirect: "manual" })).headers.get("location")!);
  const done = await finishAgencyConnect({
    user: opts.user,
    state: back.searchParams.get("state"),
    code: back.searchParams.get("code"),
    error: null,
    connector: opts.connector,
  });
  expect(done.kind).toBe("pick");
  const sessionId = (done as { sessionId: string }).sessionId;
  const { choices } = await listAgencyConnectChoices({ user: opts.user, sessionId, connector: opts.connector });
  const account = await saveAgencyConnect({
    user: opts.user,
    sessionId,
    choice: choices[0]!.key,
    connector: opts.connector,
  });
  const stored = await (
    await getDb()
  ).connectedAccount.findUniqueOrThrow({ where: { internalAccountId: account.internalAccountId } });
  return { consent, account, stored };
}

/** The agency account as a grant's connector takes it, with the agency's stored token. */
export function agencyRefOf(stored: {
  internalAccountId: string;
  platformAccountId: string | null;
  email: string | null;
  businessId: string | null;
  accessToken: string | null;
}): AgencyAccountRef {
  return {
    internalAccountId: stored.internalAccountId,
    platformAccountId: stored.platformAccountId,
    email: stored.email,
    businessId: stored.businessId,
    agencyAccessToken: openAgencyToken(stored.accessToken),
    linkFields: {},
  };
}

/** A client's sign-in for these services through the platform's consent page: their token. */
export async function clientSignIn(connector: PlatformConnector, serviceIds: string[]): Promise<string> {
  const redirectUri = "http://localhost:3999/api/access/callback";
  const codeVerifier = crypto.randomBytes(32).toString("base64url");
  const { authorizationUrl } = connector.beginSignIn({ state: "client-state", redirectUri, serviceIds, codeVerifier });
  const back = new URL((await fetch(authorizationUrl, { redirect: "manual" })).headers.get("location")!);
  const code = back.searchParams.get("code");
  expect(code).toBeTruthy();
  return (await connector.handleCallback({ code: code!, state: "client-state", redirectUri, codeVerifier }))
    .accessToken;
}

/**
 * A client and a request for one service naming the agency's account, granted on the platform
 * with the client's token and recorded as the client page records it.
 */
export async function grantedRequest(opts: {
  agencyId: string;
  connector: PlatformConnector;
  serviceId: string;
  accessLevel: string;
  clientToken: string;
  agency: AgencyAccountRef;
  assets: { id: string; name: string }[];
}) {
  const client = await createClient({
    agencyId: opts.agencyId,
    input: ZCreateClientBody.parse({ name: "Ana Client", email: `ana-${crypto.randomUUID().slice(0, 6)}@client.test` }),
  });
  const request = await createRequest({
    agencyId: opts.agencyId,
    source: "api",
    input: ZCreateRequestBody.parse({
      clientId: client.id,
      requestedServices: {
        [opts.serviceId]: {
          accessLevel: opts.accessLevel,
          requestedAccountLinks: [{ internalAccountId: opts.agency.internalAccountId }],
        },
      },
    }),
  });
  const granted = await opts.connector.grantAccess({
    accessToken: opts.clientToken,
    serviceId: opts.serviceId,
    assetIds: opts.assets.map((a) => a.id),
    role: opts.accessLevel,
    agencyAccount: opts.agency,
  });
  expect(granted.results.map((r) => r.ok)).toEqual(opts.assets.map(() => true));
  await applyRequestAction({
    agencyId: opts.agencyId,
    requestId: request.id,
    action: { kind: "grant", serviceId: opts.serviceId },
    grantedAssets: opts.assets.map((a) => ({ ...a, accessLevel: opts.accessLevel })),
  });
  return { clientId: client.id, requestId: request.id, granted };
}

/**
 * After a refused renewal: the account is "Reconnect" with the platform's reason, its Owners were
 * told once in the app and by email, and no lost-access alert was opened by it.
 */
export async function expectReconnectNotified(opts: {
  agencyId: string;
  owner: { id: string; email: string };
  internalAccountId: string;
  openAlerts: number;
}) {
  const db = await getDb();
  expect(await accountsNeedingReconnect({ agencyId: opts.agencyId })).toEqual([opts.internalAccountId]);
  const row = await db.connectedAccount.findUniqueOrThrow({ where: { internalAccountId: opts.internalAccountId } });
  expect(row.tokenInvalidReason).toBeTruthy();
  const notes = await db.notification.findMany({ where: { agencyId: opts.agencyId, type: "account.reconnect" } });
  expect(notes.map((n) => n.userId)).toEqual([opts.owner.id]);
  const mails = await db.email.findMany({
    where: { agencyId: opts.agencyId, to: opts.owner.email, kind: "notification" },
  });
  expect(mails.filter((m) => /stopped accepting the agency's sign-in/.test(m.subject))).toHaveLength(1);
  expect(await db.accessAlert.count({ where: { agencyId: opts.agencyId, closedAt: null } })).toBe(opts.openAlerts);
}
