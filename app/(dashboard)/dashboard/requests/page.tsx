// Requests: status tabs, search, per-request progress, live updates.
import type { Metadata } from "next";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { RequestList } from "@/components/requests/request-list";

export const metadata: Metadata = { title: "Requests" };
export const dynamic = "force-dynamic";

export default async function RequestsPage() {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  return <RequestList canWrite={can(ctx.role, "requests:write")} />;
}
