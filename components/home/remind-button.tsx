"use client";
// "Send reminder": queues a reminder email to the client now, then shows when it went.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { runAction } from "@/components/ui/action-feedback";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";

export function RemindButton({
  requestId,
  clientName,
  send,
}: {
  requestId: string;
  clientName: string;
  send: (input: { requestId: string }) => Promise<ActionResult<{ sentAt: string }>>;
}) {
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  if (sent) return <span className="text-sm text-emerald-800">Reminder sent</span>;
  return (
    <Button
      variant="secondary"
      busy={busy}
      aria-label={`Send ${clientName} a reminder`}
      onClick={async () => {
        setBusy(true);
        const data = await runAction(() => send({ requestId }), { success: `Reminder sent to ${clientName}.` });
        setBusy(false);
        if (data) setSent(true);
      }}
    >
      Send reminder
    </Button>
  );
}
