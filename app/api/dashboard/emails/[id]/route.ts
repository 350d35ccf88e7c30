// Dashboard read: one email with its text and HTML bodies.
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { getEmailOrThrow } from "@/lib/core/emails/get-email-or-throw";

export const GET = withDashboard("read", async ({ ctx, params }) => ({ data: await getEmailOrThrow({ agencyId: ctx.agencyId, id: params.id }) }), {
  uuidParams: ["id"],
});
