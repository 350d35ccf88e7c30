// Removal link tokens: 256 random bits in the URL, only their sha256 stored, so a leaked
// database copy cannot be turned into working links.
import { createHash, randomBytes } from "node:crypto";
import { env } from "@/lib/infra/env";

export const REMOVAL_LINK_DAYS = 7;

export function newRemovalLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashRemovalLinkToken(token) };
}

export function hashRemovalLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token as links carry it: 43 base64url characters. */
export function isRemovalLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function removalLinkUrl(token: string): string {
  return `${env().appUrl}/r/${token}`;
}
