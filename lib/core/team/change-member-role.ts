// Changes a teammate's role (owners only, checked by the caller); the last owner cannot be
// demoted.
import { inTransaction } from "@/lib/infra/db/transaction";
import { notFound } from "@/lib/core/common/api-error";
import type { Role } from "@/lib/core/auth/roles";
import { lastOwnerError, lockTeam } from "@/lib/core/team/lock-team";

export async function changeMemberRole(opts: {
  agencyId: string;
  membershipId: string;
  role: Role;
}): Promise<{ id: string; role: Role }> {
  return inTransaction(async (tx) => {
    await lockTeam(tx, opts.agencyId);
    const m = await tx.membership.findFirst({ where: { id: opts.membershipId, agencyId: opts.agencyId } });
    if (!m) throw notFound("Team member");
    if (m.role === opts.role) return { id: m.id, role: opts.role };
    if (m.role === "owner") {
      const owners = await tx.membership.count({ where: { agencyId: opts.agencyId, role: "owner" } });
      if (owners <= 1) throw lastOwnerError();
    }
    await tx.membership.update({ where: { id: m.id }, data: { role: opts.role } });
    return { id: m.id, role: opts.role };
  });
}
