// Mailbox: without an SMTP server, emails are kept here instead of sent, so invites and
// reminders can still be read (and their links followed) during a demo or development.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { listEmails } from "@/lib/core/emails/list-emails";
import { mailboxAddressFor } from "@/lib/core/emails/email-visibility";
import { env } from "@/lib/infra/env";
import { MailboxPanel } from "@/components/mailbox/mailbox-panel";

export const metadata: Metadata = { title: "Mailbox" };

export default async function MailboxPage() {
  const ctx = await getDashboardContext();
  if (!ctx) redirect("/login?callbackUrl=%2Fdashboard%2Fmailbox");
  const smtp = Boolean(env().SMTP_URL);
  const page = await listEmails({ agencyId: ctx.agencyId, to: mailboxAddressFor(ctx) });
  return (
    <>
      <PageHeader title="Mailbox" description="The emails this app sent on your agency's behalf." />
      {smtp ? (
        <Card className="mb-6">
          <p className="text-sm text-slate-700">
            An SMTP server is configured, so emails are delivered to their recipients. This list shows what was sent.
          </p>
        </Card>
      ) : (
        <Card className="mb-6">
          <p className="text-sm text-slate-700">
            No SMTP server is configured: emails are not delivered but kept here, where you can read them and follow
            their links.
          </p>
        </Card>
      )}
      <MailboxPanel initialPage={page} />
    </>
  );
}
