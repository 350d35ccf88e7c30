// Registers a webhook endpoint for an agency (at most WEBHOOK_LIMIT) with a new signing
// secret, stored sealed; the plain secret is returned this once and never again.
import crypto from "node:crypto";
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError } from "@/lib/core/common/api-error";
import { checkWebhookUrl } from "@/lib/core/webhooks/check-webhook-url";
import { WEBHOOK_LIMIT, type TCreateWebhookBody, type TWebhook } from "@/lib/core/webhooks/schemas";
import { newWebhookSecret, sealSecret } from "@/lib/infra/secrets/secret-box";
import { serializeWebhook, webhookViewInclude } from "@/lib/core/webhooks/serialize-webhook";

export async function createWebhook(opts: {
  agencyId: string;
  input: TCreateWebhookBody;
  tx?: Tx;
}): Promise<{ webhook: TWebhook; secret: string }> {
  // DNS first, outside any lock: it can take a while and decides nothing about the count.
  const url = await checkWebhookUrl(opts.input.url);
  const run = async (tx: Tx) => {
    // Serialises creates per agency so two racing calls cannot both take the tenth slot.
    // NO KEY UPDATE leaves inserts of rows that reference the agency unblocked.
    await tx.$queryRaw`SELECT "id" FROM "Agency" WHERE "id" = ${opts.agencyId}::uuid FOR NO KEY UPDATE`;
    const count = await tx.webhook.count({ where: { agencyId: opts.agencyId, deletedAt: null } });
    if (count >= WEBHOOK_LIMIT) {
      throw new ApiError("LIMIT_REACHED", `An agency can have at most ${WEBHOOK_LIMIT} webhooks; delete one first.`, [
        { message: `At most ${WEBHOOK_LIMIT} webhooks per agency.` },
      ]);
    }
    const id = crypto.randomUUID();
    const secret = newWebhookSecret();
    const row = await tx.webhook.create({
      data: {
        id,
        agencyId: opts.agencyId,
        url,
        events: opts.input.events,
        secrets: { create: { agencyId: opts.agencyId, secretEncrypted: sealSecret(secret, id) } },
      },
      include: webhookViewInclude,
    });
    return { webhook: serializeWebhook(row), secret };
  };
  return inTransaction(run, { tx: opts.tx });
}
