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

export const metadata: Metadata = { title: "Request" };
export const dynamic = "force-dynamic";

export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const { id } = await params;
  // another agency's request, a demo one or a malformed id: a 404 (requests/[id]/not-found.tsx)
  await foundOr404(id, () => getRequestRowOrThrow({ agencyId: ctx.agencyId, id }));
  const access = await loadAccessStatus({ agencyId: ctx.agencyId, requestId: id });
  return (
    <div className="space-y-6">
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
