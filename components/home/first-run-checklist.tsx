"use client";
// The first-run checklist on a new agency's home: what to do first, each item ticked from
// the agency's data and linking to where it is done; "Dismiss" hides it for the agency.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { runAction } from "@/components/ui/action-feedback";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { FirstRunChecklist as Checklist } from "@/lib/surfaces/dashboard/home/get-first-run-checklist";

export function FirstRunChecklist({
  checklist,
  dismiss,
}: {
  checklist: Checklist;
  dismiss: (input: Record<string, never>) => Promise<ActionResult<{ dismissed: true }>>;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Card
      className="mb-6"
      title="Get started"
      description={`${checklist.done} of ${checklist.items.length} done. Each step ticks itself once it is done.`}
      actions={
        <Button
          size="sm"
          variant="ghost"
          busy={busy}
          onClick={async () => {
            setBusy(true);
            const ok = await runAction(() => dismiss({}));
            setBusy(false);
            if (ok) router.refresh();
          }}
        >
          Dismiss
        </Button>
      }
    >
      <ol className="space-y-2" data-testid="first-run-checklist">
        {checklist.items.map((item) => (
          <li key={item.id} data-item={item.id} data-done={item.done} className="flex items-start gap-3 text-sm">
            <span
              aria-hidden
              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs font-bold ${item.done ? "border-emerald-600 bg-emerald-600 text-white" : "border-slate-400 text-transparent"}`}
            >
              ✓
            </span>
            <span className="min-w-0">
              <Link
                href={item.href}
                className={
                  item.done ? "text-slate-600 line-through" : "font-medium text-indigo-700 underline underline-offset-2"
                }
              >
                {item.label}
              </Link>
              <span className="sr-only">{item.done ? " (done)" : " (to do)"}</span>
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
