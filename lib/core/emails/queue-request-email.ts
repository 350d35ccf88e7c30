// Queues an invite or reminder email for a request in the client's language, inside the
// caller's transaction. The worker sends it (SMTP) or keeps it for the dev mailbox.
import type { Tx } from "@/lib/infra/db/db";
import { renderRequestEmail } from "@/lib/core/emails/render-request-email";
import { inviteUrl, requestLinkToken } from "@/lib/core/request-records/request-links";
import { agencyLogoUrl } from "@/lib/core/agencies/agency-logo-url";
import { env } from "@/lib/infra/env";

export async function queueRequestEmail(
  tx: Tx,
  opts: { agencyId: string; requestId: string; kind: "invite" | "reminder" },
): Promise<{ to: string }> {
  const r = await tx.accessRequest.findUniqueOrThrow({
    where: { id: opts.requestId },
    include: {
      client: true,
      agency: { select: { id: true, name: true, accentColor: true, logoMimeType: true, updatedAt: true } },
    },
  });
  const mail = await renderRequestEmail({
    kind: opts.kind,
    language: r.client.language,
    agencyName: r.agency.name,
    accentColor: r.agency.accentColor,
    clientName: r.client.name,
    url: inviteUrl(requestLinkToken(r)),
    expiresAt: r.expiresAt,
    logoUrl: logoUrl(r.agency),
  });
  await tx.email.create({
    data: {
      agencyId: opts.agencyId,
      requestId: r.id,
      kind: opts.kind,
      to: r.client.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
  });
  return { to: r.client.email };
}

/** The agency's logo as the email's absolute URL (the app's public logo route), or null. */
function logoUrl(agency: Parameters<typeof agencyLogoUrl>[0]): string | null {
  const path = agencyLogoUrl(agency);
  return path ? `${env().appUrl}${path}` : null;
}
