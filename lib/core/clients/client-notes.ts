// Notes by agency staff on a client: added by members and above, listed newest first.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { getDb } from "@/lib/infra/db/db";
import { getClientOrThrow } from "@/lib/core/clients/get-client-or-throw";

export const ZAddClientNote = z.strictObject({
  clientId: zUuid({ error: "clientId must be a uuid." }),
  body: z
    .string()
    .trim()
    .min(1, { error: "Write the note first." })
    .max(5000, { error: "A note is at most 5000 characters." }),
});

export interface TClientNote {
  id: string;
  body: string;
  authorName: string;
  createdAt: string;
}

export async function addClientNote(opts: {
  agencyId: string;
  author: { id: string; name: string };
  input: unknown;
}): Promise<TClientNote> {
  const input = ZAddClientNote.parse(opts.input);
  const client = await getClientOrThrow({ agencyId: opts.agencyId, id: input.clientId });
  const row = await (
    await getDb()
  ).clientNote.create({
    data: {
      agencyId: opts.agencyId,
      clientId: client.id,
      authorId: opts.author.id,
      authorName: opts.author.name,
      body: input.body,
    },
  });
  return { id: row.id, body: row.body, authorName: row.authorName, createdAt: row.createdAt.toISOString() };
}

export async function listClientNotes(opts: { agencyId: string; clientId: string }): Promise<TClientNote[]> {
  const rows = await (
    await getDb()
  ).clientNote.findMany({
    where: { agencyId: opts.agencyId, clientId: opts.clientId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
  });
  return rows.map((r) => ({ id: r.id, body: r.body, authorName: r.authorName, createdAt: r.createdAt.toISOString() }));
}
