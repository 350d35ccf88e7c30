// Audit entries for staff sign-in: the agencies a user belongs to each get the entry (the
// audit log is per agency), and instance-wide changes reach the administrator's agencies.
import { recordAudit } from "@/lib/core/audit/record-audit";
import { getDb, type Tx } from "@/lib/infra/db/db";

export async function recordForUser(opts: {
  userId: string;
  email: string | null;
  address?: string | null;
  action: string;
  target?: string | null;
  changes?: Record<string, unknown>;
  tx?: Tx;
}): Promise<void> {
  const db = opts.tx ?? (await getDb());
  const user = opts.email
    ? { email: opts.email }
    : await db.user.findUnique({ where: { id: opts.userId }, select: { email: true } });
  const memberships = await db.membership.findMany({ where: { userId: opts.userId }, select: { agencyId: true } });
  for (const m of memberships)
    await recordAudit({
      agencyId: m.agencyId,
      actor: { userId: opts.userId, email: user?.email ?? null, address: opts.address ?? null },
      action: opts.action,
      target: opts.target ?? null,
      changes: opts.changes,
      tx: opts.tx,
    });
}

/** An instance administrator's change, recorded in every agency they belong to. */
export async function recordAuditForAllAgencies(opts: {
  userId: string;
  action: string;
  target: string;
  changes?: Record<string, unknown>;
}): Promise<void> {
  await recordForUser({ ...opts, email: null });
}
