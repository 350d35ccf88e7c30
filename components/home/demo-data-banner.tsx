"use client";
// The banner shown on every dashboard page while the demo agency's sample data exists,
// with the Owner's "Remove demo data" (asks first; the agency, its users and key stay).
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { runAction } from "@/components/ui/action-feedback";
import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { RemovedDemoData } from "@/lib/core/agencies/demo-data";

export function DemoDataBanner({
  canRemove,
  remove,
}: {
  canRemove: boolean;
  remove: (input: Record<string, never>) => Promise<ActionResult<RemovedDemoData>>;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  return (
    <section
      aria-label="Demo data"
      data-testid="demo-data-banner"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <p className="min-w-0 flex-1">
        <strong>Demo data.</strong> The sample clients (Maple Bakery, Harbor Fitness, ...), their requests and a paused
        sample webhook are here to try things out: nothing was sent to anyone, and the sample requests do not count
        toward your plan.
        {canRemove ? null : " An owner can remove them."}
      </p>
      {canRemove ? (
        <ConfirmButton
          size="sm"
          title="Remove the demo data?"
          description="The sample clients, their requests, events and webhook deliveries, and the sample webhook are deleted. Your agency, team, connected accounts, intake form and API keys stay."
          confirmLabel="Remove demo data"
          onConfirm={async () => {
            const removed = await runAction(() => remove({}), { success: "Demo data removed." });
            if (removed) {
              await queryClient.invalidateQueries();
              router.refresh();
            }
          }}
        >
          Remove demo data
        </ConfirmButton>
      ) : null}
    </section>
  );
}
