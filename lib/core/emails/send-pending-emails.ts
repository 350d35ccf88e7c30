// Sends queued emails (invites, reminders, team invites). With an SMTP transport each due
// email is claimed, sent and marked `sent`, or retried with backoff and finally `failed`;
// without one, due emails are marked `stored` for the dashboard's dev mailbox.
import { getDb } from "@/lib/infra/db/db";
import { getMailTransport, mailFrom, type MailTransport } from "@/lib/infra/email/mail-transport";

/** Waits after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
export const EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const EMAIL_MAX_ATTEMPTS = EMAIL_RETRY_DELAYS_MS.length + 1;

// A claim moves nextAttemptAt this far ahead, so no other worker takes the email while it
// is being sent; if this worker dies mid-send the email becomes due again afterwards.
// Longer than the transport's worst case (connect + greeting + socket timeouts).
const CLAIM_LEASE_MS = 10 * 60_000;
const MAX_ERROR_LENGTH = 1000;

/** What a sent email's bodies become: their links must not outlive the sending. */
export const SENT_BODY_PURGED = "(Sent. The message is not kept, because it carried a link for its recipient only.)";

interface ClaimedEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

export interface SendPendingEmailsOptions {
  now?: Date;
  /** at most this many emails per call (default 50) */
  limit?: number;
  /** default: the SMTP transport from SMTP_URL; null stores emails instead of sending */
  transport?: MailTransport | null;
}

/** Handles the due emails; returns how many were sent, stored or given a failed attempt. */
export async function sendPendingEmails(opts: SendPendingEmailsOptions = {}): Promise<number> {
  const limit = Math.max(1, opts.limit ?? 50);
  const transport = opts.transport === undefined ? getMailTransport() : opts.transport;
  if (!transport) return storeDueEmails(opts.now ?? new Date(), limit);
  let handled = 0;
  while (handled < limit) {
    const now = opts.now ?? new Date();
    const email = await claimOne(now);
    if (!email) break;
    handled++;
    try {
      await transport.sendMail({
        from: mailFrom(),
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      // once sent, the bodies (verification, access and removal links) are not kept
      await finish(email, {
        status: "sent",
        sentAt: opts.now ?? new Date(),
        lastError: null,
        text: SENT_BODY_PURGED,
        html: SENT_BODY_PURGED,
      });
    } catch (err) {
      const lastError = describeError(err);
      const at = opts.now ?? new Date();
      if (email.attempts >= EMAIL_MAX_ATTEMPTS) {
        await finish(email, { status: "failed", lastError });
      } else {
        const delay = EMAIL_RETRY_DELAYS_MS[email.attempts - 1]!;
        await finish(email, { lastError, nextAttemptAt: new Date(at.getTime() + delay) });
      }
    }
  }
  return handled;
}

// SKIP LOCKED: concurrent workers each take a different email instead of queueing on one.
async function claimOne(now: Date): Promise<ClaimedEmail | undefined> {
  const db = await getDb();
  const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
  const rows = await db.$queryRaw<ClaimedEmail[]>`
    UPDATE "Email" SET "attempts" = "attempts" + 1, "nextAttemptAt" = ${leaseUntil}
    WHERE "id" = (
      SELECT "id" FROM "Email"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}
      ORDER BY "nextAttemptAt", "id"
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "to", "subject", "text", "html", "attempts"`;
  return rows[0];
}

// Only while this worker's claim still stands: if the lease ran out and another worker
// claimed the email again, that worker owns the outcome.
async function finish(
  email: ClaimedEmail,
  data: {
    status?: "sent" | "failed";
    sentAt?: Date;
    lastError: string | null;
    nextAttemptAt?: Date;
    text?: string;
    html?: string;
  },
) {
  const db = await getDb();
  await db.email.updateMany({ where: { id: email.id, status: "pending", attempts: email.attempts }, data });
}

async function storeDueEmails(now: Date, limit: number): Promise<number> {
  const db = await getDb();
  return db.$executeRaw`
    UPDATE "Email" SET "status" = 'stored'
    WHERE "id" IN (
      SELECT "id" FROM "Email"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    )`;
}

function describeError(err: unknown): string {
  const e = err as { message?: unknown; responseCode?: unknown; code?: unknown };
  const parts = [
    typeof e?.code === "string" ? e.code : null,
    typeof e?.responseCode === "number" ? String(e.responseCode) : null,
  ];
  const prefix = parts.filter(Boolean).join(" ");
  const message = typeof e?.message === "string" ? e.message : String(err);
  return (prefix ? `${prefix}: ${message}` : message).slice(0, MAX_ERROR_LENGTH);
}
