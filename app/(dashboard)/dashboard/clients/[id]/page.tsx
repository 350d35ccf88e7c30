// One client: details, edit, requests, granted access, intake answers, notes, activity.
import type { Metadata } from "next";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { ClientDetail } from "@/components/clients/client-detail";
import { addClientNoteAction, deleteClientAction, updateClientAction } from "@/app/(dashboard)/dashboard/clients/client-actions";

export const metadata: Metadata = { title: "Client" };
export const dynamic = "force-dynamic";

export default async function ClientPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const { id } = await params;
  return (
    <ClientDetail
      id={id}
      canWrite={can(ctx.role, "clients:write")}
      canDelete={can(ctx.role, "clients:delete")}
      updateClient={updateClientAction}
      deleteClient={deleteClientAction}
      addNote={addClientNoteAction}
    />
  );
}
