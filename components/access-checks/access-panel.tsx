"use client";
// Granted access after the grant, on a client's page and a request's page: each asset's
// last check (verified, lost, cannot be checked automatically), "Check now", and on the
// client's page "Remove our access" with the checklist for platforms without a removal call.
import { useState } from "react";
import { useRouter } from "next/navigation";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { AccessStatus, AccessStatusAsset } from "@/lib/surfaces/dashboard/access-checks/access-status";
import type { AccessCheckSummary } from "@/lib/core/access-checks/check-access";
import type { RemovalOutcome } from "@/lib/core/access-checks/remove-access";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { DateTime } from "@/components/ui/date-time";
import { Select } from "@/components/ui/select";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { runAction } from "@/components/ui/action-feedback";

const STATUS: Record<AccessStatusAsset["status"], { tone: BadgeTone; label: string }> = {
  verified: { tone: "green", label: "Verified" },
  lost: { tone: "red", label: "Access lost" },
  unavailable: { tone: "gray", label: "Cannot be checked automatically" },
  unchecked: { tone: "blue", label: "Not checked yet" },
  removed: { tone: "gray", label: "Removed" },
};

export interface AccessPanelProps {
  status: AccessStatus;
  scope: { clientId: string } | { requestId: string };
  canCheck: boolean;
  canRemove: boolean;
  canSchedule: boolean;
  checkNow: (input: { clientId: string } | { requestId: string }) => Promise<ActionResult<AccessCheckSummary>>;
  removeAccess?: (input: { clientId: string }) => Promise<ActionResult<RemovalOutcome>>;
  confirmChecklist?: (input: {
    clientId: string;
  }) => Promise<ActionResult<{ services: number; receipt?: { code: string; url: string } | null }>>;
  setSchedule?: (input: { everyDays: number }) => Promise<ActionResult<{ everyDays: number }>>;
}

