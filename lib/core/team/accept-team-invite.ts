// Accepting a team invite: a new person gets an account with the invited email and the
// chosen password; someone who already has an account proves it with their password,
// through the same throttled check as sign-in (lib/core/users/check-credentials.ts).
// Every refused password answers with one message that reads the same whether or not the
// email has an account, and counts on the invite: after MAX_INVITE_FAILED_ATTEMPTS the
// link stops working, so the person holding it cannot use it to guess without end.
// The membership is created and the invite used up in one transaction, so a link can be
// accepted only once.
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError } from "@/lib/core/common/api-error";
import { isRole, type Role } from "@/lib/core/auth/roles";
import { hashInviteToken } from "@/lib/core/team/create-team-invite";
import type { TAcceptTeamInviteBody } from "@/lib/core/team/schemas";
import { createUser } from "@/lib/core/users/create-user";
import { checkCredentials } from "@/lib/core/users/check-credentials";
import { isStrongPassword } from "@/lib/core/users/password";
import { queueVerificationEmail } from "@/lib/core/users/email-verification";

export const MAX_INVITE_FAILED_ATTEMPTS = 5;

export const INVITE_PASSWORD_REFUSED =
  "This password cannot be used to join. If this email already has an account, enter that account's password; otherwise choose a harder-to-guess password. Too many tries end the link.";

export function inviteUnusable(): ApiError {
  return new ApiError(
    "INVALID_STATE",
    "This invite link has expired, was already used, or was locked after too many tries. Ask for a new one.",
  );
}

export async function acceptTeamInvite(opts: {
  input: TAcceptTeamInviteBody;
  /** the caller's address, for the sign-in throttle */
  address?: string;
  now?: Date;
}): Promise<{ agencyId: string; userId: string; email: string; role: Role; newUser: boolean }> {
  const now = opts.now ?? new Date();
  const { input } = opts;
  const db = await getDb();
  const tokenHash = hashInviteToken(input.token);
  const invite = await db.teamInvite.findUnique({ where: { tokenHash } });
  if (!invite) throw new ApiError("NOT_FOUND", "This invite link is not valid.");
  if (
    invite.acceptedAt ||
    invite.revokedAt ||
    invite.expiresAt <= now ||
    invite.failedAttempts >= MAX_INVITE_FAILED_ATTEMPTS
  )
    throw inviteUnusable();

  // Each try takes one of the invite's MAX_INVITE_FAILED_ATTEMPTS slots before any
  // password is looked at (one conditional update, atomic under concurrency): once they are
  // taken the invite answers "unusable" whatever the password, and a success gives its slot
  // back when it claims the invite. The password check runs outside the claiming
  // transaction, so a refusal stays counted instead of being rolled back with it.
  const slot = await db.teamInvite.updateMany({
    where: { id: invite.id, acceptedAt: null, revokedAt: null, failedAttempts: { lt: MAX_INVITE_FAILED_ATTEMPTS } },
    data: { failedAttempts: { increment: 1 } },
  });
  if (slot.count !== 1) throw inviteUnusable();
  const existing = await db.user.findUnique({ where: { email: invite.email }, select: { id: true } });
  let existingUserId: string | null = null;
  if (existing) {
    const check = await checkCredentials({
      email: invite.email,
      password: input.password,
      address: opts.address ?? "unknown",
    });
    if (!check.ok) throw passwordRefused();
    existingUserId = check.user.id;
  } else if (!isStrongPassword(input.password, [invite.email, input.name ?? ""])) {
    throw passwordRefused();
  }

  return inTransaction(async (tx) => {
    const role: Role = isRole(invite.role) ? invite.role : "viewer";
    // claim the invite first: of two racing accepts only one updates the row
    const claimed = await tx.teamInvite.updateMany({
      where: { id: invite.id, acceptedAt: null, revokedAt: null },
      data: { acceptedAt: now, failedAttempts: { decrement: 1 } },
    });
    if (claimed.count !== 1) throw inviteUnusable();

    if (existingUserId) {
      const already = await tx.membership.findUnique({
        where: { agencyId_userId: { agencyId: invite.agencyId, userId: existingUserId } },
      });
      if (already) throw new ApiError("CONFLICT", "You are already on this team.");
      await tx.membership.create({ data: { agencyId: invite.agencyId, userId: existingUserId, role } });
      return { agencyId: invite.agencyId, userId: existingUserId, email: invite.email, role, newUser: false };
    }
    // The owner sees the link too, so holding it proves nothing about the address: the
    // new account verifies its address like a sign-up does.
    const user = await createUser({
      agencyId: invite.agencyId,
      email: invite.email,
      password: input.password,
      name: input.name,
      role,
      tx,
    });
    await queueVerificationEmail(tx, { userId: user.id, email: user.email, agencyId: invite.agencyId, now });
    return { agencyId: invite.agencyId, userId: user.id, email: user.email, role, newUser: true };
  });
}

function passwordRefused(): ApiError {
  return new ApiError("VALIDATION_FAILED", `password: ${INVITE_PASSWORD_REFUSED}`, [
    { field: "password", message: INVITE_PASSWORD_REFUSED },
  ]);
}
