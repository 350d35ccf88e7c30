"use client";
// TanStack Query hook and key for the member's notification list and unread count.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TNotification } from "@/lib/core/notifications/list-notifications";
import { fetchData } from "@/lib/surfaces/dashboard/dashboard-fetch";

export const notificationKeys = { all: ["notifications"] as const };

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: () => fetchData<{ data: TNotification[]; unread: number }>("/api/dashboard/notifications"),
    refetchInterval: 30_000,
  });
}

export function useInvalidateNotifications() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: notificationKeys.all });
}
