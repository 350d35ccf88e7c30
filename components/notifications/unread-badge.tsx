"use client";
// The header's link to the notification list with the unread count.
import Link from "next/link";
import { useNotifications } from "@/components/notifications/use-notifications";

export function UnreadBadge() {
  const q = useNotifications();
  const unread = q.data?.unread ?? 0;
  return (
    <Link
      href="/dashboard/notifications"
      className="inline-flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100"
      data-testid="notifications-link"
    >
      Notifications
      {unread > 0 ? (
        <span
          className="rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white"
          data-testid="unread-count"
        >
          {unread}
          <span className="sr-only"> unread</span>
        </span>
      ) : null}
    </Link>
  );
}
