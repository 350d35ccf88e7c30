// The removal link's email in the client's language: the plain-text part written here, the
// HTML part from the same React Email template as the invite (with the agency's colour).
import { localeForLanguage } from "@/lib/infra/i18n/dictionary";
import { removalText } from "@/lib/infra/i18n/removal-messages";
import { renderEmailHtml } from "@/lib/core/emails/templates/email-layout";
import { ClientLinkEmail } from "@/lib/core/emails/templates/request-email";

export async function renderRemovalEmail(o: {
  language: string;
  agencyName: string;
  accentColor: string | null;
  clientName: string;
  platformName: string;
  url: string;
  expiresAt: Date;
}) {
  const loc = localeForLanguage(o.language);
  const v = { agency: o.agencyName, platform: o.platformName };
  const subject = removalText(loc, "email.subject", v);
  const body = removalText(loc, "email.body", v);
  const expiry = removalText(loc, "email.expires", { date: o.expiresAt.toISOString().slice(0, 10) });
  const greeting = removalText(loc, "email.greeting", { name: o.clientName });
  const cta = removalText(loc, "email.cta");
  const text = [greeting, "", body, "", `${cta}: ${o.url}`, "", expiry].join("\n");
  const html = await renderEmailHtml(
    ClientLinkEmail({
      lang: loc,
      greeting,
      body,
      cta,
      url: o.url,
      color: o.accentColor,
      expiry,
      fallback: removalText(loc, "email.fallback", { url: o.url }),
    }),
  );
  return { subject, text, html };
}
