// Dashboard read: the agency's outgoing emails for the mailbox, newest first (a member's
// own only, unless owner or manager).
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { listEmails, ZListEmailsQuery } from "@/lib/core/emails/list-emails";
import { mailboxAddressFor } from "@/lib/core/emails/email-visibility";

export const GET = withDashboard(
  "read",
  async ({ ctx, query }) => listEmails({ agencyId: ctx.agencyId, query, to: mailboxAddressFor(ctx) }),
  { query: ZListEmailsQuery },
);
