// Dashboard read: the agency's intake form (on/off and active questions in order).
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { getIntakeForm } from "@/lib/core/intake/questions";

export const GET = withDashboard("read", async ({ ctx }) => ({
  data: await getIntakeForm({ agencyId: ctx.agencyId }),
}));
