// Dashboard read: the agency's static access link and its settings.
import { getStaticLink } from "@/lib/core/agencies/update-static-link";
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";

export const GET = withDashboard("read", async ({ ctx }) => ({
  data: await getStaticLink({ agencyId: ctx.agencyId }),
}));
