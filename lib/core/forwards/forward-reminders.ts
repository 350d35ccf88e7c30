// Reminders to a colleague the client handed services to: while the request is open and the
// link still holds a service of theirs that is waiting, the colleague is emailed their link
// again on each of the agency's reminder days after it was handed over (the days and the
// on/off switch of the client's reminders). RequestForward.remindersSent counts the days used,
// raised with the queued email under the request's row lock, so two workers remind once.
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { sweepInBatches } from "@/lib/core/common/sweep-in-batches";
import { openLinkToken } from "@/lib/infra/secrets/link-token";
import { isExpired } from "@/lib/core/domain/expiry";
import { reminderDaysPassed } from "@/lib/core/emails/queue-reminders";
import { queueForwardEmail } from "@/lib/core/forwards/forward-email";
import { ownsService } from "@/lib/core/request-records/forward-ownership";

/** Queues the colleagues' reminders that are due; returns how many were queued. */
export async function queueForwardReminders(opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  return sweepInBatches({
    alias: "f",
    what: "forward reminders",
    page: (cursor, limit) => db.$queryRaw`
      SELECT f."id", f."createdAt" FROM "RequestForward" f
        JOIN "AccessRequest" r ON r."id" = f."requestId" JOIN "Agency" a ON a."id" = f."agencyId"
      WHERE f."revokedAt" IS NULL AND r."status" IN ('pending', 'in_progress') AND r."isDemo" = false
        AND a."remindersEnabled" = true
        AND (r."expiresAt" IS NULL OR r."expiresAt" > ${now})
        AND (SELECT count(*) FROM unnest(a."reminderDays") AS d(days)
             WHERE f."createdAt" + make_interval(days => d.days) <= ${now}) > f."remindersSent"
        ${cursor}
      ORDER BY f."createdAt", f."id"
      LIMIT ${limit}::int`,
    handle: (row) => inTransaction((tx) => remindIfDue(tx, row.id, now)),
  });
}

async function remindIfDue(tx: Tx, forwardId: string, now: Date): Promise<boolean> {
  const found = await tx.requestForward.findUnique({ where: { id: forwardId }, select: { requestId: true } });
  if (!found) return false;
  // the request's row lock, as every forward change takes it
  await tx.$queryRaw`SELECT "id" FROM "AccessRequest" WHERE "id" = ${found.requestId}::uuid FOR UPDATE`;
  const f = await tx.requestForward.findUnique({
    where: { id: forwardId },
    include: {
      request: {
        select: {
          id: true,
          status: true,
          isDemo: true,
          expiresAt: true,
          agency: { select: { remindersEnabled: true, reminderDays: true } },
          services: { select: { serviceId: true, status: true, forwardedTo: true } },
        },
      },
    },
  });
  if (!f || f.revokedAt || f.request.isDemo || !f.request.agency.remindersEnabled) return false;
  if ((f.request.status !== "pending" && f.request.status !== "in_progress") || isExpired(f.request.expiresAt, now))
    return false;
  const passed = reminderDaysPassed(f.createdAt, f.request.agency.reminderDays, now);
  if (passed <= f.remindersSent) return false;
  // several days passed at once: one reminder covers them
  await tx.requestForward.update({ where: { id: f.id }, data: { remindersSent: passed } });
  const waiting = f.request.services.filter(
    (s) => f.serviceIds.includes(s.serviceId) && s.status === "pending" && ownsService(s, { id: f.id }),
  );
  if (waiting.length === 0) return false;
  const token = openLinkToken({ hash: f.tokenHash, sealed: f.tokenSealed });
  await queueForwardEmail(tx, {
    requestId: f.request.id,
    forwardId: f.id,
    token,
    reminder: true,
    serviceIds: waiting.map((s) => s.serviceId),
  });
  return true;
}
