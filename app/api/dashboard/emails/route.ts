// Dashboard read: the agency's outgoing emails for the mailbox, newest first.
import { withDashboard } from "@/lib/surfaces/dashboard/with-dashboard";
import { listEmails, ZListEmailsQuery } from "@/lib/core/emails/list-emails";

export const GET = withDashboard("read", async ({ ctx, query }) => listEmails({ agencyId: ctx.agencyId, query }), { query: ZListEmailsQuery });
