// at: lib/infra/delivery/counts-webhooks.ts
// breaks: no-restricted-syntax
import type { Db } from "@/lib/infra/db/db";
export async function webhookCount(db: Db) {
  return db.webhook.count();
}
