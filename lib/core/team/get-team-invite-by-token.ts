// Reads a team invite from its link for the accept page: who invited, which role, whether
// the link still works. It does not say whether the invited email already has an account:
// the person holding the link may not be its owner.
import { getDb } from "@/lib/infra/db/db";
import { isRole, type Role } from "@/lib/core/auth/roles";
import { hashInviteToken } from "@/lib/core/team/create-team-invite";
import { MAX_INVITE_FAILED_ATTEMPTS } from "@/lib/core/team/accept-team-invite";

export type TeamInviteState = "valid" | "expired" | "accepted" | "revoked" | "locked";

export interface TeamInviteView {
  agencyName: string;
  email: string;
  role: Role;
  expiresAt: string;
  state: TeamInviteState;
}

export async function getTeamInviteByToken(opts: { token: string; now?: Date }): Promise<TeamInviteView | null> {
  if (!opts.token || opts.token.length > 200) return null;
  const db = await getDb();
  const now = opts.now ?? new Date();
  const invite = await db.teamInvite.findUnique({
    where: { tokenHash: hashInviteToken(opts.token) },
    include: { agency: { select: { name: true } } },
  });
  if (!invite) return null;
  const state: TeamInviteState = invite.revokedAt
    ? "revoked"
    : invite.acceptedAt
      ? "accepted"
      : invite.failedAttempts >= MAX_INVITE_FAILED_ATTEMPTS
        ? "locked"
        : invite.expiresAt <= now
          ? "expired"
          : "valid";
  return {
    agencyName: invite.agency.name,
    email: invite.email,
    role: isRole(invite.role) ? invite.role : "viewer",
    expiresAt: invite.expiresAt.toISOString(),
    state,
  };
}
