// Team invites by link: a random token (192 bits) shown once, only its sha256 stored; the
// link works for 7 days and grants the role chosen by the owner.
import { hashToken } from "@/lib/infra/secrets/link-token";
import { randomToken } from "@/lib/core/api-keys/api-key-token";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { ApiError } from "@/lib/core/common/api-error";
import type { TCreateTeamInviteBody, TTeamInvite } from "@/lib/core/team/schemas";
import { serializeTeamInvite } from "@/lib/core/team/list-team";

export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function hashInviteToken(token: string): string {
  return hashToken(token);
}

export function teamInviteUrl(token: string): string {
  return `${env().appUrl}/join/${token}`;
}

export async function createTeamInvite(opts: {
  agencyId: string;
  input: TCreateTeamInviteBody;
  tx?: Tx;
  now?: Date;
}): Promise<{ invite: TTeamInvite; token: string; url: string }> {
  const db = opts.tx ?? (await getDb());
  const now = opts.now ?? new Date();
  const member = await db.membership.findFirst({
    where: { agencyId: opts.agencyId, user: { email: opts.input.email } },
    select: { id: true },
  });
  if (member)
    throw new ApiError("CONFLICT", "This person is already on the team.", [
      { field: "email", message: "Already on the team." },
    ]);
  const token = randomToken(24);
  const row = await db.teamInvite.create({
    data: {
      agencyId: opts.agencyId,
      email: opts.input.email,
      role: opts.input.role,
      tokenHash: hashInviteToken(token),
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
      createdAt: now,
    },
  });
  return { invite: serializeTeamInvite(row, now), token, url: teamInviteUrl(token) };
}
