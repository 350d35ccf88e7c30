// Revokes an open team invite so its link stops working.
import { getDb } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";

export async function revokeTeamInvite(opts: {
  agencyId: string;
  inviteId: string;
  now?: Date;
}): Promise<{ id: string }> {
  const db = await getDb();
  const res = await db.teamInvite.updateMany({
    where: { id: opts.inviteId, agencyId: opts.agencyId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: opts.now ?? new Date() },
  });
  if (res.count !== 1) throw notFound("Invite");
  return { id: opts.inviteId };
}
