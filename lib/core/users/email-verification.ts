// Verifying a dashboard account's email address: a signed link (no table; it names the
// user, the address and the account's current verification nonce, so it stops working if
// the address changes or a newer verification email was sent) valid for 3 days.
// Until the link is followed, the account cannot create API keys or invite teammates.
// Sign-up answers the same whether or not the address already has an account; the owner
// of an existing address gets a "you already have an account" email instead.
import crypto from "node:crypto";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { env } from "@/lib/infra/env";
import { signToken, verifyToken } from "@/lib/infra/secrets/signed-token";
import { ApiError } from "@/lib/core/common/api-error";
import { UUID } from "@/lib/core/common/uuid";
import { renderEmailHtml } from "@/lib/core/emails/templates/email-layout";
import { AccountEmail } from "@/lib/core/emails/templates/account-email";

export const VERIFY_TTL_SECONDS = 3 * 24 * 3600;
const PURPOSE = "verify-email";

export const UNVERIFIED_MESSAGE =
  "Verify your email address first: follow the link in the email we sent you when you signed up, or send a new one from the notice at the top of the dashboard.";

export function emailVerificationUrl(userId: string, email: string, nonce: string, now?: Date): string {
  return `${env().appUrl}/verify-email/${signToken(PURPOSE, [userId, email, nonce], { now, ttlSeconds: VERIFY_TTL_SECONDS })}`;
}

/** An account email: the plain-text part written here, the HTML from the React Email template. */
async function accountEmail(subject: string, paragraphs: string[], link?: { url: string; label: string }) {
  const text = [...paragraphs, ...(link ? ["", `${link.label}: ${link.url}`] : [])].join("\n\n");
  const html = await renderEmailHtml(AccountEmail({ paragraphs, link }));
  return { subject, text, html };
}

/**
 * Queues the verification email for `userId` (kept in `agencyId`'s mailbox in development).
 * A fresh nonce replaces the account's previous one: links in earlier emails stop working.
 */
export async function queueVerificationEmail(
  tx: Tx,
  opts: { userId: string; email: string; agencyId: string; now?: Date },
) {
  const nonce = crypto.randomBytes(16).toString("base64url");
  await tx.user.update({ where: { id: opts.userId }, data: { emailVerifyNonce: nonce } });
  const url = emailVerificationUrl(opts.userId, opts.email, nonce, opts.now);
  const mail = await accountEmail(
    "Verify your email address",
    [
      "Follow the link below to verify your email address for your agency dashboard. The link works for 3 days.",
      "If you did not create this account, ignore this email.",
    ],
    { url, label: "Verify email address" },
  );
  await tx.email.create({ data: { agencyId: opts.agencyId, kind: "verify_email", to: opts.email, ...mail } });
}

/** Queues "you already have an account" for a sign-up with a taken address; nothing when the account has no agency left. */
export async function queueAccountExistsEmail(tx: Tx, opts: { email: string }) {
  const user = await tx.user.findUnique({
    where: { email: opts.email },
    select: { memberships: { select: { agencyId: true }, take: 1, orderBy: { createdAt: "asc" } } },
  });
  const agencyId = user?.memberships[0]?.agencyId;
  if (!agencyId) return;
  const mail = await accountEmail(
    "You already have an account",
    [
      "Someone (perhaps you) tried to create a new agency with this email address, which already has an account. No new account was made.",
      "To get in, sign in with your password. If this was not you, you can ignore this email.",
    ],
    { url: `${env().appUrl}/login`, label: "Sign in" },
  );
  await tx.email.create({ data: { agencyId, kind: "account_exists", to: opts.email, ...mail } });
}

/** Marks the account verified when the link is valid; false for a forged, expired or outdated link. */
export async function verifyEmailToken(opts: { token: string; now?: Date }): Promise<boolean> {
  const valid = verifyToken(PURPOSE, opts.token, { now: opts.now });
  if (!valid || valid.fields.length < 2 || valid.fields.length > 3) return false;
  const [userId, email, nonce] = valid.fields as [string, string, string | undefined];
  if (!UUID.test(userId)) return false;
  const db = await getDb();
  // links from before nonces existed (two fields) work while no newer email was sent
  const res = await db.user.updateMany({
    where: { id: userId, email, emailVerifyNonce: nonce ?? null },
    data: { emailVerifiedAt: opts.now ?? new Date() },
  });
  // a second click on the same link is fine
  return res.count === 1;
}

/** Throws 403 when the user has not verified their address yet. */
export async function requireVerifiedEmail(userId: string, db?: Tx): Promise<void> {
  const client = db ?? (await getDb());
  const user = await client.user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  if (!user?.emailVerifiedAt) throw new ApiError("FORBIDDEN", UNVERIFIED_MESSAGE);
}

/**
 * Sends a fresh verification email to the account with this address when it exists and is
 * not verified yet (earlier links stop working). Returns whether one was sent, for callers
 * that may tell (the signed-in dashboard); the signed-out page answers the same either way.
 */
export async function resendVerificationEmail(opts: { email?: string; userId?: string; now?: Date }): Promise<boolean> {
  if (!opts.email && !opts.userId) return false;
  return inTransaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: opts.userId ? { id: opts.userId } : { email: opts.email!.trim().toLowerCase() },
      select: {
        id: true,
        email: true,
        emailVerifiedAt: true,
        memberships: { select: { agencyId: true }, take: 1, orderBy: { createdAt: "asc" } },
      },
    });
    const agencyId = user?.memberships[0]?.agencyId;
    if (!user || user.emailVerifiedAt || !agencyId) return false;
    await queueVerificationEmail(tx, { userId: user.id, email: user.email, agencyId, now: opts.now });
    return true;
  });
}

/** Whether the account's address is verified (the dashboard shows a notice until it is). */
export async function isEmailVerified(userId: string): Promise<boolean> {
  const user = await (await getDb()).user.findUnique({ where: { id: userId }, select: { emailVerifiedAt: true } });
  return Boolean(user?.emailVerifiedAt);
}
