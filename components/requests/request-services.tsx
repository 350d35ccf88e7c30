"use client";
// Every service of a request: role, accounts, status (and a client-sent invite waiting for
// confirmation), the assets granted, and the team's actions on each.
import type {
  TDashboardRequest,
  TDashboardRequestService,
} from "@/lib/surfaces/dashboard/requests/dashboard-request-view";
import type { TServiceLabels } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { DateTime } from "@/components/ui/date-time";
import { PlatformLogo } from "@/components/ui/platform-logo";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

export type ServiceActionKind = "mark_granted" | "unmark_granted" | "confirm_invite" | "accept_invitation";

function ServiceActions({
  s,
  open,
  acceptNow,
  busy,
  onAction,
}: {
  s: TDashboardRequestService;
  open: boolean;
  acceptNow: boolean;
  busy: string | null;
  onAction: (kind: ServiceActionKind, serviceId: string) => void;
}) {
  const key = (k: ServiceActionKind) => `${k}:${s.service}`;
  if (!open && s.status !== "granted") return null;
  return (
    <div className="flex flex-wrap gap-2">
      {acceptNow ? (
        <Button
          size="sm"
          busy={busy === key("accept_invitation")}
          disabled={busy !== null}
          onClick={() => onAction("accept_invitation", s.service)}
        >
          Accept now
        </Button>
      ) : null}
      {s.awaitingConfirmation && s.status === "pending" ? (
        <Button
          size="sm"
          busy={busy === key("confirm_invite")}
          disabled={busy !== null}
          onClick={() => onAction("confirm_invite", s.service)}
        >
          Confirm access received
        </Button>
      ) : null}
      {s.status === "pending" ? (
        <Button
          size="sm"
          variant="secondary"
          busy={busy === key("mark_granted")}
          disabled={busy !== null}
          onClick={() => onAction("mark_granted", s.service)}
        >
          Mark granted
        </Button>
      ) : null}
      {s.status === "granted" && open ? (
        <Button
          size="sm"
          variant="secondary"
          busy={busy === key("unmark_granted")}
          disabled={busy !== null}
          onClick={() => onAction("unmark_granted", s.service)}
        >
          Unmark grant
        </Button>
      ) : null}
    </div>
  );
}

