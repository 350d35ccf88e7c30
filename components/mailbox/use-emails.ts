"use client";
// TanStack Query hooks and shared keys for the mailbox: the list polls so a queued invite
// shows up (and turns from pending to stored) without a reload.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { EmailDetail } from "@/lib/core/emails/get-email-or-throw";
import type { EmailItem } from "@/lib/core/emails/list-emails";
import { fetchData, fetchPage, queryString, type Page } from "@/lib/surfaces/dashboard/dashboard-fetch";

export const emailKeys = {
  all: ["emails"] as const,
  list: () => [...emailKeys.all, "list"] as const,
  detail: (id: string) => [...emailKeys.all, "detail", id] as const,
};

export function useEmailList(initialPage?: Page<EmailItem>) {
  return useInfiniteQuery({
    queryKey: emailKeys.list(),
    queryFn: ({ pageParam }) => fetchPage<EmailItem>(`/api/dashboard/emails${queryString({ cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 5_000,
    ...(initialPage ? { initialData: { pages: [initialPage], pageParams: [undefined] } } : {}),
  });
}

export function useEmail(id: string | null) {
  return useQuery({
    queryKey: emailKeys.detail(id ?? ""),
    queryFn: () => fetchData<EmailDetail>(`/api/dashboard/emails/${id}`),
    enabled: id !== null,
  });
}
