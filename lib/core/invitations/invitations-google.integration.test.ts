// Invitations followed until accepted, with the real Google connector against its contract
// fake, over real HTTP and a real database: the client grants Google Ads (a user invitation
// to the agency's email), the Request object shows the invitation pending, the worker's task
// reminds the team once a day later (clock injected), the invitee accepts on the fake, and
// the next check reads it accepted: the service shows it, the request has a new stateVersion
// and one request.updated saying so, and the timeline reads it in words.
import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/infra/env";
import { getDb } from "@/lib/infra/db/db";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { API_SCOPES } from "@/lib/core/auth/scopes";
import { checkGrantedAccess } from "@/lib/core/access-checks/check-access";
import { followInvitations, REMIND_AFTER_MS } from "@/lib/core/invitations/follow-invitations";
import { describeEvent } from "@/lib/surfaces/dashboard/describe-event";
import { scopesFor } from "@/lib/infra/connectors/google/google-api";
import { startApiServer } from "@/test/support/api-server";
import {
  eventsOf,
  getNoFollow,
  locationOf,
  postForm,
  seedAccessRequest,
  type TestAgency,
} from "@/test/support/access-fixtures";
import { GOOGLE_FAKE, startGoogleFake, type GoogleFake } from "@/test/support/fakes/google-fake";
import { createAgency } from "@/lib/core/agencies/create-agency";

let base: string;
let close: () => Promise<void>;
let fake: GoogleFake;
const saved = { ...process.env };
const ENV_KEYS = [
  "SANDBOX_PLATFORMS",
  "GOOGLE_CLIENT_ID",
  "GOOGLE_CLIENT_SECRET",
  "GOOGLE_ADS_DEVELOPER_TOKEN",
  "PLATFORM_HOST_OVERRIDES",
];

beforeAll(async () => {
  fake = await startGoogleFake();
  Object.assign(process.env, {
    SANDBOX_PLATFORMS: "0",
    GOOGLE_CLIENT_ID: GOOGLE_FAKE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_FAKE.clientSecret,
    GOOGLE_ADS_DEVELOPER_TOKEN: GOOGLE_FAKE.developerToken,
    PLATFORM_HOST_OVERRIDES: fake.overrides,
  });
  resetEnvCache();
  const server = await startApiServer();
  base = server.url;
  close = server.close;
});
afterAll(async () => {
  await close?.();
  await fake?.close();
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
});
beforeEach(() => fake.reset());

/** An agency whose Google account is the fake's agency email, holding its own Google token, and one member. */
async function seedAgency(): Promise<TestAgency & { memberId: string }> {
  const agency = await createAgency({ name: `Invites ${crypto.randomUUID().slice(0, 6)}`, plan: "agency" });
  const google = await connectAccount({
    agencyId: agency.id,
    platform: "google",
    email: GOOGLE_FAKE.agencyEmail,
    accessToken: fake.issueToken(GOOGLE_FAKE.agencyEmail, scopesFor(["google_ads"])),
  });
  const db = await getDb();
  const user = await db.user.create({
    data: { email: `m-${crypto.randomUUID().slice(0, 8)}@agency.test`, passwordHash: "x" },
  });
  await db.membership.create({ data: { agencyId: agency.id, userId: user.id, role: "member" } });
  return { agencyId: agency.id, accounts: { google: google.internalAccountId }, memberId: user.id };
}

