"use client";
// TanStack Query hook and shared key for the agency's API keys (newest first, paginated).
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import type { ApiKeyItem } from "@/lib/core/api-keys/list-api-keys";
import { fetchPage, queryString, type Page } from "@/lib/surfaces/dashboard/dashboard-fetch";

export const apiKeyKeys = { all: ["api-keys"] as const };

export function useApiKeys(initialPage?: Page<ApiKeyItem>) {
  return useInfiniteQuery({
    queryKey: apiKeyKeys.all,
    queryFn: ({ pageParam }) => fetchPage<ApiKeyItem>(`/api/dashboard/api-keys${queryString({ cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...(initialPage ? { initialData: { pages: [initialPage], pageParams: [undefined] } } : {}),
  });
}

export function useInvalidateApiKeys() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: apiKeyKeys.all });
}
