// Dashboard read: the agency's name, accent colour and logo URL.
import { getBranding } from "@/lib/agencies/update-branding";
import { withDashboard } from "@/lib/dashboard/with-dashboard";

export const GET = withDashboard("read", async ({ ctx }) => ({ data: await getBranding({ agencyId: ctx.agencyId }) }));
