// The agency's team as the Team page shows it: members with their roles (oldest first) and
// the invites still open (not accepted or revoked; expired ones flagged).
import type { TeamInvite } from "@/generated/prisma/client";
import { getDb } from "@/lib/infra/db/db";
import { isRole } from "@/lib/core/auth/roles";
import type { TTeamInvite, TTeamMember } from "@/lib/core/team/schemas";

export function serializeTeamInvite(row: TeamInvite, now = new Date()): TTeamInvite {
  return {
    id: row.id,
    email: row.email,
    role: isRole(row.role) ? row.role : "viewer",
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

export async function listTeam(opts: {
  agencyId: string;
  now?: Date;
}): Promise<{ members: TTeamMember[]; invites: TTeamInvite[] }> {
  const db = await getDb();
  const now = opts.now ?? new Date();
  const [memberships, invites] = await Promise.all([
    db.membership.findMany({
      where: { agencyId: opts.agencyId },
      include: { user: { select: { email: true, name: true } } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    db.teamInvite.findMany({
      where: { agencyId: opts.agencyId, acceptedAt: null, revokedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 100,
    }),
  ]);
  return {
    members: memberships.map((m) => ({
      id: m.id,
      userId: m.userId,
      email: m.user.email,
      name: m.user.name,
      role: isRole(m.role) ? m.role : "viewer",
      joinedAt: m.createdAt.toISOString(),
    })),
    invites: invites.map((i) => serializeTeamInvite(i, now)),
  };
}
