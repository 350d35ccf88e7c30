// at: lib/infra/delivery/reads-agencies.ts
// breaks: no-restricted-syntax
import type { Db } from "@/lib/infra/db/db";
export async function agencyNames(db: Db) {
  return db.$queryRaw`SELECT "name" FROM "Agency"`;
}
