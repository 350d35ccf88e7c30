// Stalled requests and colleagues' reminders, over real HTTP and a real database, with the
// sweeps' clock moved forward: a request whose client does nothing for the agency's days is
// told to the team once (in the app and by email, linking to the request), told again only
// after the client comes back and goes quiet again, never when the agency chose 0; a client's
// page view is the activity that counts (a demo request's is not). A colleague the client
// handed services to is reminded on the agency's reminder days, naming only what still waits
// for them, and not at all once nothing does.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb, type Db } from "@/lib/infra/db/db";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { updateReminderSettings } from "@/lib/core/agencies/reminder-settings";
import { createUser } from "@/lib/core/users/create-user";
import { noteClientActivity, notifyStalledRequests } from "@/lib/core/requests/stalled-requests";
import { queueForwardReminders } from "@/lib/core/forwards/forward-reminders";
import { startApiServer } from "@/test/support/api-server";
import { postForm, seedAccessRequest, signInAndGrant, type TestAgency } from "@/test/support/access-fixtures";

// The client pages read the CSP nonce from the request's headers (next/headers), which only a
// Next.js server's request scope holds: here there is none, and no nonce.
vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  headers: async () => new Headers(),
}));

const DAY = 24 * 60 * 60 * 1000;
const later = (from: Date, days: number, minutes = 1) => new Date(from.getTime() + days * DAY + minutes * 60_000);

let db: Db;
let base: string;
let close: () => Promise<void>;
let agency: TestAgency;
let ownerId: string;

beforeAll(async () => {
  db = await getDb();
  const server = await startApiServer();
  base = server.url;
  close = server.close;
  const agencyId = (await createAgency({ name: "Quiet Clients Agency", plan: "agency" })).id;
  const accounts: Record<string, string> = {};
  for (const platform of ["meta", "google"])
    accounts[platform] = (
      await connectAccount({ agencyId, platform, email: `${platform}@agency.test` })
    ).internalAccountId;
  agency = { agencyId, accounts };
  ownerId = (
    await createUser({ agencyId, email: "owner@quiet.test", password: "quiet-Secret-123", emailVerified: true })
  ).id;
});
afterAll(async () => close?.());

// the sweeps look across the database: settle every earlier request so counts are this test's
beforeEach(async () => {
  await db.accessRequest.updateMany({
    where: { status: { in: ["pending", "in_progress"] } },
    data: { status: "cancelled" },
  });
  await updateReminderSettings({
    agencyId: agency.agencyId,
    input: { enabled: true, days: [2, 5], stalledAfterDays: 2 },
  });
});

const stalledNotices = (requestId: string) =>
  db.notification.findMany({ where: { requestId, type: "request.stalled" }, orderBy: { createdAt: "asc" } });

describe("stalled requests", () => {
  it("tells the team once per quiet spell, after the agency's days, and links to the request", async () => {
    const { requestId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    const created = (await db.accessRequest.findUniqueOrThrow({ where: { id: requestId } })).createdAt;

    expect(await notifyStalledRequests({ now: later(created, 1, 60) })).toBe(0);
    expect(await notifyStalledRequests({ now: later(created, 2) })).toBe(1);
    expect(await notifyStalledRequests({ now: later(created, 3) })).toBe(0);

    const [notice] = await stalledNotices(requestId);
    expect(notice).toMatchObject({ userId: ownerId, type: "request.stalled" });
    expect(notice!.message).toMatch(/^Stalled: Ana Client has not opened the link since \w+day \d+ \w+\. Next: /);
    const mail = await db.email.findFirstOrThrow({
      where: { requestId, kind: "notification", to: "owner@quiet.test" },
    });
    expect(mail.text).toContain(`/dashboard/requests/${requestId}`);
    expect(mail.text).toContain("has not opened the link");

    // the client comes back, then goes quiet again: told again, as having done nothing since
    await noteClientActivity({ requestId, now: later(created, 4) });
    expect(await notifyStalledRequests({ now: later(created, 5) })).toBe(0);
    expect(await notifyStalledRequests({ now: later(created, 6) })).toBe(1);
    const both = await stalledNotices(requestId);
    expect(both).toHaveLength(2);
    expect(both[1]!.message).toContain("Ana Client has done nothing on the link since");
  });

  it("never tells the team when the agency chose 0, nor of closed or demo requests", async () => {
    await updateReminderSettings({
      agencyId: agency.agencyId,
      input: { enabled: true, days: [2], stalledAfterDays: 0 },
    });
    const { requestId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    expect(await notifyStalledRequests({ now: later(new Date(), 30) })).toBe(0);

    await updateReminderSettings({
      agencyId: agency.agencyId,
      input: { enabled: true, days: [2], stalledAfterDays: 2 },
    });
    await db.accessRequest.update({ where: { id: requestId }, data: { status: "cancelled" } });
    const demo = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } }, { isDemo: true });
    expect(await notifyStalledRequests({ now: later(new Date(), 30) })).toBe(0);
    expect(await stalledNotices(requestId)).toHaveLength(0);
    expect(await stalledNotices(demo.requestId)).toHaveLength(0);
  });

  it("counts the client's page view as activity, and a demo request's view not at all", async () => {
    const { requestId, token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    const demo = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } }, { isDemo: true });
    expect((await db.accessRequest.findUniqueOrThrow({ where: { id: requestId } })).clientActivityAt).toBeNull();
    for (const t of [token, demo.token]) expect((await fetch(`${base}/i/${t}`)).status).toBe(200);
    const seen = (await db.accessRequest.findUniqueOrThrow({ where: { id: requestId } })).clientActivityAt;
    expect(seen).toBeInstanceOf(Date);
    expect((await db.accessRequest.findUniqueOrThrow({ where: { id: demo.requestId } })).clientActivityAt).toBeNull();
    // seen within the request's first days: two days after the view, not before
    expect(await notifyStalledRequests({ now: later(seen!, 1, 60) })).toBe(0);
    expect(await notifyStalledRequests({ now: later(seen!, 2) })).toBe(1);
    expect((await stalledNotices(requestId))[0]!.message).toContain("has done nothing on the link since");
  });

  it("two sweeps at once tell the team once", async () => {
    const { requestId } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    const now = later(new Date(), 3);
    const counts = await Promise.all([notifyStalledRequests({ now }), notifyStalledRequests({ now })]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await stalledNotices(requestId)).toHaveLength(1);
  });
});

