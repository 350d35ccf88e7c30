// Dashboard read: one email with its text and HTML bodies.
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { getEmailOrThrow } from "@/lib/core/emails/get-email-or-throw";
import { mailboxAddressFor } from "@/lib/core/emails/email-visibility";

export const GET = withDashboard(
  "read",
  async ({ ctx, params }) => ({
    data: await getEmailOrThrow({ agencyId: ctx.agencyId, id: params.id, to: mailboxAddressFor(ctx) }),
  }),
  {
    uuidParams: ["id"],
  },
);
