// Webhooks: the agency's endpoints for signed event deliveries.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { EVENT_TYPES } from "@/lib/core/events/event-types";
import { listWebhooks } from "@/lib/core/webhooks/list-webhooks";
import { WEBHOOK_LIMIT } from "@/lib/core/webhooks/schemas";
import { createWebhookAction } from "./webhook-actions";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Fwebhooks");
  const page = await listWebhooks({ agencyId: ctx.agencyId });
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Signed HTTPS deliveries of events as they happen: grants, completions, cancellations and more."
      />
      <WebhooksPanel
        initialPage={page}
        eventTypes={EVENT_TYPES}
        canWrite={can(ctx.role, "webhooks:write")}
        limit={WEBHOOK_LIMIT}
        create={createWebhookAction}
      />
    </>
  );
}
