// One of the agency's emails with its bodies, for the mailbox's message view; another
// agency's email reads as missing.
import { getDb, type Tx } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";
import { toEmailItem, type EmailItem } from "@/lib/core/emails/list-emails";
import { MAILBOX_KINDS } from "@/lib/core/emails/email-visibility";

export interface EmailDetail extends EmailItem {
  text: string;
  html: string;
  lastError: string | null;
}

import { UUID } from "@/lib/core/common/uuid";

/**
 * `to`: only an email addressed there; any other reads as missing (a member's own Mailbox).
 * A proof-of-control email (a domain's one-time code) reads as missing to everyone.
 */
export async function getEmailOrThrow({
  agencyId,
  id,
  to,
  tx,
}: {
  agencyId: string;
  id: string;
  to?: string;
  tx?: Tx;
}): Promise<EmailDetail> {
  if (!UUID.test(id)) throw notFound("Email");
  const db = tx ?? (await getDb());
  const row = await db.email.findFirst({
    where: {
      id,
      agencyId,
      ...MAILBOX_KINDS,
      ...(to === undefined ? {} : { to: { equals: to, mode: "insensitive" as const } }),
    },
  });
  if (!row) throw notFound("Email");
  return { ...toEmailItem(row), text: row.text, html: row.html, lastError: row.lastError };
}
