// One request: services, grants, intake answers, timeline, links and the team's actions.
import type { Metadata } from "next";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { getRequestRowOrThrow } from "@/lib/core/requests/load-request";
import { foundOr404 } from "@/lib/surfaces/dashboard/found-or-404";
import { RequestDetail } from "@/components/requests/request-detail";
import { sendReminderAction } from "@/app/(dashboard)/dashboard/home-actions";
import {
  acceptInvitationAction,
  previewExistingRequestAction,
  requestAgencyAction,
} from "@/app/(dashboard)/dashboard/requests/request-actions";
import { AccessPanel } from "@/components/access-checks/access-panel";
import { loadAccessStatus } from "@/lib/surfaces/dashboard/access-checks/access-status";
import { checkAccessNowAction } from "@/app/(dashboard)/dashboard/clients/access-actions";
import { loadLostAccessAlerts } from "@/lib/surfaces/dashboard/access-checks/lost-access-alerts";

export const metadata: Metadata = { title: "Request" };
export const dynamic = "force-dynamic";

export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const { id } = await params;
  // another agency's request, a demo one or a malformed id: a 404 (requests/[id]/not-found.tsx)
  await foundOr404(id, () => getRequestRowOrThrow({ agencyId: ctx.agencyId, id }));
  const access = await loadAccessStatus({ agencyId: ctx.agencyId, requestId: id });
  // a request made by "Ask again" links back to the lost-access alerts it answers
  const askedFor = await loadLostAccessAlerts({ agencyId: ctx.agencyId, followUpRequestId: id });
  return (
    <div className="space-y-6">
      {askedFor.length > 0 ? (
        <p
          role="note"
          data-testid="asked-again-for"
          className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800"
        >
          Asked again after access was lost:{" "}
          {askedFor.map((a, i) => (
            <span key={a.id}>
              {i > 0 ? ", " : null}
              <a
                href={`/dashboard/clients/${a.clientId}#access-alert-${a.id}`}
                className="font-medium underline underline-offset-2"
              >
                {a.serviceName} ({a.assets.map((x) => x.name ?? x.id).join(", ")})
              </a>
              {a.closedReason === "granted_again" ? " — granted again" : null}
            </span>
          ))}
        </p>
      ) : null}
      <RequestDetail
        id={id}
        canWrite={can(ctx.role, "requests:write")}
        act={requestAgencyAction}
        acceptInvitation={acceptInvitationAction}
        previewRequest={previewExistingRequestAction}
        sendReminder={sendReminderAction}
      />
      {access.services.length > 0 ? (
        <AccessPanel
          status={access}
          scope={{ requestId: id }}
          canCheck={can(ctx.role, "requests:write")}
          canRemove={false}
          canSchedule={false}
          checkNow={checkAccessNowAction}
        />
      ) : null}
    </div>
  );
}
