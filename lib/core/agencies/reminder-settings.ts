// The agency's reminder settings: whether the client of an open request that asked for an
// email is reminded, and on which days after the request was sent (up to three, each from
// 1 to 60); the same days remind a colleague the client handed services to. Also after how
// many days without client activity the team is told a request has stalled (0 = never).
// The worker's sweeps (lib/core/emails/queue-reminders.ts, lib/core/forwards/forward-reminders.ts,
// lib/core/requests/stalled-requests.ts) read them.
import { z } from "zod";
import { getDb } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";
import { DEFAULT_STALLED_AFTER_DAYS, MAX_STALLED_AFTER_DAYS } from "@/lib/core/domain/stalled-rule";

export const MAX_REMINDERS = 3;

export const ZReminderSettings = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false." }),
  days: z
    .array(
      z
        .int({ error: "days must be whole numbers of days." })
        .min(1, "days must be at least 1.")
        .max(60, "days must be at most 60."),
      {
        error: "days must be a list of numbers.",
      },
    )
    .max(MAX_REMINDERS, `days holds at most ${MAX_REMINDERS} reminders.`)
    .refine((d) => new Set(d).size === d.length, "days must not repeat a day."),
  /** absent: unchanged */
  stalledAfterDays: z
    .int({ error: "stalledAfterDays must be a whole number of days." })
    .min(0, "stalledAfterDays must be 0 (never) or more.")
    .max(MAX_STALLED_AFTER_DAYS, `stalledAfterDays must be at most ${MAX_STALLED_AFTER_DAYS}.`)
    .optional(),
});
export type TReminderSettings = z.infer<typeof ZReminderSettings>;

export async function getReminderSettings(opts: {
  agencyId: string;
}): Promise<TReminderSettings & { stalledAfterDays: number }> {
  const a = await (
    await getDb()
  ).agency.findUnique({
    where: { id: opts.agencyId },
    select: { remindersEnabled: true, reminderDays: true, stalledAfterDays: true },
  });
  if (!a) throw notFound("Agency");
  return {
    enabled: a.remindersEnabled,
    days: [...a.reminderDays].sort((x, y) => x - y),
    stalledAfterDays: a.stalledAfterDays ?? DEFAULT_STALLED_AFTER_DAYS,
  };
}

/** Reminders switched on with no day left read as off. */
export async function updateReminderSettings(opts: {
  agencyId: string;
  input: TReminderSettings;
}): Promise<TReminderSettings & { stalledAfterDays: number }> {
  const days = [...opts.input.days].sort((x, y) => x - y);
  const enabled = opts.input.enabled && days.length > 0;
  const a = await (
    await getDb()
  ).agency.update({
    where: { id: opts.agencyId },
    data: {
      remindersEnabled: enabled,
      reminderDays: days,
      ...(opts.input.stalledAfterDays !== undefined ? { stalledAfterDays: opts.input.stalledAfterDays } : {}),
    },
    select: { stalledAfterDays: true },
  });
  return { enabled, days, stalledAfterDays: a.stalledAfterDays };
}
