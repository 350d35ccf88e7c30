// One request: services, grants, intake answers, timeline, links and the team's actions.
import type { Metadata } from "next";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { RequestDetail } from "@/components/requests/request-detail";
import { sendReminderAction } from "@/app/(dashboard)/dashboard/home-actions";
import { previewAsClientAction, requestAgencyAction } from "@/app/(dashboard)/dashboard/requests/request-actions";

export const metadata: Metadata = { title: "Request" };
export const dynamic = "force-dynamic";

export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const ctx = await getDashboardContext();
  if (!ctx) return null;
  const { id } = await params;
  return <RequestDetail id={id} canWrite={can(ctx.role, "requests:write")} act={requestAgencyAction} previewRequest={previewAsClientAction} sendReminder={sendReminderAction} />;
}
