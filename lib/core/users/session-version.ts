// Ending a user's sessions. Dashboard sessions are signed JWT cookies (next-auth), valid
// on their own until they expire; each carries the user's sessionVersion from when it was
// issued, and the session callback compares it with the stored one on every request
// (lib/surfaces/dashboard/auth-options.ts). Raising the version ends every session issued
// before: on sign-out, on a password change, when two-factor sign-in is turned on or off,
// and when the user is removed from their last agency.
import { getDb, type Tx } from "@/lib/infra/db/db";

/** The user's current session version, or null when the user no longer exists. */
export async function currentSessionVersion(userId: string): Promise<number | null> {
  const user = await (await getDb()).user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return user?.sessionVersion ?? null;
}

/** Ends every existing session of the user; returns the new version. */
export async function endUserSessions(userId: string, tx?: Tx): Promise<number> {
  const db = tx ?? (await getDb());
  const rows = await db.user.updateManyAndReturn({
    where: { id: userId },
    data: { sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  return rows[0]?.sessionVersion ?? 0;
}
