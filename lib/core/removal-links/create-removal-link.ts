// "Send removal link": for one platform of a client, where removing the agency needs the
// client's sign-in, a single-use link valid 7 days is emailed (through the email outbox,
// in the client's language). A new link replaces the client's open links for that platform.
import { getPlatform } from "@/lib/core/catalog/catalog";
import { ApiError, notFound, validationError } from "@/lib/core/common/api-error";
import { UUID } from "@/lib/core/common/uuid";
import type { ConnectorFor } from "@/lib/core/access-checks/check-access";
import { removalTargets } from "@/lib/core/removal-links/removal-targets";
import { readAssetScope, type AssetLine, type AssetScope } from "@/lib/core/request-records/asset-scope";
import { REMOVAL_LINK_DAYS, newRemovalLinkToken, removalLinkUrl } from "@/lib/core/removal-links/removal-link-token";
import { renderRemovalEmail } from "@/lib/core/removal-links/render-removal-email";
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";

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
  /**
   * Only these assets (the lines the client chose on their access page). Such a link replaces
   * only the open links made for the same lines, never the agency's link for the platform.
   */
  only?: AssetLine[];
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
    only: opts.only ?? null,
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
  const only = opts.only ? sortedLines(opts.only) : null;
  const row = await inTransaction(async (tx) => {
    const open = await tx.removalLink.findMany({
      where: {
        agencyId: opts.agencyId,
        clientId: opts.clientId,
        platform: opts.platform,
        status: { in: ["sent", "signed_in"] },
      },
      select: { id: true, only: true },
    });
    const replaced = open.filter((l) => sameScope(readAssetScope(l.only), only)).map((l) => l.id);
    if (replaced.length > 0)
      await tx.removalLink.updateMany({
        where: { id: { in: replaced } },
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
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (Prisma JSON input)
        ...(only ? { only: only as object[] } : {}),
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

/** The client's open link for exactly these lines, to continue on instead of sending another. */
export async function openRemovalLinkFor(opts: {
  agencyId: string;
  clientId: string;
  platform: string;
  only: AssetLine[];
  now?: Date;
}): Promise<{ url: string } | null> {
  const now = opts.now ?? new Date();
  const open = await (
    await getDb()
  ).removalLink.findMany({
    where: {
      agencyId: opts.agencyId,
      clientId: opts.clientId,
      platform: opts.platform,
      status: { in: ["sent", "signed_in"] },
      expiresAt: { gt: now },
    },
    orderBy: { createdAt: "desc" },
    select: { only: true, tokenSealed: true },
  });
  const wanted = sortedLines(opts.only);
  for (const link of open) {
    if (!sameScope(readAssetScope(link.only), wanted)) continue;
    const token = decryptText(link.tokenSealed, loadSecrets().encryptionKey);
    if (token) return { url: removalLinkUrl(token) };
  }
  return null;
}

function sortedLines(lines: readonly AssetLine[]): AssetLine[] {
  const key = (l: AssetLine) => `${l.requestId}/${l.serviceId}/${l.assetId}`;
  const unique = new Map(
    lines.map((l) => [key(l), { requestId: l.requestId, serviceId: l.serviceId, assetId: l.assetId }]),
  );
  return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, l]) => l);
}

/** Two links reach the same assets: both the whole platform, or the same lines. */
function sameScope(a: AssetScope, b: AssetScope): boolean {
  if (!a || !b) return !a && !b;
  return JSON.stringify(sortedLines(a)) === JSON.stringify(sortedLines(b));
}
