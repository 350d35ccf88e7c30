// Rotates a webhook's signing secret. The replaced secret keeps signing for 24 hours, so
// receivers can switch without missing deliveries; rotating again inside those 24 hours
// ends the older one at once, so at most two secrets ever sign.
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { lockWebhookOrThrow } from "@/lib/core/webhooks/get-webhook-or-throw";
import type { TWebhook } from "@/lib/core/webhooks/schemas";
import { newWebhookSecret, sealSecret } from "@/lib/infra/secrets/secret-box";
import { serializeWebhook, webhookViewInclude } from "@/lib/core/webhooks/serialize-webhook";

export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

export async function rotateWebhookSecret(opts: {
  agencyId: string;
  id: string;
  tx?: Tx;
  now?: Date;
}): Promise<{ webhook: TWebhook; secret: string; previousSecretExpiresAt: string }> {
  const now = opts.now ?? new Date();
  const previousSecretExpiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  const run = async (tx: Tx) => {
    // The stored row's id, not the caller's spelling of it: the secret is sealed with the id
    // as associated data, and every later open uses the stored id.
    const webhookId = await lockWebhookOrThrow(tx, opts);
    // Any replaced secret goes: one still in its overlap (an earlier rotation) ends now,
    // and expired ones are of no further use.
    await tx.webhookSecret.deleteMany({ where: { webhookId, expiresAt: { not: null } } });
    await tx.webhookSecret.updateMany({
      where: { webhookId, expiresAt: null },
      data: { expiresAt: previousSecretExpiresAt },
    });
    const secret = newWebhookSecret();
    await tx.webhookSecret.create({
      data: {
        agencyId: opts.agencyId,
        webhookId,
        secretEncrypted: sealSecret(secret, webhookId),
        createdAt: now,
      },
    });
    // Rotation is a change to the webhook; bump updatedAt through Prisma.
    const row = await tx.webhook.update({
      where: { id: webhookId },
      data: { updatedAt: now },
      include: webhookViewInclude,
    });
    return {
      webhook: serializeWebhook(row, now),
      secret,
      previousSecretExpiresAt: previousSecretExpiresAt.toISOString(),
    };
  };
  return inTransaction(run, { tx: opts.tx });
}
