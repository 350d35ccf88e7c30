// The signed-in member's notification list and unread count (TanStack Query).
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { listNotifications } from "@/lib/core/notifications/list-notifications";

export const dynamic = "force-dynamic";

export const GET = withDashboard("read", async ({ ctx }) => ({
  data: await listNotifications({ agencyId: ctx.agencyId, userId: ctx.userId }),
}));
