// One of the agency's emails with its bodies, for the mailbox's message view; another
// agency's email reads as missing.
import { getDb, type Tx } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";
import { toEmailItem, type EmailItem } from "@/lib/core/emails/list-emails";

export interface EmailDetail extends EmailItem {
  text: string;
  html: string;
  lastError: string | null;
}

import { UUID } from "@/lib/core/common/uuid";

export async function getEmailOrThrow({ agencyId, id, tx }: { agencyId: string; id: string; tx?: Tx }): Promise<EmailDetail> {
  if (!UUID.test(id)) throw notFound("Email");
  const db = tx ?? (await getDb());
  const row = await db.email.findFirst({ where: { id, agencyId } });
  if (!row) throw notFound("Email");
  return { ...toEmailItem(row), text: row.text, html: row.html, lastError: row.lastError };
}
