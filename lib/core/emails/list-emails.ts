// The agency's outgoing emails for the dashboard mailbox (used when no SMTP server is
// configured): newest first, without the bodies (see get-email-or-throw.ts).
import { z } from "zod";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { beforeCursor, decodeCursor, pageOf } from "@/lib/core/common/cursor";
import { MAILBOX_KINDS } from "@/lib/core/emails/email-visibility";

export const ZListEmailsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(500).optional(),
});
export type TListEmailsQuery = z.infer<typeof ZListEmailsQuery>;

export interface EmailItem {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  requestId: string | null;
  createdAt: string;
  sentAt: string | null;
}

export function toEmailItem(r: {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  requestId: string | null;
  createdAt: Date;
  sentAt: Date | null;
}): EmailItem {
  return {
    id: r.id,
    kind: r.kind,
    to: r.to,
    subject: r.subject,
    status: r.status,
    requestId: r.requestId,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  };
}

/**
 * `to`: only the emails addressed there (a member's own Mailbox, see email-visibility.ts).
 * Proof-of-control emails (a domain's one-time code) are never listed.
 */
export async function listEmails({
  agencyId,
  query = {},
  to,
  tx,
}: {
  agencyId: string;
  query?: Partial<TListEmailsQuery>;
  to?: string;
  tx?: Tx;
}) {
  const { limit, cursor } = ZListEmailsQuery.parse(query);
  const filters = to === undefined ? { list: "emails" } : { list: "emails", to };
  const pos = decodeCursor(cursor, filters);
  const db = tx ?? (await getDb());
  const rows = await db.email.findMany({
    where: {
      agencyId,
      ...MAILBOX_KINDS,
      ...(to === undefined ? {} : { to: { equals: to, mode: "insensitive" as const } }),
      ...beforeCursor(pos),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: {
      id: true,
      kind: true,
      to: true,
      subject: true,
      status: true,
      requestId: true,
      createdAt: true,
      sentAt: true,
    },
  });
  const page = pageOf(rows, limit, filters);
  return { data: page.rows.map(toEmailItem), nextCursor: page.nextCursor };
}
