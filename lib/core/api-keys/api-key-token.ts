// API key material: a random, prefixed key shown once; only its sha256 is stored,
// with a short prefix kept for display.
import crypto from "node:crypto";
import { hashToken } from "@/lib/infra/secrets/link-token";

export const API_KEY_PREFIX = "ark_";

export function generateApiKey(): { key: string; hash: string; prefix: string } {
  const key = API_KEY_PREFIX + crypto.randomBytes(32).toString("base64url");
  return { key, hash: hashApiKey(key), prefix: key.slice(0, API_KEY_PREFIX.length + 6) };
}

export function hashApiKey(key: string): string {
  return hashToken(key);
}

/** 128+ random bits, URL safe: invite tokens, static link tokens, nonces. */
export function randomToken(bytes = 24): string {
  return crypto.randomBytes(bytes).toString("base64url");
}
