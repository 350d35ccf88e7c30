// Usage: this month's access links against the plan's limits, the daily history, and
// the plan (owners change it here; billing is simulated).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { UsagePanel } from "@/components/usage/usage-panel";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { getUsageOverview } from "@/lib/core/usage/get-usage-overview";
import { changePlanAction } from "./usage-actions";

export const metadata: Metadata = { title: "Usage" };

export default async function UsagePage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Fusage");
  const overview = await getUsageOverview({ agencyId: ctx.agencyId });
  return (
    <>
      <PageHeader
        title="Usage and plan"
        description="Access links created this month, counted per UTC calendar month."
      />
      <UsagePanel
        initialOverview={overview}
        canChangePlan={can(ctx.role, "plan:write")}
        changePlan={changePlanAction}
      />
    </>
  );
}
