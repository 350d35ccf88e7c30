// "Send reminder now" from the dashboard: queues a reminder email to the client of an
// open request, in the client's language, unless one was queued in the last hour (a
// double click or an impatient colleague must not flood the client). It does not use up
// one of the agency's scheduled reminder days.
import { ApiError, notFound } from "@/lib/core/common/api-error";
import { isExpired } from "@/lib/core/domain/expiry";
import { queueRequestEmail } from "@/lib/core/emails/queue-request-email";
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";

export const MANUAL_REMINDER_GAP_MS = 60 * 60 * 1000;

export async function sendReminderNow(opts: {
  agencyId: string;
  requestId: string;
  now?: Date;
}): Promise<{ sentAt: string }> {
  const now = opts.now ?? new Date();
  return inTransaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "AccessRequest" WHERE "id" = ${opts.requestId}::uuid AND "agencyId" = ${opts.agencyId}::uuid FOR UPDATE`;
    const r = await tx.accessRequest.findFirst({
      where: { id: opts.requestId, agencyId: opts.agencyId },
      select: { id: true, status: true, expiresAt: true, isDemo: true },
    });
    if (!r) throw notFound("Request");
    if ((r.status !== "pending" && r.status !== "in_progress") || isExpired(r.expiresAt, now)) {
      throw new ApiError("INVALID_STATE", "Only an open request can be reminded.");
    }
    if (r.isDemo) throw new ApiError("INVALID_STATE", "Demo requests never email anyone.");
    const last = await tx.email.findFirst({
      where: { requestId: r.id, kind: "reminder" },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true },
    });
    if (last && now.getTime() - last.createdAt.getTime() < MANUAL_REMINDER_GAP_MS) {
      throw new ApiError("CONFLICT", "A reminder was sent less than an hour ago; wait an hour before sending another.");
    }
    await queueRequestEmail(tx, { agencyId: opts.agencyId, requestId: r.id, kind: "reminder" });
    return { sentAt: now.toISOString() };
  });
}

/** When the last reminder of each request was queued (manual or scheduled). */
export async function lastRemindersOf(requestIds: string[]): Promise<Map<string, Date>> {
  if (requestIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.email.groupBy({
    by: ["requestId"],
    where: { requestId: { in: requestIds }, kind: "reminder" },
    _max: { createdAt: true },
  });
  return new Map(rows.filter((r) => r.requestId && r._max.createdAt).map((r) => [r.requestId!, r._max.createdAt!]));
}
