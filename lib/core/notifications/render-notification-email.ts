// The email of one notification or of a daily digest: the plain-text part written here, the
// HTML part from the React Email template (lib/core/emails/templates/account-email.tsx).
import { renderEmailHtml } from "@/lib/core/emails/templates/email-layout";
import { NotificationEmail } from "@/lib/core/emails/templates/account-email";

const LINK_LABEL = "Open the dashboard";
const FOOTER = "Change what you receive on the Notifications page of the dashboard.";

export async function renderNotificationEmail(opts: {
  agencyName: string;
  lines: string[];
  link: string;
  digest?: boolean;
}) {
  const more =
    opts.lines.length > 1 ? ` and ${opts.lines.length - 1} more update${opts.lines.length === 2 ? "" : "s"}` : "";
  const subject = opts.digest
    ? `${opts.agencyName}: ${opts.lines.length} update${opts.lines.length === 1 ? "" : "s"} today`
    : `${opts.agencyName}: ${opts.lines[0] ?? "update"}${more}`;
  const text = [...opts.lines.map((l) => `- ${l}`), "", `${LINK_LABEL}: ${opts.link}`, "", FOOTER].join("\n");
  const html = await renderEmailHtml(
    NotificationEmail({ lines: opts.lines, link: opts.link, linkLabel: LINK_LABEL, footer: FOOTER }),
  );
  return { subject: subject.slice(0, 200), text, html };
}