async function grantGoogleAds(token: string, customerId: string) {
  const start = locationOf(await getNoFollow(`${base}/api/access/${token}/connect/google_ads`));
  const consent = await fetch(start, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  const callback = locationOf(await getNoFollow(`${base}${back.pathname}${back.search}`));
  const session = callback.searchParams.get("session");
  if (!session) throw new Error(`sign-in did not reach the picker: ${callback}`);
  const res = await postForm(`${base}/api/access/${token}/services/google_ads/grant`, { session, asset: customerId });
  expect(res.status).toBe(303);
}

async function readRequest(agencyId: string, requestId: string) {
  const key = await createApiKey({ agencyId, scopes: API_SCOPES });
  const res = await fetch(`${base}/api/v2/requests/${requestId}`, { headers: { authorization: `Bearer ${key.key}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { stateVersion: number; services: Record<string, unknown>[] } }).data;
}

describe("a Google Ads invitation followed until the agency accepts it", () => {
  it("pending after the grant, a reminder after a day, accepted after the check, with request.updated", async () => {
    const agency = await seedAgency();
    const { requestId, token } = await seedAccessRequest(agency, { google_ads: { accessLevel: "standard" } });
    const grantedAt = new Date();
    await grantGoogleAds(token, "4440001111");

    // the fake holds the invitation PENDING; the API shows the grant with its invitation
    const before = await readRequest(agency.agencyId, requestId);
    const svc = before.services[0]!;
    expect(svc.status).toBe("granted");
    expect(svc.invitation).toEqual({
      status: "pending",
      sentTo: GOOGLE_FAKE.agencyEmail,
      acceptUrl: "https://ads.google.com/",
      sentAt: expect.any(String),
      acceptedAt: null,
    });

    // a check while it is pending: not lost, not accepted, nothing recorded
    await checkGrantedAccess({ agencyId: agency.agencyId, requestId });
    const db = await getDb();
    const row = await db.requestService.findFirstOrThrow({ where: { requestId } });
    expect((row.grantedAssets as { checkStatus?: string; lostAt?: string }[])[0]).toMatchObject({
      checkStatus: "unavailable",
    });
    expect((row.grantedAssets as { lostAt?: string | null }[])[0]!.lostAt ?? null).toBeNull();
    expect((await readRequest(agency.agencyId, requestId)).stateVersion).toBe(before.stateVersion);

    // under a day: no reminder; a day later: one reminder, and only one
    expect((await followInvitations({ now: new Date(grantedAt.getTime() + 3600_000) })).reminded).toBe(0);
    const dayLater = new Date(grantedAt.getTime() + REMIND_AFTER_MS + 3 * 3600_000);
    expect((await followInvitations({ now: dayLater })).reminded).toBe(1);
    expect((await followInvitations({ now: new Date(dayLater.getTime() + 60_000) })).reminded).toBe(0);
    const notes = await db.notification.findMany({ where: { agencyId: agency.agencyId, type: "invitation.reminder" } });
    expect(notes.map((n) => n.userId)).toEqual([agency.memberId]);
    expect(notes[0]!.message).toContain("Google Ads");
    expect(notes[0]!.message).toContain(`still waiting for you to accept (sent to ${GOOGLE_FAKE.agencyEmail})`);

    // the invitee accepts on Google; the next check reads it accepted
    expect(fake.acceptInvitations(GOOGLE_FAKE.agencyEmail)).toBe(1);
    const acceptedAt = new Date(dayLater.getTime() + 2 * 3600_000);
    await followInvitations({ now: acceptedAt });
    const reads = fake.calls.filter((c) => c.path === "/v26/customers/4440001111/googleAds:search");
    expect(reads.at(-1)!.body).toMatchObject({ query: expect.stringContaining("FROM customer_user_access ") });

    const after = await readRequest(agency.agencyId, requestId);
    expect(after.stateVersion).toBe(before.stateVersion + 1);
    expect(after.services[0]!.status).toBe("granted");
    expect(after.services[0]!.invitation).toEqual({
      status: "accepted",
      sentTo: GOOGLE_FAKE.agencyEmail,
      acceptUrl: "https://ads.google.com/",
      sentAt: (svc.invitation as { sentAt: string }).sentAt,
      acceptedAt: acceptedAt.toISOString(),
    });
    const updated = (await eventsOf(requestId)).filter(
      (e) => e.type === "request.updated" && (e.data as { invitation?: unknown }).invitation,
    );
    expect(updated).toHaveLength(1);
    expect(updated[0]!.data.invitation).toEqual({
      change: "accepted",
      sentTo: GOOGLE_FAKE.agencyEmail,
      services: ["google_ads"],
    });
    expect((updated[0]!.data.request as { stateVersion: number }).stateVersion).toBe(after.stateVersion);
    const described = describeEvent("request.updated", JSON.stringify({ data: updated[0]!.data }), "Ana Client");
    expect(described.text).toBe(
      `Your team accepted the invitation for Google Ads (sent to ${GOOGLE_FAKE.agencyEmail})`,
    );

    // once accepted: no more reminders, a later check records nothing new
    await checkGrantedAccess({ agencyId: agency.agencyId, requestId, now: new Date(acceptedAt.getTime() + 60_000) });
    expect((await readRequest(agency.agencyId, requestId)).stateVersion).toBe(after.stateVersion);
  });
});
