// Reminder settings against a real database: saved days drive the worker's reminder sweep,
// "off" (or no day left) stops it, bad input names the field; "Send reminder now" on the
// request page queues the reminder in the client's language and shows the last sent time.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { getReminderSettings, updateReminderSettings, ZReminderSettings } from "@/lib/core/agencies/reminder-settings";
import { createClient } from "@/lib/core/clients/create-client";
import { ZCreateClientBody } from "@/lib/core/clients/schemas";
import { queueDueReminders } from "@/lib/core/emails/queue-reminders";
import { createRequest } from "@/lib/core/requests/create-request";
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { sendReminderNow } from "@/lib/core/requests/send-reminder-now";
import { t } from "@/lib/infra/i18n/dictionary";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";

const DAY = 86_400_000;
let agencyId: string;
let clientId: string;

beforeAll(async () => {
  agencyId = (await createAgency({ name: "Agencia Recordatorio", plan: "agency" })).id;
  clientId = (
    await createClient({
      agencyId,
      input: ZCreateClientBody.parse({ name: "Lucía", email: "lucia@r.test", language: "Spanish" }),
    })
  ).id;
});

const newRequest = (createdAt: Date) =>
  createRequest({
    agencyId,
    input: ZCreateRequestBody.parse({
      clientId,
      requestedServices: { meta_ads: { accessLevel: "admin" } },
      sendEmail: true,
    }),
    source: "dashboard",
    now: createdAt,
  });
const reminders = async (requestId: string) => (await getDb()).email.count({ where: { requestId, kind: "reminder" } });

describe("reminder settings", () => {
  it("validates the input and names the field", () => {
    const tooMany = ZReminderSettings.safeParse({ enabled: true, days: [1, 2, 3, 4] });
    expect(tooMany.error!.issues[0]!.path).toEqual(["days"]);
    expect(ZReminderSettings.safeParse({ enabled: true, days: [0] }).error!.issues[0]!.path).toEqual(["days", 0]);
    expect(ZReminderSettings.safeParse({ enabled: true, days: [2, 2] }).success).toBe(false);
    expect(ZReminderSettings.safeParse({ enabled: "yes", days: [] }).error!.issues[0]!.path).toEqual(["enabled"]);
    for (const bad of [-1, 61, 1.5, null])
      expect(
        ZReminderSettings.safeParse({ enabled: true, days: [2], stalledAfterDays: bad }).error!.issues[0]!.path,
      ).toEqual(["stalledAfterDays"]);
  });

  it("keeps the stalled-after days (2 by default, 0 for never) apart from the reminder days", async () => {
    const other = (await createAgency({ name: "Agencia Tranquila", plan: "agency" })).id;
    expect(await getReminderSettings({ agencyId: other })).toEqual({
      enabled: true,
      days: [2, 5],
      stalledAfterDays: 2,
    });
    await updateReminderSettings({ agencyId: other, input: { enabled: true, days: [4], stalledAfterDays: 0 } });
    // a save without the field leaves it as it was
    expect(await updateReminderSettings({ agencyId: other, input: { enabled: false, days: [4] } })).toEqual({
      enabled: false,
      days: [4],
      stalledAfterDays: 0,
    });
  });

  it("saves sorted days that the reminder sweep follows, and off stops it", async () => {
    expect(await updateReminderSettings({ agencyId, input: { enabled: true, days: [9, 3] } })).toEqual({
      enabled: true,
      days: [3, 9],
      stalledAfterDays: 2,
    });
    expect(await getReminderSettings({ agencyId })).toEqual({ enabled: true, days: [3, 9], stalledAfterDays: 2 });
    const t0 = new Date(Date.now() - 30 * DAY);
    const r = await newRequest(t0);
    await queueDueReminders({ now: new Date(t0.getTime() + 2.5 * DAY) });
    expect(await reminders(r.id)).toBe(0); // the default day 2 no longer applies
    await queueDueReminders({ now: new Date(t0.getTime() + 3 * DAY) });
    expect(await reminders(r.id)).toBe(1);

    await updateReminderSettings({ agencyId, input: { enabled: false, days: [3, 9] } });
    await queueDueReminders({ now: new Date(t0.getTime() + 10 * DAY) });
    expect(await reminders(r.id)).toBe(1);
    // on with no day reads as off
    expect(await updateReminderSettings({ agencyId, input: { enabled: true, days: [] } })).toEqual({
      enabled: false,
      days: [],
      stalledAfterDays: 2,
    });
  });

  it("sends a reminder now in the client's language and shows when", async () => {
    const r = await newRequest(new Date());
    expect((await getRequestForDashboard({ agencyId, id: r.id })).lastReminderAt).toBeNull();
    await sendReminderNow({ agencyId, requestId: r.id });
    const mail = await (await getDb()).email.findFirstOrThrow({ where: { requestId: r.id, kind: "reminder" } });
    expect(mail.subject).toBe(t("es", "email.reminder.subject", { agency: "Agencia Recordatorio" }));
    expect((await getRequestForDashboard({ agencyId, id: r.id })).lastReminderAt).toBe(mail.createdAt.toISOString());
  });
});
