// Dashboard read: the agency's webhooks, paginated.
import { withDashboard } from "@/lib/dashboard/with-dashboard";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { ZListWebhooksQuery } from "@/lib/webhooks/schemas";

export const GET = withDashboard("read", async ({ ctx, query }) => listWebhooks({ agencyId: ctx.agencyId, query }), { query: ZListWebhooksQuery });
