// Edit a request that is not closed, or ask a completed one for more access: the service
// picker prefilled with the request's services; saving goes through editRequest.
import type { Metadata } from "next";
import Link from "next/link";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { listAccounts } from "@/lib/core/accounts/list-accounts";
import { isExpired } from "@/lib/core/domain/expiry";
import { getRequestForDashboard } from "@/lib/surfaces/dashboard/requests/get-request-for-dashboard";
import { foundOr404 } from "@/lib/surfaces/dashboard/found-or-404";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { EditRequestForm } from "@/components/requests/edit-request-form";
import type { PickedServices } from "@/components/services/service-picker";
import { editRequestAction } from "@/app/(dashboard)/dashboard/requests/request-actions";
import { roleName } from "@/lib/core/auth/roles";

export const metadata: Metadata = { title: "Edit request" };
export const dynamic = "force-dynamic";

export default async function EditRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const { id } = await params;
  const back = (
    <Link href={`/dashboard/requests/${id}`} className="text-indigo-700 hover:underline">
      ← Request
    </Link>
  );
  const detail = await foundOr404(id, () => getRequestForDashboard({ agencyId: ctx.agencyId, id }));
  if (!can(ctx.role, "requests:write")) {
    return (
      <>
        <PageHeader back={back} title="Edit request" />
        <EmptyState
          title="Your role cannot change requests"
          description={`You are a ${roleName(ctx.role)}. Ask an owner or manager to change your role.`}
        />
      </>
    );
  }
  const r = detail.request;
  const reopening = r.status === "completed";
  if (!reopening && r.status !== "pending" && r.status !== "in_progress") {
    return (
      <>
        <PageHeader back={back} title="Edit request" />
        <EmptyState
          title={`This request is ${r.status}`}
          description="A cancelled or expired request can no longer be changed. Create a new request instead."
        />
      </>
    );
  }
  const accounts = (await listAccounts({ agencyId: ctx.agencyId })).filter((a) => a.status === "connected");
  // the services as stored, so one left alone is sent back unchanged and keeps its progress
  const initial: PickedServices = Object.fromEntries(
    r.services.map((s) => [
      s.service,
      {
        ...(s.accessLevel ? { accessLevel: s.accessLevel } : {}),
        optional: s.optional,
        requestedAccountLinks: s.accounts.map((a) => {
          const fields = Object.entries(a as Record<string, string | null>).filter(
            (e): e is [string, string] => typeof e[1] === "string" && e[1] !== "",
          );
          return Object.fromEntries(fields) as PickedServices[string]["requestedAccountLinks"][number];
        }),
      },
    ]),
  );
  return (
    <>
      <PageHeader
        back={back}
        title={reopening ? `Ask ${r.client.name} for more access` : `Edit request for ${r.client.name}`}
        description={
          reopening
            ? "The request is completed. Add services or change roles and accounts; saving reopens it and the client is asked only for what is new."
            : "Add services or change roles and accounts. The client keeps the same link."
        }
      />
      <EditRequestForm
        requestId={r.id}
        accounts={accounts}
        initial={initial}
        reopening={reopening}
        clientName={r.client.name}
        clientEmail={r.client.email}
        needsDeadline={reopening && !!r.expiresAt && isExpired(new Date(r.expiresAt), new Date())}
        save={editRequestAction}
      />
    </>
  );
}
