// Removes a teammate from the agency (owners only, checked by the caller); never the last
// owner. The user account stays; their next request finds no membership and signs them out,
// and removal from their last agency ends every session they hold.
import { inTransaction } from "@/lib/infra/db/transaction";
import { notFound } from "@/lib/core/common/api-error";
import { lastOwnerError, lockTeam } from "@/lib/core/team/lock-team";
import { endUserSessions } from "@/lib/core/users/session-version";

export async function removeMember(opts: { agencyId: string; membershipId: string }): Promise<{ id: string }> {
  return inTransaction(async (tx) => {
    await lockTeam(tx, opts.agencyId);
    const m = await tx.membership.findFirst({ where: { id: opts.membershipId, agencyId: opts.agencyId } });
    if (!m) throw notFound("Team member");
    if (m.role === "owner") {
      const owners = await tx.membership.count({ where: { agencyId: opts.agencyId, role: "owner" } });
      if (owners <= 1) throw lastOwnerError();
    }
    await tx.membership.delete({ where: { id: m.id } });
    if ((await tx.membership.count({ where: { userId: m.userId } })) === 0) await endUserSessions(m.userId, tx);
    return { id: m.id };
  });
}
