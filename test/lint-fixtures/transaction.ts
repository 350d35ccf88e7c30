// at: lib/core/requests/opens-transaction.ts
// breaks: no-restricted-properties
import { getDb } from "@/lib/infra/db/db";

export async function run() {
  const db = await getDb();
  return db.$transaction(async (tx) => tx.client.count());
}
