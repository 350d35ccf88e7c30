"use client";
// TanStack Query hook and shared key for the agency's branding.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Branding } from "@/lib/core/agencies/update-branding";
import { fetchData } from "@/lib/surfaces/dashboard/dashboard-fetch";

export const brandingKeys = { all: ["branding"] as const };

export function useBranding(initialData?: Branding) {
  return useQuery({
    queryKey: brandingKeys.all,
    queryFn: () => fetchData<Branding>("/api/dashboard/branding"),
    initialData,
  });
}

export function useSetBranding() {
  const qc = useQueryClient();
  return (b: Branding) => qc.setQueryData(brandingKeys.all, b);
}
