"use client";
// TanStack Query hook and shared key for the usage page (this month, plan, history).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchData } from "@/lib/surfaces/dashboard/dashboard-fetch";
import type { UsageOverview } from "@/lib/core/usage/get-usage-overview";

export const usageKeys = { all: ["usage"] as const };

export function useUsage(initialData?: UsageOverview) {
  return useQuery({
    queryKey: usageKeys.all,
    queryFn: () => fetchData<UsageOverview>("/api/dashboard/usage"),
    initialData,
    // new requests count at once; a slow poll keeps the page current while it is open
    refetchInterval: 15_000,
  });
}

export function useInvalidateUsage() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: usageKeys.all });
}
