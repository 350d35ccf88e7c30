// Dashboard read: the agency's API keys, newest first, paginated (display fields only).
import { listApiKeys, ZListApiKeysQuery } from "@/lib/core/api-keys/list-api-keys";
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";

export const GET = withDashboard("read", async ({ ctx, query }) => listApiKeys({ agencyId: ctx.agencyId, query }), {
  query: ZListApiKeysQuery,
});
