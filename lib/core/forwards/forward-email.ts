// The colleague's email: who asked, for which services, the optional note and the link of
// their own, in the client's language (the request's client, who wrote to them). Plain
// text, and HTML on the one email layout with the agency's accent colour, queued in the
// caller's transaction like the invite; the worker sends it.
import type { Tx } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { serviceName } from "@/lib/core/catalog/catalog-messages";
import { localeForLanguage, t, type Locale } from "@/lib/infra/i18n/dictionary";
import { forwardText } from "@/lib/infra/i18n/forward-messages";
import { renderEmailHtml } from "@/lib/core/emails/templates/email-layout";
import { ClientLinkEmail } from "@/lib/core/emails/templates/request-email";

export function forwardUrl(token: string): string {
  return `${env().appUrl}/i/${token}`;
}

export async function renderForwardEmail(o: {
  locale: Locale;
  agencyName: string;
  accentColor: string | null;
  fromName: string;
  toName: string;
  note: string | null;
  services: string[];
  url: string;
  expiresAt: Date | null;
  /** a reminder on one of the agency's reminder days: the same link, said to be waiting */
  reminder?: boolean;
}) {
  const loc = o.locale;
  const agency = o.agencyName;
  const subject = o.reminder
    ? forwardText(loc, "email.reminderSubject", { name: o.fromName, agency })
    : forwardText(loc, "email.subject", { name: o.fromName, agency });
  const greeting = forwardText(loc, "email.greeting", { name: o.toName });
  const body = o.reminder
    ? forwardText(loc, "email.reminderBody", { name: o.fromName, agency, services: o.services.join(", ") })
    : forwardText(loc, "email.body", { name: o.fromName, agency, services: o.services.join(", ") });
  const note = o.note ? forwardText(loc, "email.note", { name: o.fromName, note: o.note }) : null;
  const cta = forwardText(loc, "email.cta");
  const expiry = o.expiresAt ? t(loc, "email.expiresOn", { date: o.expiresAt.toISOString().slice(0, 10) }) : null;
  const text = [
    greeting,
    "",
    body,
    ...(note ? ["", note] : []),
    "",
    `${cta}: ${o.url}`,
    ...(expiry ? ["", expiry] : []),
    "",
    t(loc, "email.footer", { agency }),
  ].join("\n");
  const html = await renderEmailHtml(
    ClientLinkEmail({
      lang: loc,
      greeting,
      body,
      note,
      cta,
      url: o.url,
      color: o.accentColor,
      expiry,
      fallback: t(loc, "email.linkFallback", { url: o.url }),
      footer: t(loc, "email.footer", { agency }),
    }),
  );
  return { subject, text, html };
}

export async function queueForwardEmail(
  tx: Tx,
  opts: {
    requestId: string;
    forwardId: string;
    token: string;
    /** a reminder naming only `serviceIds`, the link's services still waiting for the colleague */
    reminder?: boolean;
    serviceIds?: string[];
  },
) {
  const forward = await tx.requestForward.findUniqueOrThrow({
    where: { id: opts.forwardId },
    include: {
      request: {
        include: {
          client: { select: { name: true, language: true } },
          agency: { select: { name: true, accentColor: true } },
        },
      },
    },
  });
  const r = forward.request;
  const locale = localeForLanguage(r.client.language);
  const mail = await renderForwardEmail({
    locale,
    agencyName: r.agency.name,
    accentColor: r.agency.accentColor,
    fromName: r.client.name,
    toName: forward.name,
    note: forward.note,
    // the services as the catalog names them in the request's language
    services: (opts.serviceIds ?? forward.serviceIds).map((id) => serviceName(locale, id)),
    url: forwardUrl(opts.token),
    expiresAt: r.expiresAt,
    reminder: opts.reminder,
  });
  await tx.email.create({
    data: {
      agencyId: r.agencyId,
      requestId: r.id,
      kind: opts.reminder ? "forward_reminder" : "forward",
      to: forward.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
  });
}
