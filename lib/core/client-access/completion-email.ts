// The email a client gets when they finish a request: in their language, linking to their own
// access page (`/i/{token}/access`), where they see everything the agency can access and
// remove it. Queued through the email outbox in the transaction that completes the request.
import type { Tx } from "@/lib/infra/db/db";
import { localeForLanguage } from "@/lib/infra/i18n/dictionary";
import { clientAccessText } from "@/lib/infra/i18n/client-access-messages";
import { renderEmailHtml } from "@/lib/core/emails/templates/email-layout";
import { ClientLinkEmail } from "@/lib/core/emails/templates/request-email";
import { inviteUrl, requestLinkToken } from "@/lib/core/request-records/request-links";

/** The client's access page for a request's link token. */
export function clientAccessUrl(token: string): string {
  return `${inviteUrl(token)}/access`;
}

export async function renderCompletionEmail(o: {
  language: string;
  agencyName: string;
  accentColor: string | null;
  clientName: string;
  url: string;
}) {
  const loc = localeForLanguage(o.language);
  const v = { agency: o.agencyName };
  const subject = clientAccessText(loc, "email.subject", v);
  const greeting = clientAccessText(loc, "email.greeting", { name: o.clientName });
  const body = clientAccessText(loc, "email.body", v);
  const cta = clientAccessText(loc, "email.cta");
  const footer = clientAccessText(loc, "email.footer", v);
  const text = [greeting, "", body, "", `${cta}: ${o.url}`, "", footer].join("\n");
  const html = await renderEmailHtml(
    ClientLinkEmail({
      lang: loc,
      greeting,
      body,
      cta,
      url: o.url,
      color: o.accentColor,
      expiry: null,
      fallback: clientAccessText(loc, "email.fallback", { url: o.url }),
      footer,
    }),
  );
  return { subject, text, html };
}

/** Queues the completion email to the request's client, in the caller's transaction. */
export async function queueCompletionEmail(tx: Tx, opts: { agencyId: string; requestId: string; now: Date }) {
  const r = await tx.accessRequest.findUniqueOrThrow({
    where: { id: opts.requestId },
    include: { client: true, agency: { select: { name: true, accentColor: true } } },
  });
  const token = requestLinkToken(r);
  if (!token || !r.client.email) return null;
  const mail = await renderCompletionEmail({
    language: r.client.language,
    agencyName: r.agency.name,
    accentColor: r.agency.accentColor,
    clientName: r.client.name,
    url: clientAccessUrl(token),
  });
  await tx.email.create({
    data: {
      agencyId: opts.agencyId,
      requestId: r.id,
      kind: "completion",
      to: r.client.email,
      ...mail,
      createdAt: opts.now,
      nextAttemptAt: opts.now,
    },
  });
  return { to: r.client.email };
}
