// Request emails against a real database, with createdAt backdated: the invite queued by
// createRequest only when sendEmail is true and in the client's language, and reminders
// on the agency's reminder days while the request is open, once each, never otherwise.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { getDb, type Db } from "@/lib/infra/db/db";
import { queueDueReminders, reminderDaysPassed } from "@/lib/core/emails/queue-reminders";
import { t } from "@/lib/infra/i18n/dictionary";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { cancelRequest } from "@/lib/core/requests/cancel-request";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";

const DAY = 24 * 60 * 60 * 1000;
const AGENCY = "Agencia Sol";
let db: Db;
let agencyId: string;
let spanishClientId: string;
let englishClientId: string;

async function newRequest(opts: {
  createdAt: Date;
  sendEmail?: boolean;
  clientId?: string;
  isDemo?: boolean;
  expiresAt?: Date;
  agency?: string;
}) {
  const input = ZCreateRequestBody.parse({
    clientId: opts.clientId ?? spanishClientId,
    requestedServices: { meta_ads: { accessLevel: "admin" } },
    sendEmail: opts.sendEmail ?? true,
    ...(opts.expiresAt ? { expiresAt: opts.expiresAt.toISOString() } : {}),
  });
  return createRequest({
    agencyId: opts.agency ?? agencyId,
    input,
    source: "api",
    now: opts.createdAt,
    isDemo: opts.isDemo,
  });
}

const emailsOf = (requestId: string, kind?: string) =>
  db.email.findMany({ where: { requestId, ...(kind ? { kind } : {}) }, orderBy: { createdAt: "asc" } });
const remindersSent = async (id: string) => (await db.accessRequest.findUniqueOrThrow({ where: { id } })).remindersSent;
const at = (from: Date, days: number) => new Date(from.getTime() + days * DAY);

beforeAll(async () => {
  db = await getDb();
  agencyId = (await createAgency({ name: AGENCY, plan: "agency" })).id;
  spanishClientId = (
    await createClient({
      agencyId,
      input: ZCreateClientBody.parse({ name: "Lucía", email: "lucia@example.test", language: "Spanish" }),
    })
  ).id;
  englishClientId = (
    await createClient({ agencyId, input: ZCreateClientBody.parse({ name: "Sam", email: "sam@example.test" }) })
  ).id;
});

// Each test looks at its own requests, but reminders are queued across the database:
// settle every earlier request so a test's counts are its own.
beforeEach(async () => {
  await db.accessRequest.updateMany({
    where: { status: { in: ["pending", "in_progress"] } },
    data: { status: "cancelled" },
  });
});

describe("invite email on create", () => {
  it("queues one invite in the client's language when sendEmail is true", async () => {
    const req = await newRequest({ createdAt: new Date(), sendEmail: true });
    const emails = await emailsOf(req.id);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ kind: "invite", to: "lucia@example.test", status: "pending", agencyId });
    expect(emails[0]!.subject).toBe(t("es", "email.invite.subject", { agency: AGENCY }));
    expect(emails[0]!.subject).not.toBe(t("en", "email.invite.subject", { agency: AGENCY }));
    expect(emails[0]!.text).toContain(req.inviteUrl);
  });

  it("shows the agency's logo on top when it has one, its name as the image's text", async () => {
    const plain = await newRequest({ createdAt: new Date() });
    expect((await emailsOf(plain.id))[0]!.html).not.toContain("<img");
    const withLogo = await createAgency({ name: "Logo & Co", plan: "agency" });
    const png = Buffer.from("89504e470d0a1a0a", "hex");
    await db.agency.update({ where: { id: withLogo.id }, data: { logoData: png, logoMimeType: "image/png" } });
    const client = await createClient({
      agencyId: withLogo.id,
      input: ZCreateClientBody.parse({ name: "Lu", email: "lu@example.test", language: "Spanish" }),
    });
    const req = await newRequest({ createdAt: new Date(), clientId: client.id, agency: withLogo.id });
    const html = (await emailsOf(req.id))[0]!.html;
    expect(html).toMatch(
      new RegExp(`<img[^>]+src="https?://[^"]+/api/agencies/${withLogo.id}/logo\\?v=\\d+"[^>]*alt="Logo &amp; Co"`),
    );
  });

  it("queues nothing when sendEmail is false", async () => {
    const req = await newRequest({ createdAt: new Date(), sendEmail: false });
    expect(await emailsOf(req.id)).toHaveLength(0);
  });
});

