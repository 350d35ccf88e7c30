"use client";
// A request's page, refreshed every few seconds: status and progress, the invite link with
// Copy / Email / Embed at the top, every service with the team's actions (names and role
// labels, never internal values), intake answers, the plain-language timeline, and the
// request-level actions (ask for more access, cancel, preview as client).
import Link from "next/link";
import { useState, type ReactNode } from "react";
import type { z } from "zod";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";
import type { TAgencyRequestAction } from "@/lib/core/requests/apply-agency-action";
import type { TDashboardRequest } from "@/lib/surfaces/dashboard/requests/dashboard-request-view";
import type { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { useInvalidateRequests, useRequestDetail } from "@/components/requests/use-requests";
import { runAction } from "@/components/ui/action-feedback";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { ProgressBar } from "@/components/ui/progress-bar";
import { InviteLinkBar } from "@/components/requests/request-links";
import { DateTime, formatDateTime } from "@/components/ui/date-time";
import { Skeleton } from "@/components/ui/skeleton";
import { RequestServices, type ServiceActionKind } from "@/components/requests/request-services";
import { IntakeAnswers, RequestTimeline } from "@/components/requests/request-timeline";
import { RequestAssignments } from "@/components/requests/request-assignments";

const SOURCES: Record<string, string> = { api: "The API", dashboard: "The dashboard", static_link: "Your static link" };

type AgencyActionResult = ActionResult<{ id: string; status: string; stateVersion: number }>;

const SUCCESS: Record<TAgencyRequestAction["kind"], string> = {
  mark_granted: "Marked as granted.",
  unmark_granted: "Grant unmarked.",
  confirm_invite: "Confirmed; the service is granted.",
  cancel: "Request cancelled.",
};

/** A refused reminder names the last one's time, through the one date formatter. */
export function reminderResult<T>(res: ActionResult<T>, lastReminderAt: string | null): ActionResult<T> {
  if (res.ok || res.code !== "CONFLICT" || !lastReminderAt) return res;
  return {
    ...res,
    error: `A reminder was sent at ${formatDateTime(lastReminderAt)}; wait an hour before sending another.`,
  };
}

/** The create body that reproduces this request (for a demo preview). */
export function previewBody(r: TDashboardRequest): z.input<typeof ZCreateRequestBody> {
  return {
    clientId: r.clientId,
    requestedServices: Object.fromEntries(
      r.services.map((s) => [
        s.service,
        {
          ...(s.accessLevel ? { accessLevel: s.accessLevel } : {}),
          optional: s.optional,
          requestedAccountLinks: s.accounts.map(
            (a) =>
              Object.fromEntries(Object.entries(a).filter(([, v]) => v !== null && v !== "")) as {
                internalAccountId: string;
              },
          ),
        },
      ]),
    ),
    ...(r.intakeForm.requested ? { intakeForm: { requested: true } } : {}),
    ...(r.thankYouMessage ? { thankYouMessage: r.thankYouMessage } : {}),
    ...(r.redirectUrl ? { redirectUrl: r.redirectUrl } : {}),
  };
}

export function RequestDetail({
  id,
  canWrite,
  act,
  acceptInvitation,
  previewRequest,
  sendReminder,
}: {
  id: string;
  canWrite: boolean;
  act: (input: TAgencyRequestAction) => Promise<AgencyActionResult>;
  /** "Accept now" for a platform's pending invitation (Pinterest) */
  acceptInvitation?: (input: {
    requestId: string;
    serviceId: string;
  }) => Promise<ActionResult<{ accepted: boolean; message: string | null }>>;
  sendReminder: (input: { requestId: string }) => Promise<ActionResult<{ sentAt: string }>>;
  previewRequest: (input: {
    requestId: string;
    body: z.input<typeof ZCreateRequestBody>;
  }) => Promise<ActionResult<{ inviteUrl: string }>>;
}) {
  const detail = useRequestDetail(id);
  const invalidate = useInvalidateRequests();
  const [busy, setBusy] = useState<string | null>(null);
  const back = (
    <Link href="/dashboard/requests" className="text-indigo-700 hover:underline">
      ← Requests
    </Link>
  );
  if (detail.isError) return <EmptyState title="Request not found" description={detail.error.message} action={back} />;
  if (!detail.data) return <Skeleton lines={6} label="Loading request" />;
  const { request: r, labels, intakeAnswers, timeline, lastReminderAt, assignments, inviteEmail } = detail.data;

  const run = async (input: TAgencyRequestAction, key: string) => {
    setBusy(key);
    await runAction(() => act(input), { success: SUCCESS[input.kind] });
    await invalidate(id);
    setBusy(null);
  };
  const onServiceAction = async (kind: ServiceActionKind, serviceId: string) => {
    if (kind !== "accept_invitation") return run({ requestId: id, kind, serviceId }, `${kind}:${serviceId}`);
    if (!acceptInvitation) return;
    setBusy(`${kind}:${serviceId}`);
    await runAction(
      async () => {
        const res = await acceptInvitation({ requestId: id, serviceId });
        // accepted on the platform but not confirmed yet: say so instead of "accepted"
        return res.ok && !res.data.accepted
          ? {
              ok: false as const,
              code: "CONFLICT" as const,
              status: 409,
              error: res.data.message ?? "Not accepted yet.",
            }
          : res;
      },
      { success: "Invitation accepted." },
    );
    await invalidate(id);
    setBusy(null);
  };
  const open = r.status === "pending" || r.status === "in_progress";

  return (
    <>
      <PageHeader
        back={back}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span>{r.client.name}</span>
            <span data-testid="request-status">
              <Badge status={r.status} />
            </span>
          </span>
        }
        description={
          <>
            <Link href={`/dashboard/clients/${r.client.id}`} className="text-indigo-700 underline underline-offset-2">
              {r.client.email}
            </Link>
            {r.externalClientId ? ` · ${r.externalClientId}` : ""} · created <DateTime value={r.createdAt} />
          </>
        }
        actions={
          canWrite ? (
            <>
              {/* a cancelled or expired link shows the client no page: nothing to preview */}
              {r.status === "cancelled" || r.status === "expired" ? null : (
                <Button
                  variant="secondary"
                  busy={busy === "preview"}
                  disabled={busy !== null}
                  onClick={async () => {
                    const tab = window.open("about:blank", "_blank");
                    setBusy("preview");
                    const demo = await runAction(() => previewRequest({ requestId: id, body: previewBody(r) }));
                    setBusy(null);
                    if (demo && tab) tab.location.href = demo.inviteUrl;
                    else if (demo) window.open(demo.inviteUrl, "_blank", "noopener");
                    else tab?.close();
                  }}
                >
                  Preview as client
                </Button>
              )}
              {r.status === "completed" ? (
                <Link
                  href={`/dashboard/requests/${id}/edit`}
                  className="inline-flex items-center rounded-md bg-indigo-700 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-800"
                >
                  Ask for more access
                </Link>
              ) : null}
              {open ? (
                <Link
                  href={`/dashboard/requests/${id}/edit`}
                  className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  Edit request
                </Link>
              ) : null}
              {open && !r.isDemo ? (
                <Button
                  variant="secondary"
                  busy={busy === "remind"}
                  disabled={busy !== null}
                  onClick={async () => {
                    setBusy("remind");
                    await runAction(
                      () => sendReminder({ requestId: id }).then((res) => reminderResult(res, lastReminderAt)),
                      {
                        success: "Reminder queued; the client gets it in their language.",
                      },
                    );
                    await invalidate(id);
                    setBusy(null);
                  }}
                >
                  Send reminder now
                </Button>
              ) : null}
              {open ? (
                <ConfirmButton
                  title="Cancel this request?"
                  description="The client can no longer grant anything through this link. Access already granted is kept."
                  confirmLabel="Cancel request"
                  disabled={busy !== null}
                  onConfirm={() => run({ requestId: id, kind: "cancel" }, "cancel")}
                >
                  Cancel request
                </ConfirmButton>
              ) : null}
            </>
          ) : null
        }
      />
      {open ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3">
          <p className="text-sm font-medium text-indigo-950">Send this link to {r.client.name}</p>
          <InviteLinkBar
            inviteUrl={r.inviteUrl}
            embedUrl={r.embedUrl}
            clientEmail={r.client.email}
            message={inviteEmail}
          />
        </div>
      ) : null}
      <div className="mb-6">
        <ProgressBar done={r.progress.done} total={r.progress.total} label="Request progress" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <RequestServices request={r} labels={labels} canWrite={canWrite} busy={busy} onAction={onServiceAction} />
          <IntakeAnswers requested={r.intakeForm.requested} complete={r.intakeForm.complete} answers={intakeAnswers} />
        </div>
        <div className="space-y-6">
          <Card title="Details">
            <dl className="space-y-2 text-sm">
              {(
                [
                  ["Created from", SOURCES[r.source] ?? r.source],
                  ["Expires", r.expiresAt ? <DateTime value={r.expiresAt} zone /> : "Never"],
                  ["Completed", r.completedAt ? <DateTime value={r.completedAt} /> : null],
                  ["Cancelled", r.cancelledAt ? <DateTime value={r.cancelledAt} /> : null],
                  [
                    "Last reminder",
                    lastReminderAt ? <DateTime value={lastReminderAt} /> : open ? "None sent yet" : null,
                  ],
                  ["Redirect", r.redirectUrl],
                  ["Thank-you message", r.thankYouMessage],
                ] as [string, ReactNode][]
              )
                .filter(([, v]) => v)
                .map(([k, v]) => (
                  <div key={k}>
                    <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{k}</dt>
                    <dd className="whitespace-pre-wrap break-words">{v}</dd>
                  </div>
                ))}
            </dl>
            {!open ? (
              <div className="mt-3 border-t border-slate-100 pt-3 text-sm">
                <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Invite link</p>
                {/* a completed link still shows the client what they shared; a cancelled or expired one has nothing to send */}
                {r.status === "completed" ? (
                  <div className="mt-1">
                    <InviteLinkBar
                      inviteUrl={r.inviteUrl}
                      embedUrl={r.embedUrl}
                      clientEmail={r.client.email}
                      message={inviteEmail}
                    />
                  </div>
                ) : (
                  <p className="mt-1 text-slate-700" data-testid="closed-link-note">
                    {r.status === "cancelled"
                      ? "The link no longer works: this request was cancelled."
                      : "The link no longer works: this request has expired."}
                  </p>
                )}
              </div>
            ) : null}
            <details className="mt-3 text-xs text-slate-600">
              <summary className="cursor-pointer">Technical details</summary>
              <p className="mt-1 break-all">
                Request id <code>{r.id}</code> · version <span data-testid="state-version">{r.stateVersion}</span>
              </p>
            </details>
          </Card>
          <RequestAssignments assignments={assignments ?? []} />
          <RequestTimeline entries={timeline} />
        </div>
      </div>
    </>
  );
}
