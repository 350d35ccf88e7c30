// Dashboard read: the agency's name, accent colour and logo URL.
import { getBranding } from "@/lib/core/agencies/update-branding";
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";

export const GET = withDashboard("read", async ({ ctx }) => ({ data: await getBranding({ agencyId: ctx.agencyId }) }));
