// Reminders: when the client of an open request (and a colleague they handed services to) is
// reminded by email, in their language, and when the team is told a request has stalled.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { ReminderSettingsPanel } from "@/components/reminders/reminder-settings-panel";
import { getReminderSettings, MAX_REMINDERS } from "@/lib/core/agencies/reminder-settings";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { updateReminderSettingsAction } from "./reminder-actions";

export const metadata: Metadata = { title: "Reminders" };
export const dynamic = "force-dynamic";

export default async function RemindersPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Freminders");
  const settings = await getReminderSettings({ agencyId: ctx.agencyId });
  return (
    <>
      <PageHeader
        title="Reminders"
        description="Clients who were emailed a request and have not finished it get a reminder in their own language on the days you choose, and so does a colleague they handed services to. When a client goes quiet, your team is told the request has stalled. You can also send a reminder by hand from a request's page."
      />
      <ReminderSettingsPanel
        initial={settings}
        max={MAX_REMINDERS}
        canWrite={can(ctx.role, "branding:write")}
        save={updateReminderSettingsAction}
      />
    </>
  );
}
