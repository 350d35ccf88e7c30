// The daily digest: for each member on "digest" whose last digest is a day old (or who never
// had one), the notifications not yet emailed go out as one email through the email queue.
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { env } from "@/lib/infra/env";
import { renderNotificationEmail } from "@/lib/core/notifications/render-notification-email";

export const DIGEST_INTERVAL_MS = 24 * 60 * 60_000;

/** Queues the due digests; returns how many were queued. */
export async function queueDueDigests(opts: { now?: Date } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const due = await db.membership.findMany({
    where: {
      notifyEmail: "digest",
      OR: [{ digestSentAt: null }, { digestSentAt: { lte: new Date(now.getTime() - DIGEST_INTERVAL_MS) } }],
    },
    select: {
      id: true,
      agencyId: true,
      userId: true,
      digestSentAt: true,
      user: { select: { email: true } },
      agency: { select: { name: true } },
    },
    take: 200,
  });
  let queued = 0;
  for (const m of due) {
    queued += await inTransaction(async (tx) => {
      // the claim: only the worker that moves digestSentAt from what it read sends this digest
      const claimed = await tx.membership.updateMany({
        where: { id: m.id, digestSentAt: m.digestSentAt },
        data: { digestSentAt: now },
      });
      if (claimed.count === 0) return 0;
      const items = await tx.notification.findMany({
        where: { agencyId: m.agencyId, userId: m.userId, emailedAt: null },
        orderBy: { createdAt: "asc" },
        select: { id: true, message: true },
        take: 100,
      });
      if (items.length === 0) return 0;
      const mail = await renderNotificationEmail({
        agencyName: m.agency.name,
        lines: items.map((i) => i.message),
        link: `${env().appUrl}/dashboard/notifications`,
        digest: true,
      });
      await tx.email.create({
        data: {
          agencyId: m.agencyId,
          kind: "notification_digest",
          to: m.user.email,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        },
      });
      await tx.notification.updateMany({ where: { id: { in: items.map((i) => i.id) } }, data: { emailedAt: now } });
      return 1;
    });
  }
  return queued;
}
