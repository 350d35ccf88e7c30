// The expiry sweep: records `expired` on open requests whose deadline has passed (reads
// already report it) through the one state-change path, which raises stateVersion and
// records request.expired, and discards the requests' unfinished client sign-ins.
// Several workers may sweep at once: the action locks the row, so only one records it.
import { getDb } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { log } from "@/lib/infra/log";

const BATCH_SIZE = 100;

export interface ExpirySweepOptions {
  now?: Date;
  /** at most this many requests per call (default 1000); the next sweep takes the rest */
  limit?: number;
}

/** Returns how many requests this call moved to `expired`. */
export async function runExpirySweep(opts: ExpirySweepOptions = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const limit = Math.max(1, opts.limit ?? 1000);
  const db = await getDb();
  let expired = 0;
  let seen = 0;
  // Keyset over (expiresAt, id): a request that fails to expire is not picked again in this call.
  let after: { expiresAt: Date; id: string } | null = null;
  while (seen < limit) {
    const take = Math.min(BATCH_SIZE, limit - seen);
    const batch: { id: string; expiresAt: Date | null }[] = await db.accessRequest.findMany({
      where: {
        status: { in: ["pending", "in_progress"] },
        expiresAt: { lte: now },
        ...(after
          ? { OR: [{ expiresAt: { gt: after.expiresAt } }, { expiresAt: after.expiresAt, id: { gt: after.id } }] }
          : {}),
      },
      orderBy: [{ expiresAt: "asc" }, { id: "asc" }],
      take,
      select: { id: true, expiresAt: true },
    });
    for (const row of batch) {
      seen++;
      try {
        if (await expireOne(row.id, now)) expired++;
      } catch (err) {
        // One broken row must not stop the sweep; it is retried on the next run.
        log().error({ requestId: row.id, err: (err as Error).message }, "expiry sweep: request not expired");
      }
    }
    if (batch.length < take) break;
    const last: { id: string; expiresAt: Date | null } = batch[batch.length - 1]!;
    after = { expiresAt: last.expiresAt!, id: last.id };
  }
  return expired;
}

async function expireOne(requestId: string, now: Date): Promise<boolean> {
  return inTransaction(async (tx) => {
    const res = await applyRequestAction({ requestId, action: { kind: "expire" }, tx, now });
    if (res.changed) await tx.grantSession.deleteMany({ where: { requestId, usedAt: null } });
    return res.changed;
  });
}
