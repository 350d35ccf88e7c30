// Developers: the base URL, a first call to copy and the API reference.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DevelopersPanel } from "@/components/developers/developers-panel";
import { PageHeader } from "@/components/ui/page-header";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { env } from "@/lib/infra/env";

export const metadata: Metadata = { title: "Developers" };

export default async function DevelopersPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Fdevelopers");
  const baseUrl = `${env().appUrl}/api/v2`;
  return (
    <>
      <PageHeader
        title="Developers"
        description="Connect your own software: API keys, the V2 reference and webhooks."
      />
      <DevelopersPanel baseUrl={baseUrl} specUrl="/api/v2/openapi.json" />
    </>
  );
}
