// "Send removal link": for one platform of a client, where removing the agency needs the
// client's sign-in, a single-use link valid 7 days is emailed (through the email outbox,
// in the client's language). A new link replaces the client's open links for that platform.
import { getPlatform } from "@/lib/core/catalog/catalog";
import { ApiError, notFound, validationError } from "@/lib/core/common/api-error";
import { UUID } from "@/lib/core/common/uuid";
import type { ConnectorFor } from "@/lib/core/access-checks/check-access";
import { removalTargets } from "@/lib/core/removal-links/removal-targets";
import { REMOVAL_LINK_DAYS, newRemovalLinkToken, removalLinkUrl } from "@/lib/core/removal-links/removal-link-token";
import { renderRemovalEmail } from "@/lib/core/removal-links/render-removal-email";
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { encryptText } from "@/lib/infra/secrets/crypto";

export interface CreatedRemovalLink {
  id: string;
  platform: string;
  /** shown once to the agency (to copy), never stored */
  url: string;
  sentTo: string;
  expiresAt: string;
}

export async function createRemovalLink(opts: {
  agencyId: string;
  clientId: string;
  platform: string;
  createdBy: string;
  now?: Date;
  connectorFor?: ConnectorFor;
}): Promise<CreatedRemovalLink> {
  const now = opts.now ?? new Date();
  if (!UUID.test(opts.clientId)) throw notFound("Client");
  const platform = getPlatform(opts.platform);
  if (!platform) throw validationError("platform", "Unknown platform.");
  const db = await getDb();
  const client = await db.client.findFirst({
    where: { id: opts.clientId, agencyId: opts.agencyId },
    include: { agency: { select: { name: true, accentColor: true } } },
  });
  if (!client) throw notFound("Client");
  const targets = await removalTargets({
    agencyId: opts.agencyId,
    clientId: opts.clientId,
    platform: opts.platform,
    connectorFor: opts.connectorFor,
  });
  if (targets.length === 0) {
    throw new ApiError("CONFLICT", `Nothing on ${platform.name} needs the client's sign-in to be removed.`, [
      { field: "platform", message: "No access to remove with a link." },
    ]);
  }
  const { token, hash } = newRemovalLinkToken();
  const expiresAt = new Date(now.getTime() + REMOVAL_LINK_DAYS * 86_400_000);
  const url = removalLinkUrl(token);
  const mail = await renderRemovalEmail({
    language: client.language,
    agencyName: client.agency.name,
    accentColor: client.agency.accentColor,
    clientName: client.name,
    platformName: platform.name,
    url,
    expiresAt,
  });
  const row = await inTransaction(async (tx) => {
    await tx.removalLink.updateMany({
      where: {
        agencyId: opts.agencyId,
        clientId: opts.clientId,
        platform: opts.platform,
        status: { in: ["sent", "signed_in"] },
      },
      data: { status: "replaced", clientToken: null },
    });
    const created = await tx.removalLink.create({
      data: {
        agencyId: opts.agencyId,
        clientId: opts.clientId,
        platform: opts.platform,
        tokenHash: hash,
        tokenSealed: encryptText(token, loadSecrets().encryptionKey),
        createdBy: opts.createdBy,
        expiresAt,
        createdAt: now,
      },
    });
    await tx.email.create({
      data: {
        agencyId: opts.agencyId,
        kind: "removal_link",
        to: client.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      },
    });
    return created;
  });
  return { id: row.id, platform: opts.platform, url, sentTo: client.email, expiresAt: expiresAt.toISOString() };
}
