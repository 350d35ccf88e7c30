// The worker's sweeps over due rows (reminders, colleagues' reminders, stalled requests): pages
// of at most BATCH_SIZE rows in (createdAt, id) order, each row handled on its own, so one broken
// row is logged and tried again on the next run without stopping the others. Returns how many
// rows the handler says it acted on.
import { Prisma } from "@/generated/prisma/client";
import { log } from "@/lib/infra/log";

export const SWEEP_BATCH_SIZE = 100;

export type SweepRow = { id: string; createdAt: Date };

export async function sweepInBatches(opts: {
  /** one page after `after` (Prisma.empty on the first), as `AND (t."createdAt", t."id") > (...)` */
  page: (after: Prisma.Sql, limit: number) => Promise<SweepRow[]>;
  /** the row's table alias in the page's query */
  alias: string;
  handle: (row: SweepRow) => Promise<boolean>;
  /** what a skipped row's log line says */
  what: string;
}): Promise<number> {
  let done = 0;
  let after: SweepRow | null = null;
  const a = Prisma.raw(`"${opts.alias}"`);
  for (;;) {
    const cursor = after
      ? Prisma.sql`AND (${a}."createdAt", ${a}."id") > (${after.createdAt}, ${after.id}::uuid)`
      : Prisma.empty;
    const batch = await opts.page(cursor, SWEEP_BATCH_SIZE);
    for (const row of batch) {
      try {
        if (await opts.handle(row)) done++;
      } catch (err) {
        log().error({ id: row.id, err: (err as Error).message }, `${opts.what}: row skipped`);
      }
    }
    if (batch.length < SWEEP_BATCH_SIZE) return done;
    after = batch[batch.length - 1]!;
  }
}
