// Renders the invite and reminder emails in the client's language: the plain-text part
// written here, the HTML part from the React Email template (templates/request-email.tsx).
import { localeForLanguage, t } from "@/lib/infra/i18n/dictionary";
import { renderEmailHtml } from "@/lib/core/emails/templates/email-layout";
import { ClientLinkEmail } from "@/lib/core/emails/templates/request-email";

export async function renderRequestEmail(o: {
  kind: "invite" | "reminder";
  language: string;
  agencyName: string;
  accentColor: string | null;
  clientName: string;
  url: string;
  expiresAt: Date | null;
  /** the agency's logo as an absolute URL, when it has one */
  logoUrl?: string | null;
}) {
  const loc = localeForLanguage(o.language);
  const agency = o.agencyName;
  const subject =
    o.kind === "invite" ? t(loc, "email.invite.subject", { agency }) : t(loc, "email.reminder.subject", { agency });
  const body =
    o.kind === "invite" ? t(loc, "email.invite.body", { agency }) : t(loc, "email.reminder.body", { agency });
  const expiry = o.expiresAt ? t(loc, "email.expiresOn", { date: o.expiresAt.toISOString().slice(0, 10) }) : null;
  const lines = [
    t(loc, "email.greeting", { name: o.clientName }),
    "",
    body,
    "",
    `${t(loc, "email.invite.cta")}: ${o.url}`,
    ...(expiry ? ["", expiry] : []),
    "",
    t(loc, "email.footer", { agency }),
  ];
  const html = await renderEmailHtml(
    ClientLinkEmail({
      lang: loc,
      greeting: t(loc, "email.greeting", { name: o.clientName }),
      body,
      cta: t(loc, "email.invite.cta"),
      url: o.url,
      color: o.accentColor,
      expiry,
      fallback: t(loc, "email.linkFallback", { url: o.url }),
      footer: t(loc, "email.footer", { agency }),
      logo: o.logoUrl ? { url: o.logoUrl, alt: agency } : null,
    }),
  );
  return { subject, text: lines.join("\n"), html };
}
