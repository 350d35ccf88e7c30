"use client";
// TanStack Query hooks and shared keys for access requests in the dashboard. The list and
// the detail poll every 3 seconds so a client's progress shows up without a reload.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TDashboardRequest } from "@/lib/surfaces/dashboard/requests/dashboard-request-view";
import type { TDashboardRequestDetail } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { fetchData, fetchPage, queryString, type Page } from "@/lib/surfaces/dashboard/dashboard-fetch";

export const LIVE_REFRESH_MS = 3_000;

export interface RequestListFilters {
  status?: string;
  search?: string;
  clientId?: string;
}

export const requestKeys = {
  all: ["requests"] as const,
  lists: () => [...requestKeys.all, "list"] as const,
  list: (f: RequestListFilters) =>
    [...requestKeys.lists(), { status: f.status ?? "", search: f.search ?? "", clientId: f.clientId ?? "" }] as const,
  detail: (id: string) => [...requestKeys.all, "detail", id] as const,
};

/** `firstPage`: the first page the page's server already read, so the first render needs no request. */
export function useRequestList(filters: RequestListFilters, firstPage?: Page<TDashboardRequest>) {
  return useInfiniteQuery({
    ...(firstPage ? { initialData: { pages: [firstPage], pageParams: [undefined] } } : {}),
    queryKey: requestKeys.list(filters),
    queryFn: ({ pageParam }) =>
      fetchPage<TDashboardRequest>(
        `/api/dashboard/requests${queryString({ status: filters.status, search: filters.search, clientId: filters.clientId, cursor: pageParam })}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: LIVE_REFRESH_MS,
    placeholderData: (prev) => prev,
  });
}

export function useRequestDetail(id: string) {
  return useQuery({
    queryKey: requestKeys.detail(id),
    queryFn: () => fetchData<TDashboardRequestDetail>(`/api/dashboard/requests/${id}`),
    refetchInterval: LIVE_REFRESH_MS,
  });
}

/** After a request mutation: refresh the detail and every list. */
export function useInvalidateRequests() {
  const qc = useQueryClient();
  return (id?: string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: requestKeys.lists() }),
      ...(id ? [qc.invalidateQueries({ queryKey: requestKeys.detail(id) })] : []),
    ]);
}
