"use client";
// TanStack Query hooks and shared keys for clients in the dashboard.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TClient } from "@/lib/core/clients/schemas";
import type { TDashboardClient } from "@/lib/surfaces/dashboard/get-client-for-dashboard";
import type { TClientProfile } from "@/lib/surfaces/dashboard/get-client-profile";
import { fetchData, fetchPage, queryString } from "@/lib/surfaces/dashboard/dashboard-fetch";

export interface ClientListFilters {
  search?: string;
  prospects?: boolean;
}

export const clientKeys = {
  all: ["clients"] as const,
  lists: () => [...clientKeys.all, "list"] as const,
  list: (f: ClientListFilters) =>
    [...clientKeys.lists(), { search: f.search ?? "", prospects: f.prospects ?? null }] as const,
  detail: (id: string) => [...clientKeys.all, "detail", id] as const,
};

export function useClientList(filters: ClientListFilters, opts: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: clientKeys.list(filters),
    queryFn: ({ pageParam }) =>
      fetchPage<TClient>(
        `/api/dashboard/clients${queryString({
          search: filters.search,
          prospects: filters.prospects === undefined ? undefined : filters.prospects ? "1" : "0",
          cursor: pageParam,
        })}`,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (prev) => prev,
    enabled: opts.enabled ?? true,
  });
}

/** `initialData`: what the page's server already read, so the first render needs no request. */
export function useClientDetail(id: string, initialData?: TDashboardClient) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: () => fetchData<TDashboardClient>(`/api/dashboard/clients/${id}`),
    initialData,
  });
}

export function useInvalidateClients() {
  const qc = useQueryClient();
  return (id?: string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: clientKeys.lists() }),
      ...(id ? [qc.invalidateQueries({ queryKey: clientKeys.detail(id) })] : []),
    ]);
}

export function useClientProfile(id: string, initialData?: TClientProfile) {
  return useQuery({
    queryKey: [...clientKeys.detail(id), "profile"] as const,
    queryFn: () => fetchData<TClientProfile>(`/api/dashboard/clients/${id}/profile`),
    initialData,
  });
}
