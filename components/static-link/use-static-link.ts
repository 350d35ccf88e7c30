"use client";
// TanStack Query hook and shared key for the agency's static link.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { StaticLink } from "@/lib/core/agencies/update-static-link";
import { fetchData } from "@/lib/surfaces/dashboard/dashboard-fetch";

export const staticLinkKeys = { all: ["static-link"] as const };

export function useStaticLink(initialData?: StaticLink) {
  return useQuery({
    queryKey: staticLinkKeys.all,
    queryFn: () => fetchData<StaticLink>("/api/dashboard/static-link"),
    initialData,
  });
}

export function useSetStaticLink() {
  const qc = useQueryClient();
  return (link: StaticLink) => qc.setQueryData(staticLinkKeys.all, link);
}