/** The status badge already says "Cannot be checked automatically": the detail gives only the reason. */
export function detailText(detail: string | null | undefined): string {
  if (!detail) return "—";
  const reason = detail.replace(/^Cannot be checked automatically:\s*/, "");
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

export function AccessPanel({
  status,
  scope,
  canCheck,
  canRemove,
  canSchedule,
  checkNow,
  removeAccess,
  confirmChecklist,
  setSchedule,
}: AccessPanelProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [checklist, setChecklist] = useState<RemovalOutcome["checklist"] | null>(null);
  const [failed, setFailed] = useState<RemovalOutcome["failed"]>([]);
  const [receipt, setReceipt] = useState<{ code: string; url: string } | null>(null);
  const clientId = "clientId" in scope ? scope.clientId : null;
  const open = status.services.some((s) => s.assets.some((a) => a.status !== "removed"));

  const onCheck = async () => {
    setBusy(true);
    const r = await runAction(() => checkNow(scope));
    setBusy(false);
    if (r) {
      router.refresh();
    }
  };

  return (
    <Card
      title="Access after the grant"
      description={
        status.lostCount > 0 ? (
          <span role="status" className="font-medium text-red-700">
            {status.lostCount === 1
              ? "1 granted asset has lost access."
              : `${status.lostCount} granted assets have lost access.`}
          </span>
        ) : (
          "Each granted asset is read back on its platform."
        )
      }
      actions={
        <>
          {canCheck && open ? (
            <Button variant="secondary" size="sm" busy={busy} onClick={onCheck}>
              Check now
            </Button>
          ) : null}
          {canRemove && clientId && removeAccess && open ? (
            <ConfirmButton
              size="sm"
              title="Remove our access?"
              description="The agency leaves every granted asset of this client where the platform allows it; for the others you get a checklist."
              confirmLabel="Remove our access"
              onConfirm={async () => {
                const r = await runAction(() => removeAccess({ clientId }), {
                  success: "Removal done where the platforms allow it.",
                });
                if (r) {
                  setChecklist(r.checklist);
                  setFailed(r.failed);
                  setReceipt(r.receipt ?? null);
                  router.refresh();
                }
              }}
            >
              Remove our access
            </ConfirmButton>
          ) : null}
        </>
      }
    >
      {status.services.length === 0 ? (
        <p className="text-sm text-slate-600">No granted access yet.</p>
      ) : (
        <Table caption="Granted assets and their last check">
          <THead>
            <Tr>
              <Th>Service</Th>
              <Th>Asset</Th>
              <Th>Status</Th>
              <Th>Last verified</Th>
              <Th>Platform&apos;s answer</Th>
            </Tr>
          </THead>
          <TBody>
            {status.services.flatMap((s) =>
              s.assets.map((a) => (
                <Tr key={`${s.requestId}-${s.serviceId}-${a.id}`}>
                  <Td>{s.serviceName}</Td>
                  <Td>
                    {a.name ?? a.id}
                    {a.accessLevel ? <span className="text-slate-600"> ({a.accessLevel})</span> : null}
                  </Td>
                  <Td>
                    <Badge tone={STATUS[a.status].tone}>{STATUS[a.status].label}</Badge>
                    {a.status === "lost" && a.lostAt ? (
                      <div className="mt-1 text-xs text-red-700">
                        since <DateTime value={a.lostAt} />
                      </div>
                    ) : null}
                    {a.status === "removed" && s.removedBy ? (
                      <div className="mt-1 text-xs text-slate-600">by {s.removedBy}</div>
                    ) : null}
                  </Td>
                  <Td>{a.verifiedAt ? <DateTime value={a.verifiedAt} /> : "—"}</Td>
                  <Td className="text-sm text-slate-700">{detailText(a.detail)}</Td>
                </Tr>
              )),
            )}
          </TBody>
        </Table>
      )}
      {failed.length > 0 ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-medium">The platform refused some removals:</p>
          <ul className="mt-1 list-disc pl-5">
            {failed.map((f) => (
              <li key={`${f.requestId}-${f.serviceId}-${f.assetId}`}>
                {f.assetId}: {f.detail}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {receipt ? (
        <p className="mt-4 text-sm" role="status" data-testid="removal-receipt">
          Removal receipt <span className="font-mono">{receipt.code}</span>, emailed to the client:{" "}
          <a href={receipt.url} className="font-medium underline underline-offset-2">
            open the receipt
          </a>
        </p>
      ) : null}
      {checklist && checklist.length > 0 && clientId && confirmChecklist ? (
        <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800">
          <h3 className="font-medium">Remove by hand</h3>
          {checklist.map((c) => (
            <div key={`${c.requestId}-${c.serviceId}`} className="mt-2">
              <p>
                {c.serviceId}: {c.assets.map((a) => a.name ?? a.id).join(", ")}
              </p>
              <ol className="list-decimal pl-5">
                {c.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              {c.clientConsent ? (
                <p className="mt-1 text-slate-700">
                  Or email the client a removal link (below): they sign in and confirm, and the removal is made for
                  them.
                </p>
              ) : null}
            </div>
          ))}
          <Button
            className="mt-3"
            size="sm"
            onClick={async () => {
              const r = await runAction(() => confirmChecklist({ clientId }), { success: "Removal recorded." });
              if (r) {
                setChecklist(null);
                setReceipt(r.receipt ?? null);
                router.refresh();
              }
            }}
          >
            I removed these by hand
          </Button>
        </div>
      ) : null}
      {canSchedule && setSchedule ? (
        <div className="mt-4 flex items-center gap-2 text-sm">
          <label htmlFor="access-check-every" className="text-slate-700">
            Scheduled check (all clients)
          </label>
          <Select
            id="access-check-every"
            className="w-auto"
            defaultValue={String(status.checkEveryDays)}
            options={[
              { value: "1", label: "Daily" },
              { value: "7", label: "Weekly" },
              { value: "30", label: "Every 30 days" },
              { value: "0", label: "Off" },
            ]}
            onChange={(e) =>
              void runAction(() => setSchedule({ everyDays: Number(e.target.value) }), { success: "Schedule saved." })
            }
          />
        </div>
      ) : null}
    </Card>
  );
}
