// Dashboard read: a webhook's delivery log with every attempt, filterable by event type
// and outcome, newest first.
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { listDeliveries } from "@/lib/core/webhooks/list-deliveries";
import { ZListDeliveriesQuery } from "@/lib/core/webhooks/schemas";

export const GET = withDashboard(
  "read",
  async ({ ctx, params, query }) => listDeliveries({ agencyId: ctx.agencyId, webhookId: params.id, query }),
  {
    query: ZListDeliveriesQuery,
    uuidParams: ["id"],
  },
);
