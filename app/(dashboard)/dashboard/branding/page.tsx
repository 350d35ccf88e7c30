// Branding: the agency's name, logo and accent colour on client pages and emails.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { BrandingPanel } from "@/components/branding/branding-panel";
import { PageHeader } from "@/components/ui/page-header";
import { getBranding, LOGO_MAX_BYTES } from "@/lib/core/agencies/update-branding";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { updateBrandingAction } from "./branding-actions";

export const metadata: Metadata = { title: "Branding" };

export default async function BrandingPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Fbranding");
  const branding = await getBranding({ agencyId: ctx.agencyId });
  return (
    <>
      <PageHeader title="Branding" description="How your agency appears to clients." />
      <BrandingPanel
        initialBranding={branding}
        canWrite={can(ctx.role, "branding:write")}
        logoMaxBytes={LOGO_MAX_BYTES}
        save={updateBrandingAction}
      />
    </>
  );
}