export function RequestServices({
  request,
  labels,
  canWrite,
  busy,
  onAction,
}: {
  request: TDashboardRequest;
  labels: TServiceLabels[];
  canWrite: boolean;
  busy: string | null;
  onAction: (kind: ServiceActionKind, serviceId: string) => void;
}) {
  // grants can be changed while the request is open or completed (unmarking reopens it)
  const open = request.status === "pending" || request.status === "in_progress" || request.status === "completed";
  if (request.services.length === 0) {
    return (
      <Card title="Services">
        <p className="text-sm text-slate-600">This request asks only for the intake form.</p>
      </Card>
    );
  }
  return (
    <Card title="Services" description={`${request.progress.done} of ${request.progress.total} steps done.`}>
      <ul className="divide-y divide-slate-100">
        {request.services.map((s, i) => {
          const label = labels[i];
          const waiting = s.awaitingConfirmation && s.status === "pending";
          return (
            <li
              key={s.service}
              className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between"
              data-testid="service-row"
              data-service={s.service}
            >
              <div className="min-w-0 space-y-1">
                <p className="flex items-center gap-2 font-medium">
                  <PlatformLogo platform={s.platform} />
                  <span>
                    {s.name} <span className="text-sm font-normal text-slate-600">· {s.platformName}</span>
                  </span>
                </p>
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  {waiting ? (
                    <Badge status="awaiting_confirmation">Waiting for you to confirm</Badge>
                  ) : (
                    <Badge status={s.status} />
                  )}
                  {s.optional ? <Badge tone="gray">Optional</Badge> : null}
                  {label?.role ? <span className="text-slate-700">Role: {label.role}</span> : null}
                </div>
                {waiting ? (
                  <p className="text-sm text-amber-900" data-testid="awaiting-confirmation">
                    {request.client.name} says this is done. Check that the access arrived, then confirm it.
                  </p>
                ) : null}
                {s.forwardedTo ? (
                  <p className="break-words text-sm text-slate-700" data-testid="forwarded-to">
                    {request.client.name} forwarded this to {s.forwardedTo.name} ({s.forwardedTo.email}){" "}
                    <span className="text-slate-600">
                      · <DateTime value={s.forwardedTo.forwardedAt} />
                    </span>
                  </p>
                ) : null}
                {s.invitation && s.status === "granted" ? (
                  s.invitation.status === "pending" ? (
                    <p className="break-words text-sm text-amber-900" data-testid="invitation">
                      Invited — waiting for you to accept
                      {s.invitation.sentTo ? ` (sent to ${s.invitation.sentTo})` : ""}.{" "}
                      {s.invitation.acceptUrl ? (
                        <a
                          href={s.invitation.acceptUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="font-medium underline"
                        >
                          Accept it on {s.platformName}
                        </a>
                      ) : null}
                    </p>
                  ) : (
                    <p className="break-words text-sm text-slate-700" data-testid="invitation">
                      Invitation accepted
                      {s.invitation.sentTo ? ` by ${s.invitation.sentTo}` : ""}
                      {s.invitation.acceptedAt ? (
                        <span className="text-slate-600">
                          {" "}
                          · <DateTime value={s.invitation.acceptedAt} />
                        </span>
                      ) : null}
                    </p>
                  )
                ) : null}
                {label?.accounts.length ? (
                  <p className="text-xs text-slate-600">Access goes to: {label.accounts.join(", ")}</p>
                ) : null}
                {label?.manualSteps.length && s.status === "pending" ? (
                  <div className="text-sm" data-testid="manual-steps">
                    <p className="text-xs text-slate-600">
                      {s.platformName} cannot be granted in one click here: the client was asked to follow these steps.
                      Mark it granted once you have access.
                    </p>
                    <ol className="mt-0.5 list-inside list-decimal">
                      {label.manualSteps.map((step) => (
                        <li key={step}>{step}</li>
                      ))}
                    </ol>
                  </div>
                ) : null}
                {s.grantedAssets.length ? (
                  <div className="text-sm">
                    <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Granted assets</p>
                    <ul className="mt-0.5 list-inside list-disc" data-testid="granted-assets">
                      {s.grantedAssets.map((a) => (
                        <li key={a.id}>
                          {a.name ?? a.id}
                          {a.name ? (
                            <span translate="no" className="text-xs text-slate-600">
                              {" "}
                              ({a.id})
                            </span>
                          ) : null}
                          {label?.assetRoles[a.id] ? (
                            <span className="text-slate-600"> · {label.assetRoles[a.id]}</span>
                          ) : null}
                          <VerificationNote v={s.verification?.[a.id]} />
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {s.grantedAt ? (
                  <p className="text-xs text-slate-600">
                    Granted <DateTime value={s.grantedAt} />
                  </p>
                ) : null}
              </div>
              {canWrite ? (
                <ServiceActions s={s} open={open} acceptNow={!!label?.acceptNow} busy={busy} onAction={onAction} />
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** Whether the platform confirmed the grant when it was read back right after. */
function VerificationNote({ v }: { v: { verified: boolean | null; verifiedAt: string | null } | undefined }) {
  if (!v || v.verified === null) return null;
  return v.verified ? (
    <span
      className="text-green-800"
      data-testid="asset-verified"
      title={v.verifiedAt ? `Read back ${new Date(v.verifiedAt).toLocaleString()}` : undefined}
    >
      {" "}
      · confirmed on the platform
    </span>
  ) : (
    <span className="text-amber-800" data-testid="asset-unverified">
      {" "}
      · not found when read back
    </span>
  );
}
