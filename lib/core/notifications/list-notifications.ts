// A member's in-app notification list (newest first) with the unread count, and marking
// entries read. Scoped to the member and the agency of the session.
import { getDb } from "@/lib/infra/db/db";

export interface TNotification {
  id: string;
  type: string;
  message: string;
  clientId: string | null;
  requestId: string | null;
  read: boolean;
  createdAt: string;
}

export async function countUnreadNotifications(opts: { agencyId: string; userId: string }): Promise<number> {
  return (await getDb()).notification.count({ where: { agencyId: opts.agencyId, userId: opts.userId, readAt: null } });
}

export async function listNotifications(opts: {
  agencyId: string;
  userId: string;
  limit?: number;
}): Promise<{ data: TNotification[]; unread: number }> {
  const rows = await (
    await getDb()
  ).notification.findMany({
    where: { agencyId: opts.agencyId, userId: opts.userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.min(Math.max(opts.limit ?? 50, 1), 200),
  });
  return {
    data: rows.map((r) => ({
      id: r.id,
      type: r.type,
      message: r.message,
      clientId: r.clientId,
      requestId: r.requestId,
      read: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
    unread: await countUnreadNotifications(opts),
  };
}

/** Marks the given entries (or all when ids is omitted) read; returns the new unread count. */
export async function markNotificationsRead(opts: {
  agencyId: string;
  userId: string;
  ids?: string[];
  now?: Date;
}): Promise<number> {
  await (
    await getDb()
  ).notification.updateMany({
    where: {
      agencyId: opts.agencyId,
      userId: opts.userId,
      readAt: null,
      ...(opts.ids ? { id: { in: opts.ids } } : {}),
    },
    data: { readAt: opts.now ?? new Date() },
  });
  return countUnreadNotifications(opts);
}
