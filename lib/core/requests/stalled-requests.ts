// Stalled requests: an open request whose client has done nothing on its links (neither
// opened them nor acted) for the number of days the agency set (Agency.stalledAfterDays,
// default 2, 0 = never) is "stalled", and the team is told once, in the app and by email per
// each member's choices ("A request stalls"), with the next steps. New client activity
// starts a new quiet period, after which the team may be told again.
//
// The rule is pure (stalledSince); the sweep claims each request with a conditional update
// in the notification's transaction, so two workers tell the team once.
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { sweepInBatches } from "@/lib/core/common/sweep-in-batches";
import { notifyTeam } from "@/lib/core/notifications/notify-team";
import { REQUEST_STALLED } from "@/lib/core/notifications/notification-types";
import { requestInclude, serializeRequest } from "@/lib/core/requests/serialize-request";
import { stalledSince } from "@/lib/core/domain/stalled-rule";

/** A page view within this long of the last one recorded is not written again. */
export const ACTIVITY_WRITE_EVERY_MS = 5 * 60 * 1000;

/**
 * Records that the client (or their colleague) opened or acted on a link of the request.
 * One write per ACTIVITY_WRITE_EVERY_MS at most; the caller keeps a failure from the client.
 */
export async function noteClientActivity(opts: { requestId: string; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - ACTIVITY_WRITE_EVERY_MS);
  await (
    await getDb()
  ).accessRequest.updateMany({
    where: { id: opts.requestId, OR: [{ clientActivityAt: null }, { clientActivityAt: { lt: since } }] },
    data: { clientActivityAt: now },
  });
}

/** Tells each agency's team of its newly stalled requests; returns how many were told. */
export async function notifyStalledRequests(opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  return sweepInBatches({
    alias: "r",
    what: "stalled requests",
    page: (cursor, limit) => db.$queryRaw`
      SELECT r."id", r."createdAt" FROM "AccessRequest" r JOIN "Agency" a ON a."id" = r."agencyId"
      WHERE r."status" IN ('pending', 'in_progress') AND r."isDemo" = false AND a."stalledAfterDays" > 0
        AND (r."expiresAt" IS NULL OR r."expiresAt" > ${now})
        AND COALESCE(r."clientActivityAt", r."createdAt") + make_interval(days => a."stalledAfterDays") <= ${now}
        AND (r."stalledNotifiedAt" IS NULL OR r."stalledNotifiedAt" < COALESCE(r."clientActivityAt", r."createdAt"))
        ${cursor}
      ORDER BY r."createdAt", r."id"
      LIMIT ${limit}::int`,
    handle: (row) => tellIfStalled(row.id, now),
  });
}

async function tellIfStalled(requestId: string, now: Date): Promise<boolean> {
  return inTransaction(async (tx) => {
    const r = await tx.accessRequest.findUnique({
      where: { id: requestId },
      include: { ...requestInclude, agency: { select: { stalledAfterDays: true } } },
    });
    if (!r || r.isDemo || (r.status !== "pending" && r.status !== "in_progress")) return false;
    if (r.expiresAt && r.expiresAt <= now) return false;
    const since = stalledSince({ ...r, stalledAfterDays: r.agency.stalledAfterDays }, now);
    if (!since) return false;
    // the claim: another worker that read the same row finds it changed and tells no one
    const claimed = await tx.accessRequest.updateMany({
      where: { id: r.id, stalledNotifiedAt: r.stalledNotifiedAt, clientActivityAt: r.clientActivityAt },
      data: { stalledNotifiedAt: now },
    });
    if (claimed.count !== 1) return false;
    await notifyTeam(tx, {
      agencyId: r.agencyId,
      eventId: `request-stalled:${r.id}:${since.toISOString()}`,
      type: REQUEST_STALLED,
      data: {
        request: serializeRequest(r, now),
        stalled: { since: since.toISOString(), opened: r.clientActivityAt !== null, days: r.agency.stalledAfterDays },
      },
      requestId: r.id,
      now,
    });
    return true;
  });
}
