// Webhook signing secrets: generating them and keeping them sealed at rest under the
// service's encryption key (`loadSecrets().encryptionKey`) with the one sealing format of
// crypto.ts. The webhook id is bound in as associated data, so a sealed secret copied onto
// another webhook's row fails to open.
import "server-only";
import crypto from "node:crypto";
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/**
 * `whsec_` followed by 33 random bytes in standard base64 (44 characters, no padding): the
 * form the Standard Webhooks libraries decode, so `new Webhook(secret)` verifies the
 * `webhook-signature` header with the secret exactly as shown (sign-payload.ts). Secrets
 * issued before were base64url; they keep their signatures (see `standardSignatureKeys`).
 */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + crypto.randomBytes(33).toString("base64");
}

export function sealSecret(plaintext: string, webhookId: string, key: Buffer = loadSecrets().encryptionKey): string {
  return encryptText(plaintext, key, webhookId);
}

/** Throws when the value was not sealed with this key for this webhook, or was altered. */
export function openSecret(sealed: string, webhookId: string, key: Buffer = loadSecrets().encryptionKey): string {
  const plain = decryptText(sealed, key, webhookId);
  if (plain === null)
    throw new Error(
      "The sealed webhook secret cannot be opened: malformed, altered, or sealed with another key or webhook.",
    );
  return plain;
}
