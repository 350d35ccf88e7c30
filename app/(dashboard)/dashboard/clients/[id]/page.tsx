// One client: details, edit, requests, granted access, removal links, intake answers, notes, activity.
import type { Metadata } from "next";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { ClientDetail } from "@/components/clients/client-detail";
import {
  addClientNoteAction,
  deleteClientAction,
  updateClientAction,
} from "@/app/(dashboard)/dashboard/clients/client-actions";
import { AccessPanel } from "@/components/access-checks/access-panel";
import { loadAccessStatus } from "@/lib/surfaces/dashboard/access-checks/access-status";
import {
  checkAccessNowAction,
  confirmChecklistRemovalAction,
  removeClientAccessAction,
  askAgainAction,
  sendRemovalLinkAction,
  setAccessCheckScheduleAction,
} from "@/app/(dashboard)/dashboard/clients/access-actions";
import { LostAccessAlerts } from "@/components/access-checks/lost-access-alerts";
import { loadLostAccessAlerts } from "@/lib/surfaces/dashboard/access-checks/lost-access-alerts";
import { RemovalLinksPanel } from "@/components/access-checks/removal-links-panel";
import { listRemovalLinks } from "@/lib/core/removal-links/list-removal-links";
import { removalLinkPlatforms } from "@/lib/core/removal-links/removal-targets";
import { notFound } from "next/navigation";
import { foundOr404 } from "@/lib/surfaces/dashboard/found-or-404";
import { loadClientPage } from "@/lib/surfaces/dashboard/load-client-page";
import { PLATFORM_IDS, getPlatform } from "@/lib/core/catalog/catalog";

export const metadata: Metadata = { title: "Client" };
export const dynamic = "force-dynamic";

export default async function ClientPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const { id } = await params;
  // another agency's client, a deleted one or a malformed id: a 404 (clients/[id]/not-found.tsx)
  const initial = await foundOr404(id, () => loadClientPage({ agencyId: ctx.agencyId, id }));
  if (!initial) notFound();
  const [access, alerts, linkPlatforms, removalLinks] = await Promise.all([
    loadAccessStatus({ agencyId: ctx.agencyId, clientId: id }),
    loadLostAccessAlerts({ agencyId: ctx.agencyId, clientId: id }),
    removalLinkPlatforms({ agencyId: ctx.agencyId, clientId: id }),
    listRemovalLinks({ agencyId: ctx.agencyId, clientId: id }),
  ]);
  const platformNames: Record<string, string> = Object.fromEntries(
    PLATFORM_IDS.map((p) => [p, getPlatform(p)?.name ?? p]),
  );
  return (
    <div className="space-y-6">
      <ClientDetail
        id={id}
        canWrite={can(ctx.role, "clients:write")}
        canDelete={can(ctx.role, "clients:delete")}
        updateClient={updateClientAction}
        deleteClient={deleteClientAction}
        addNote={addClientNoteAction}
        initial={initial}
      />
      <LostAccessAlerts alerts={alerts} canAsk={can(ctx.role, "requests:write")} askAgain={askAgainAction} />
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
      <RemovalLinksPanel
        clientId={id}
        platforms={linkPlatforms.map((p) => ({ platform: p, name: platformNames[p] ?? p }))}
        links={removalLinks}
        platformNames={platformNames}
        canSend={can(ctx.role, "clients:write")}
        sendLink={sendRemovalLinkAction}
      />
    </div>
  );
}
