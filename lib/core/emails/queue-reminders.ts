// Reminder emails: while a request the client was emailed about is still open, one reminder
// is queued on each of the agency's reminder days after creation (default days 2 and 5).
// remindersSent counts the reminder days already used, raised with the queued email in
// one transaction, so a reminder is queued once even with several workers.
import { Prisma } from "@/generated/prisma/client";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { isExpired } from "@/lib/core/domain/expiry";
import { queueRequestEmail } from "@/lib/core/emails/queue-request-email";
import { log } from "@/lib/infra/log";

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH_SIZE = 100;

/** How many of the reminder days have passed since the request was created. */
export function reminderDaysPassed(createdAt: Date, reminderDays: readonly number[], now: Date): number {
  return reminderDays.filter((d) => createdAt.getTime() + d * DAY_MS <= now.getTime()).length;
}

/** Queues the reminders that are due; returns how many were queued. */
export async function queueDueReminders(opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  let queued = 0;
  let after: { createdAt: Date; id: string } | null = null;
  // Only requests whose invite was emailed: with sendEmail false the agency shares the link
  // itself and the client gets no email from us. Demo requests never email anyone.
  for (;;) {
    const cursor: Prisma.Sql = after
      ? Prisma.sql`AND (r."createdAt", r."id") > (${after.createdAt}, ${after.id}::uuid)`
      : Prisma.empty;
    const batch: { id: string; createdAt: Date }[] = await db.$queryRaw`
      SELECT r."id", r."createdAt" FROM "AccessRequest" r JOIN "Agency" a ON a."id" = r."agencyId"
      WHERE r."status" IN ('pending', 'in_progress')
        AND r."isDemo" = false AND r."sendEmail" = true AND a."remindersEnabled" = true
        AND (r."expiresAt" IS NULL OR r."expiresAt" > ${now})
        AND (SELECT count(*) FROM unnest(a."reminderDays") AS d(days)
             WHERE r."createdAt" + make_interval(days => d.days) <= ${now}) > r."remindersSent"
        ${cursor}
      ORDER BY r."createdAt", r."id"
      LIMIT ${BATCH_SIZE}::int`;
    for (const row of batch) {
      try {
        if (await inTransaction((tx) => queueIfDue(tx, row.id, now))) queued++;
      } catch (err) {
        // One broken row must not stop the others; it is retried on the next run.
        log().error({ requestId: row.id, err: (err as Error).message }, "reminders: request skipped");
      }
    }
    if (batch.length < BATCH_SIZE) return queued;
    const last: { id: string; createdAt: Date } = batch[batch.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

// Re-checked under the row lock: the request may have completed, been cancelled or been
// reminded by another worker since it was listed.
async function queueIfDue(tx: Tx, requestId: string, now: Date): Promise<boolean> {
  await tx.$queryRaw`SELECT "id" FROM "AccessRequest" WHERE "id" = ${requestId}::uuid FOR UPDATE`;
  const r = await tx.accessRequest.findUnique({
    where: { id: requestId },
    select: {
      agencyId: true,
      status: true,
      isDemo: true,
      sendEmail: true,
      expiresAt: true,
      createdAt: true,
      remindersSent: true,
      agency: { select: { remindersEnabled: true, reminderDays: true } },
    },
  });
  if (!r || r.isDemo || !r.sendEmail || !r.agency.remindersEnabled) return false;
  if ((r.status !== "pending" && r.status !== "in_progress") || isExpired(r.expiresAt, now)) return false;
  const passed = reminderDaysPassed(r.createdAt, r.agency.reminderDays, now);
  if (passed <= r.remindersSent) return false;
  await queueRequestEmail(tx, { agencyId: r.agencyId, requestId, kind: "reminder" });
  // Several days passed at once (the worker was down, or reminders were just turned on):
  // one reminder covers them all rather than a burst of identical emails.
  await tx.accessRequest.update({ where: { id: requestId }, data: { remindersSent: passed } });
  return true;
}
