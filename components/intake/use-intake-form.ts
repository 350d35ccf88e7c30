"use client";
// TanStack Query hook and shared key for the agency's intake form. Every intake action
// returns the whole form, so results are written straight into the cache.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { IntakeForm } from "@/lib/core/intake/questions";
import { fetchData } from "@/lib/surfaces/dashboard/dashboard-fetch";

export const intakeKeys = { all: ["intake-form"] as const };

export function useIntakeForm(initialData?: IntakeForm) {
  return useQuery({
    queryKey: intakeKeys.all,
    queryFn: () => fetchData<IntakeForm>("/api/dashboard/intake"),
    initialData,
  });
}

export function useSetIntakeForm() {
  const qc = useQueryClient();
  return (form: IntakeForm) => {
    qc.setQueryData(intakeKeys.all, form);
    // the static link page shows whether the form is ready
    void qc.invalidateQueries({ queryKey: ["static-link"] });
  };
}
