"use client";
// TanStack Query hooks and shared keys for webhooks and their delivery logs. The log polls
// every 3 seconds so retries and test deliveries show up without a reload.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchData, fetchPage, queryString, type Page } from "@/lib/surfaces/dashboard/dashboard-fetch";
import type { TDelivery, TWebhook } from "@/lib/core/webhooks/schemas";

export interface DeliveryFilters {
  eventType?: string;
  outcome?: string;
}

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => [...webhookKeys.all, "list"] as const,
  detail: (id: string) => [...webhookKeys.all, "detail", id] as const,
  deliveries: (id: string, f: DeliveryFilters = {}) =>
    [...webhookKeys.all, "deliveries", id, { eventType: f.eventType ?? "", outcome: f.outcome ?? "" }] as const,
};

export function useWebhookList(initialPage?: Page<TWebhook>) {
  return useInfiniteQuery({
    queryKey: webhookKeys.list(),
    queryFn: ({ pageParam }) => fetchPage<TWebhook>(`/api/dashboard/webhooks${queryString({ cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...(initialPage ? { initialData: { pages: [initialPage], pageParams: [undefined] } } : {}),
  });
}

export function useWebhook(id: string, initialData?: TWebhook) {
  return useQuery({
    queryKey: webhookKeys.detail(id),
    queryFn: () => fetchData<TWebhook>(`/api/dashboard/webhooks/${id}`),
    initialData,
  });
}

export function useDeliveries(id: string, filters: DeliveryFilters) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(id, filters),
    queryFn: ({ pageParam }) =>
      fetchPage<TDelivery>(
        `/api/dashboard/webhooks/${id}/deliveries${queryString({ eventType: filters.eventType, outcome: filters.outcome, limit: "20", cursor: pageParam })}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 3_000,
    placeholderData: (prev) => prev,
  });
}

export function useWebhookCache() {
  const qc = useQueryClient();
  return {
    setWebhook: (w: TWebhook) => {
      qc.setQueryData(webhookKeys.detail(w.id), w);
      return qc.invalidateQueries({ queryKey: webhookKeys.list() });
    },
    invalidateList: () => qc.invalidateQueries({ queryKey: webhookKeys.list() }),
    invalidateDeliveries: (id: string) => qc.invalidateQueries({ queryKey: [...webhookKeys.all, "deliveries", id] }),
  };
}
