"use client";
// TanStack Query hook and shared key for the agency's connected accounts (used by the
// accounts page and the static link's service picker).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { SerializedAccount } from "@/lib/core/accounts/serialize-account";
import { fetchData } from "@/lib/surfaces/dashboard/dashboard-fetch";

export const accountKeys = { all: ["accounts"] as const };

export function useAccounts(initialData?: SerializedAccount[]) {
  return useQuery({
    queryKey: accountKeys.all,
    queryFn: () => fetchData<SerializedAccount[]>("/api/dashboard/accounts"),
    initialData,
  });
}

export function useInvalidateAccounts() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: accountKeys.all });
}
