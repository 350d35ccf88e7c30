"use client";
// Lost-access alerts on a client's page: what an access check found gone, and "Ask again",
// which creates a request for exactly the lost services, roles and agency accounts (emailed
// to the client when ticked). An alert closes when the access is granted again.
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { LostAccessAlertView } from "@/lib/surfaces/dashboard/access-checks/lost-access-alerts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { DateTime } from "@/components/ui/date-time";
import { runAction } from "@/components/ui/action-feedback";

export type LostAccessAlertItem = LostAccessAlertView;

export interface LostAccessAlertsProps {
  alerts: LostAccessAlertItem[];
  canAsk: boolean;
  askAgain: (input: {
    alertIds: string[];
    sendEmail: boolean;
  }) => Promise<ActionResult<{ requestId: string; alertIds: string[] }>>;
}

const CLOSED: Record<NonNullable<LostAccessAlertItem["closedReason"]>, string> = {
  granted_again: "Granted again",
  restored: "Access back",
  removed: "Access removed",
};

/** The follow-up request is still waiting for the client: a second one would ask twice. */
function waiting(a: LostAccessAlertItem): boolean {
  return a.followUpStatus === "pending" || a.followUpStatus === "in_progress";
}

export function LostAccessAlerts({ alerts, canAsk, askAgain }: LostAccessAlertsProps) {
  const router = useRouter();
  const [sendEmail, setSendEmail] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  if (alerts.length === 0) return null;
  const askable = alerts.filter((a) => !a.closedAt && !waiting(a));

  const ask = async (key: string, alertIds: string[]) => {
    setBusy(key);
    const r = await runAction(() => askAgain({ alertIds, sendEmail }), {
      success: sendEmail ? "Request created and emailed to the client." : "Request created.",
    });
    setBusy(null);
    if (r) router.push(`/dashboard/requests/${r.requestId}`);
  };

  return (
    <Card
      title="Lost access"
      description="An access check found granted access gone on the platform. Ask again sends a request for exactly what was lost."
      actions={
        canAsk && askable.length > 1 ? (
          <Button
            size="sm"
            busy={busy === "all"}
            onClick={() =>
              void ask(
                "all",
                askable.map((a) => a.id),
              )
            }
          >
            Ask again for all {askable.length}
          </Button>
        ) : null
      }
    >
      {canAsk && askable.length > 0 ? (
        <Checkbox
          id="ask-again-email"
          className="mb-3"
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.target.checked)}
          label="Email the new request to the client"
          hint="In the client's language. Untick to send the link yourself."
        />
      ) : null}
      <ul className="space-y-3">
        {alerts.map((a) => (
          <li
            key={a.id}
            id={`access-alert-${a.id}`}
            data-testid="lost-access-alert"
            className="scroll-mt-20 rounded-lg border border-slate-200 p-3 target:ring-2 target:ring-indigo-500"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {a.serviceName}
                  {a.role ? <span className="font-normal text-slate-600"> ({a.role})</span> : null}
                </p>
                <p className="text-sm text-slate-700">
                  {a.assets.map((x) => x.name ?? x.id).join(", ")} · lost <DateTime value={a.createdAt} />
                </p>
                {a.accounts.length > 0 ? (
                  <p className="text-xs text-slate-600">Agency account: {a.accounts.join(", ")}</p>
                ) : null}
                {a.assets[0]?.detail ? <p className="text-xs text-slate-600">{a.assets[0].detail}</p> : null}
              </div>
              <div className="flex flex-col items-end gap-1 text-sm">
                {a.closedAt && a.closedReason ? (
                  <Badge tone="green">{CLOSED[a.closedReason]}</Badge>
                ) : (
                  <Badge tone="red">Open</Badge>
                )}
                {a.followUpRequestId ? (
                  <a
                    href={`/dashboard/requests/${a.followUpRequestId}`}
                    className="font-medium underline underline-offset-2"
                  >
                    {waiting(a) ? "Asked again: waiting for the client" : "The request asking again"}
                  </a>
                ) : null}
                {canAsk && !a.closedAt && !waiting(a) ? (
                  <Button size="sm" busy={busy === a.id} onClick={() => void ask(a.id, [a.id])}>
                    Ask again
                  </Button>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
