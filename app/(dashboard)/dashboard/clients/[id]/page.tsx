// One client: details, edit, requests, granted access, intake answers, notes, activity.
import type { Metadata } from "next";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { ClientDetail } from "@/components/clients/client-detail";
import { addClientNoteAction, deleteClientAction, updateClientAction } from "@/app/(dashboard)/dashboard/clients/client-actions";
import { AccessPanel } from "@/components/access-checks/access-panel";
import { loadAccessStatus } from "@/lib/surfaces/dashboard/access-checks/access-status";
import { checkAccessNowAction, confirmChecklistRemovalAction, removeClientAccessAction, setAccessCheckScheduleAction } from "@/app/(dashboard)/dashboard/clients/access-actions";

export const metadata: Metadata = { title: "Client" };
export const dynamic = "force-dynamic";

export default async function ClientPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const { id } = await params;
  const access = await loadAccessStatus({ agencyId: ctx.agencyId, clientId: id });
  return (
    <div className="space-y-6">
      <ClientDetail
        id={id}
        canWrite={can(ctx.role, "clients:write")}
        canDelete={can(ctx.role, "clients:delete")}
        updateClient={updateClientAction}
        deleteClient={deleteClientAction}
        addNote={addClientNoteAction}
      />
      <AccessPanel
        status={access}
        scope={{ clientId: id }}
        canCheck={can(ctx.role, "requests:write")}
        canRemove={can(ctx.role, "clients:write")}
        canSchedule={can(ctx.role, "accounts:write")}
        checkNow={checkAccessNowAction}
        removeAccess={removeClientAccessAction}
        confirmChecklist={confirmChecklistRemovalAction}
        setSchedule={setAccessCheckScheduleAction}
      />
    </div>
  );
}
