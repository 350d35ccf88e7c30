// The one way production code opens an interactive transaction, so every state change
// gets the same limits. PGlite runs one transaction at a time: a caller may queue behind
// another for a while (maxWait), and a transaction doing several writes plus event fan-out
// needs more than Prisma's 5 s default (timeout).
import { getDb, type Tx } from "@/lib/infra/db/db";

export const TRANSACTION_TIMEOUT_MS = 20_000;
export const TRANSACTION_MAX_WAIT_MS = 15_000;

export interface TransactionOptions {
  /** an open transaction to join instead of starting one (the caller commits it) */
  tx?: Tx;
  /** how long the transaction may run, in ms (default 20 s) */
  timeout?: number;
}

/** Runs `run` in `opts.tx` when given, else in a new transaction with the project's limits. */
export async function inTransaction<T>(run: (tx: Tx) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
  if (opts.tx) return run(opts.tx);
  return (await getDb()).$transaction(run, {
    timeout: opts.timeout ?? TRANSACTION_TIMEOUT_MS,
    maxWait: TRANSACTION_MAX_WAIT_MS,
  });
}
