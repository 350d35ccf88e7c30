// One webhook: settings, test, pause, rotation, deletion and its delivery log.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { foundOr404 } from "@/lib/surfaces/dashboard/found-or-404";
import { PageHeader } from "@/components/ui/page-header";
import { WebhookDetail } from "@/components/webhooks/webhook-detail";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { can } from "@/lib/core/auth/roles";
import { EVENT_TYPES } from "@/lib/core/events/event-types";
import { getWebhookOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";
import {
  deleteWebhookAction,
  pauseWebhookAction,
  resumeWebhookAction,
  rotateWebhookSecretAction,
  sendTestEventAction,
  updateWebhookAction,
} from "@/app/(dashboard)/dashboard/webhooks/webhook-actions";

export const metadata: Metadata = { title: "Webhook" };

export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const ctx = await getDashboardContext();
  if (!ctx) redirect(`/login?callbackUrl=${encodeURIComponent(`/dashboard/webhooks/${id}`)}`);
  const webhook = await foundOr404(id, () => getWebhookOrThrow({ agencyId: ctx.agencyId, id }));
  return (
    <>
      <PageHeader
        title="Webhook"
        back={
          <Link href="/dashboard/webhooks" className="text-indigo-700 hover:underline">
            ← All webhooks
          </Link>
        }
      />
      <WebhookDetail
        initialWebhook={webhook}
        eventTypes={EVENT_TYPES}
        canWrite={can(ctx.role, "webhooks:write")}
        actions={{
          update: updateWebhookAction,
          pause: pauseWebhookAction,
          resume: resumeWebhookAction,
          remove: deleteWebhookAction,
          rotate: rotateWebhookSecretAction,
          test: sendTestEventAction,
        }}
      />
    </>
  );
}
