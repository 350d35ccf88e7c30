// Dashboard read: one of the agency's webhooks.
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { getWebhookOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";

export const GET = withDashboard(
  "read",
  async ({ ctx, params }) => ({ data: await getWebhookOrThrow({ agencyId: ctx.agencyId, id: params.id }) }),
  {
    uuidParams: ["id"],
  },
);
