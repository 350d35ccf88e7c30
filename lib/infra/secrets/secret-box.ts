// Webhook signing secrets: generating them and keeping them encrypted at rest with
// AES-256-GCM under the service's encryption key (`loadSecrets().encryptionKey`).
// Stored form: `iv.tag.ciphertext`, each base64url. The webhook id is bound in as
// associated data, so a sealed secret copied onto another webhook's row fails to open.
import crypto from "node:crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** `whsec_` followed by 32 random bytes in base64url. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + crypto.randomBytes(32).toString("base64url");
}

export function sealSecret(plaintext: string, webhookId: string, key: Buffer = loadSecrets().encryptionKey): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(webhookId, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString("base64url")).join(".");
}

/** Throws when the value was not sealed with this key for this webhook, or was altered. */
export function openSecret(sealed: string, webhookId: string, key: Buffer = loadSecrets().encryptionKey): string {
  const parts = sealed.split(".");
  if (parts.length !== 3) throw new Error("Malformed sealed webhook secret.");
  const [iv, tag, ciphertext] = parts.map((p) => Buffer.from(p, "base64url")) as [Buffer, Buffer, Buffer];
  if (iv.length !== 12 || tag.length !== 16) throw new Error("Malformed sealed webhook secret.");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(webhookId, "utf8"));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}
