// Dashboard read: the agency's webhooks, paginated.
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { listWebhooks } from "@/lib/core/webhooks/list-webhooks";
import { ZListWebhooksQuery } from "@/lib/core/webhooks/schemas";

export const GET = withDashboard("read", async ({ ctx, query }) => listWebhooks({ agencyId: ctx.agencyId, query }), {
  query: ZListWebhooksQuery,
});
