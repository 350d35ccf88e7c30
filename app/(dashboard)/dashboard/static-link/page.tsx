// Static access link: one link for prospects, with default services and the intake form.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { listAccounts } from "@/lib/core/accounts/list-accounts";
import { getStaticLink } from "@/lib/core/agencies/update-static-link";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { StaticLinkPanel } from "@/components/static-link/static-link-panel";
import { regenerateStaticLinkAction, updateStaticLinkAction } from "./static-link-actions";

export const metadata: Metadata = { title: "Static link" };

export default async function StaticLinkPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Fstatic-link");
  const [link, accounts] = await Promise.all([
    getStaticLink({ agencyId: ctx.agencyId }),
    listAccounts({ agencyId: ctx.agencyId }),
  ]);
  return (
    <>
      <PageHeader
        title="Static link"
        description="One link for new prospects: they enter their details and get their own access request."
      />
      <StaticLinkPanel
        initialLink={link}
        initialAccounts={accounts}
        canWrite={can(ctx.role, "branding:write")}
        actions={{ update: updateStaticLinkAction, regenerate: regenerateStaticLinkAction }}
      />
    </>
  );
}
