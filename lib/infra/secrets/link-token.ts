// Tokens that travel in links handed to clients (a request's invite and embed links, an
// agency's static link) and secrets looked up by hash (API keys, team invites): the
// database keeps only the token's sha256, which lookups use, and for link tokens a copy
// sealed with ENCRYPTION_KEY (AES-256-GCM) so the API and the dashboard can rebuild the
// URL. The database alone therefore gives no working link.
import crypto from "node:crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";

/** sha256 of the token's UTF-8 bytes, hex (PostgreSQL: `encode(sha256(convert_to(t, 'UTF8')), 'hex')`). */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export interface StoredLinkToken {
  hash: string;
  sealed: string;
}

/** What to store for a link token. */
export function storeLinkToken(token: string, key: Buffer = loadSecrets().encryptionKey): StoredLinkToken {
  return { hash: hashToken(token), sealed: encryptText(token, key) };
}

/** A new random link token (24 bytes = 192 bits, base64url) and what to store for it. */
export function newLinkToken(bytes = 24): StoredLinkToken & { token: string } {
  const token = crypto.randomBytes(bytes).toString("base64url");
  return { token, ...storeLinkToken(token) };
}

export class LinkTokenUnreadableError extends Error {}

/**
 * Tokens already opened, per key: a list page opens one sealed copy per row (an AES-GCM
 * decryption and a sha256 each, about a tenth of a list page's CPU time when profiled), and
 * the same rows are read again and again. Keyed by the sealed copy and the hash together,
 * so a row whose hash does not match its copy is never answered from here. Bounded: when
 * full it starts over, which costs only decryptions.
 */
const OPENED_MAX = 20_000;
const opened = new WeakMap<Buffer, Map<string, string>>();

function openSealed(sealed: string, hash: string | null, key: Buffer): string | null {
  let cache = opened.get(key);
  const cacheKey = `${hash ?? ""}:${sealed}`;
  const hit = cache?.get(cacheKey);
  if (hit !== undefined) return hit;
  const token = decryptText(sealed, key);
  if (token === null || (hash !== null && hashToken(token) !== hash)) return null;
  if (!cache) opened.set(key, (cache = new Map()));
  if (cache.size >= OPENED_MAX) cache.clear();
  cache.set(cacheKey, token);
  return token;
}

/**
 * The raw token of a stored row: the sealed copy opened and checked against the hash, or
 * (rows written before the tokens were hashed, until the boot step seals them) the legacy
 * plaintext column. Throws when neither gives it, e.g. after ENCRYPTION_KEY changed.
 */
export function openLinkToken(
  row: { hash: string | null; sealed: string | null; legacy?: string | null },
  key: Buffer = loadSecrets().encryptionKey,
): string {
  if (row.sealed) {
    const token = openSealed(row.sealed, row.hash, key);
    if (token !== null) return token;
  }
  if (row.legacy) return row.legacy;
  throw new LinkTokenUnreadableError(
    "A stored link token cannot be opened: ENCRYPTION_KEY is not the key it was sealed with.",
  );
}