describe("queueDueReminders", () => {
  it("queues one reminder on day 2 and one on day 5, in the client's language, then stops", async () => {
    const t0 = new Date(Date.now() - 10 * DAY);
    const req = await newRequest({ createdAt: t0 });

    expect(await queueDueReminders({ now: at(t0, 1.9) })).toBe(0);
    expect(await queueDueReminders({ now: at(t0, 2) })).toBe(1);
    expect(await remindersSent(req.id)).toBe(1);
    const [first] = await emailsOf(req.id, "reminder");
    expect(first).toMatchObject({ kind: "reminder", to: "lucia@example.test", status: "pending" });
    expect(first!.subject).toBe(t("es", "email.reminder.subject", { agency: AGENCY }));

    expect(await queueDueReminders({ now: at(t0, 3) })).toBe(0);
    expect(await queueDueReminders({ now: at(t0, 5.5) })).toBe(1);
    expect(await queueDueReminders({ now: at(t0, 5.6) })).toBe(0);
    expect(await queueDueReminders({ now: at(t0, 9) })).toBe(0);
    expect(await remindersSent(req.id)).toBe(2);
    expect(await emailsOf(req.id, "reminder")).toHaveLength(2);
  });

  it("queues a single reminder when several reminder days passed at once", async () => {
    const t0 = new Date(Date.now() - 10 * DAY);
    const req = await newRequest({ createdAt: t0, clientId: englishClientId });
    expect(await queueDueReminders({ now: at(t0, 6) })).toBe(1);
    expect(await remindersSent(req.id)).toBe(2);
    const reminders = await emailsOf(req.id, "reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe(t("en", "email.reminder.subject", { agency: AGENCY }));
  });

  it("reminds in_progress requests but not completed, cancelled, expired, demo or unemailed ones", async () => {
    const t0 = new Date(Date.now() - 10 * DAY);
    const inProgress = await createRequest({
      agencyId,
      source: "api",
      now: t0,
      input: ZCreateRequestBody.parse({
        clientId: spanishClientId,
        sendEmail: true,
        requestedServices: { meta_ads: { accessLevel: "admin" }, meta_page: { accessLevel: "admin" } },
      }),
    });
    await applyRequestAction({
      agencyId,
      requestId: inProgress.id,
      action: { kind: "mark_granted", serviceId: "meta_ads" },
      now: t0,
    });
    const completed = await newRequest({ createdAt: t0 });
    await applyRequestAction({
      agencyId,
      requestId: completed.id,
      action: { kind: "mark_granted", serviceId: "meta_ads" },
      now: t0,
    });
    const cancelled = await newRequest({ createdAt: t0 });
    await cancelRequest({ agencyId, id: cancelled.id, now: t0 });
    // Past its deadline but not yet swept: the reads already say expired.
    const expired = await newRequest({ createdAt: t0, expiresAt: at(t0, 1) });
    const demo = await newRequest({ createdAt: t0, isDemo: true });
    const unemailed = await newRequest({ createdAt: t0, sendEmail: false });
    const states = await db.accessRequest.findMany({ where: { id: { in: [inProgress.id, completed.id] } } });
    expect(Object.fromEntries(states.map((s) => [s.id, s.status]))).toEqual({
      [inProgress.id]: "in_progress",
      [completed.id]: "completed",
    });

    expect(await queueDueReminders({ now: at(t0, 3) })).toBe(1);
    expect(await emailsOf(inProgress.id, "reminder")).toHaveLength(1);
    for (const r of [completed, cancelled, expired, demo, unemailed]) {
      expect(await emailsOf(r.id, "reminder")).toHaveLength(0);
      expect(await remindersSent(r.id)).toBe(0);
    }
  });

  it("follows the agency's reminder settings", async () => {
    const other = (await createAgency({ name: "Quiet Agency", plan: "agency" })).id;
    const client = (
      await createClient({
        agencyId: other,
        input: ZCreateClientBody.parse({ name: "Kim", email: "kim@example.test" }),
      })
    ).id;
    const t0 = new Date(Date.now() - 10 * DAY);
    await db.agency.update({ where: { id: other }, data: { remindersEnabled: false } });
    const req = await newRequest({ createdAt: t0, clientId: client, agency: other });
    expect(await queueDueReminders({ now: at(t0, 6) })).toBe(0);

    await db.agency.update({ where: { id: other }, data: { remindersEnabled: true, reminderDays: [7, 1] } });
    expect(await queueDueReminders({ now: at(t0, 1) })).toBe(1);
    expect(await remindersSent(req.id)).toBe(1);
    expect(await queueDueReminders({ now: at(t0, 6) })).toBe(0);
    expect(await queueDueReminders({ now: at(t0, 7) })).toBe(1);
    expect(await remindersSent(req.id)).toBe(2);
  });

  it("queues each reminder once when two workers run at once", async () => {
    const t0 = new Date(Date.now() - 10 * DAY);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await newRequest({ createdAt: t0 })).id);
    const [a, b] = await Promise.all([queueDueReminders({ now: at(t0, 2) }), queueDueReminders({ now: at(t0, 2) })]);
    expect(a + b).toBe(4);
    expect(await db.email.count({ where: { requestId: { in: ids }, kind: "reminder" } })).toBe(4);
  });
});

describe("reminderDaysPassed", () => {
  it("counts the reminder days reached, in any order", () => {
    const t0 = new Date("2026-01-01T00:00:00Z");
    expect(reminderDaysPassed(t0, [2, 5], at(t0, 1.99))).toBe(0);
    expect(reminderDaysPassed(t0, [2, 5], at(t0, 2))).toBe(1);
    expect(reminderDaysPassed(t0, [5, 2], at(t0, 5))).toBe(2);
    expect(reminderDaysPassed(t0, [], at(t0, 50))).toBe(0);
  });
});
