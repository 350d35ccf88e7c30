// Accepting a team invite: a new person gets an account with the invited email and the
// chosen password; someone who already has an account proves it with their password.
// Either way the membership is created and the invite used up in one transaction, so a
// link can be accepted only once.
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError } from "@/lib/core/common/api-error";
import { isRole, type Role } from "@/lib/core/auth/roles";
import { hashInviteToken } from "@/lib/core/team/create-team-invite";
import type { TAcceptTeamInviteBody } from "@/lib/core/team/schemas";
import { createUser } from "@/lib/core/users/create-user";
import { verifyPassword } from "@/lib/core/users/password";

export async function acceptTeamInvite(opts: {
  input: TAcceptTeamInviteBody;
  now?: Date;
}): Promise<{ agencyId: string; userId: string; email: string; role: Role; newUser: boolean }> {
  const now = opts.now ?? new Date();
  const { input } = opts;
  return inTransaction(async (tx) => {
    const invite = await tx.teamInvite.findUnique({ where: { tokenHash: hashInviteToken(input.token) } });
    const unusable = () => new ApiError("INVALID_STATE", "This invite link has expired or was already used. Ask for a new one.");
    if (!invite) throw new ApiError("NOT_FOUND", "This invite link is not valid.");
    if (invite.acceptedAt || invite.revokedAt || invite.expiresAt <= now) throw unusable();
    const role: Role = isRole(invite.role) ? invite.role : "viewer";

    // claim the invite first: of two racing accepts only one updates the row
    const claimed = await tx.teamInvite.updateMany({ where: { id: invite.id, acceptedAt: null, revokedAt: null }, data: { acceptedAt: now } });
    if (claimed.count !== 1) throw unusable();

    const existing = await tx.user.findUnique({ where: { email: invite.email } });
    if (existing) {
      if (!(await verifyPassword(existing.passwordHash, input.password))) {
        throw new ApiError("VALIDATION_FAILED", "password: Wrong password for this account.", [{ field: "password", message: "Wrong password for this account." }]);
      }
      const already = await tx.membership.findUnique({ where: { agencyId_userId: { agencyId: invite.agencyId, userId: existing.id } } });
      if (already) throw new ApiError("CONFLICT", "You are already on this team.");
      await tx.membership.create({ data: { agencyId: invite.agencyId, userId: existing.id, role } });
      return { agencyId: invite.agencyId, userId: existing.id, email: existing.email, role, newUser: false };
    }
    const user = await createUser({ agencyId: invite.agencyId, email: invite.email, password: input.password, name: input.name, role, tx });
    return { agencyId: invite.agencyId, userId: user.id, email: user.email, role, newUser: true };
  });
}