describe("a colleague's reminders", () => {
  async function handOver(token: string, services: string[]) {
    const res = await postForm(`${base}/api/access/${token}/forward/forward`, {
      name: "Marta Colleague",
      email: "marta@client.test",
      service: services,
    });
    expect(res.status).toBe(303);
  }
  const reminders = (requestId: string) =>
    db.email.findMany({ where: { requestId, kind: "forward_reminder" }, orderBy: { createdAt: "asc" } });

  it("reminds on the agency's days with what still waits for them, then stops", async () => {
    const { requestId, token } = await seedAccessRequest(
      agency,
      { google_tag_manager: { accessLevel: "publish" }, meta_ads: { accessLevel: "admin" } },
      { language: "Spanish" },
    );
    await handOver(token, ["google_tag_manager", "meta_ads"]);
    const forward = await db.requestForward.findFirstOrThrow({ where: { requestId } });

    expect(await queueForwardReminders({ now: later(forward.createdAt, 1, 60) })).toBe(0);
    expect(await queueForwardReminders({ now: later(forward.createdAt, 2) })).toBe(1);
    expect(await queueForwardReminders({ now: later(forward.createdAt, 3) })).toBe(0);
    const [first] = await reminders(requestId);
    expect(first).toMatchObject({ to: "marta@client.test" });
    expect(first!.subject).toMatch(/^Recordatorio: Ana Client te pide/);
    expect(first!.text).toContain("Google Tag Manager");
    expect(first!.text).toContain("Meta");
    const link = /\/i\/([A-Za-z0-9_-]+)/.exec(first!.text)![1]!;

    // the colleague grants one through the link the reminder carried: the next names the other only
    await signInAndGrant(base, link, "meta_ads");
    expect(await queueForwardReminders({ now: later(forward.createdAt, 5) })).toBe(1);
    const second = (await reminders(requestId))[1]!;
    expect(second.text).toContain("Google Tag Manager");
    expect(second.text).not.toMatch(/Meta Ads|Anuncios de Meta/);

    // nothing more waits for them (the client took the last one back): no reminder
    const back = await postForm(`${base}/api/access/${token}/forward/take-back`, {
      forward: forward.id,
      service: "google_tag_manager",
    });
    expect(back.status).toBe(303);
    await db.requestForward.update({ where: { id: forward.id }, data: { remindersSent: 1 } });
    expect(await queueForwardReminders({ now: later(forward.createdAt, 6) })).toBe(0);
    expect(await reminders(requestId)).toHaveLength(2);
  });

  it("sends nothing while the agency's reminders are off", async () => {
    await updateReminderSettings({ agencyId: agency.agencyId, input: { enabled: false, days: [2, 5] } });
    const { requestId, token } = await seedAccessRequest(agency, { meta_ads: { accessLevel: "admin" } });
    await handOver(token, ["meta_ads"]);
    expect(await queueForwardReminders({ now: later(new Date(), 10) })).toBe(0);
    expect(await reminders(requestId)).toHaveLength(0);
  });
});
