// Clients: list, search, prospects apart (junk ones can be deleted), create.
import type { Metadata } from "next";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { ClientList } from "@/components/clients/client-list";
import { createClientAction, deleteProspectAction } from "./client-actions";

export const metadata: Metadata = { title: "Clients" };
export const dynamic = "force-dynamic";

export default async function ClientsPage() {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  return (
    <ClientList
      canWrite={can(ctx.role, "clients:write")}
      createClient={createClientAction}
      deleteProspect={deleteProspectAction}
    />
  );
}
