// What the request service's `grantedAssets` JSON holds after the grant, and the check and
// removal marks added to each asset later. The public API shows only id, name and
// accessLevel (publicGrantedAssets); the marks are for the dashboard and the events.
import { decryptText, encryptText } from "@/lib/infra/secrets/crypto";
import { loadSecrets } from "@/lib/infra/secrets/secrets";

export type AccessCheckStatus = "verified" | "lost" | "unavailable";

export interface StoredGrantedAsset {
  id: string;
  name: string | null;
  accessLevel: string | null;
  /** last time the platform confirmed the access */
  verifiedAt?: string | null;
  /** first time a check found the access gone (cleared when it is confirmed again) */
  lostAt?: string | null;
  checkStatus?: AccessCheckStatus | null;
  /** the platform's answer at the last check, or why it could not be checked */
  checkDetail?: string | null;
  removedAt?: string | null;
}

export function readGrantedAssets(value: unknown): StoredGrantedAsset[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (a): a is StoredGrantedAsset => !!a && typeof a === "object" && typeof (a as { id?: unknown }).id === "string",
  );
}

/** The spec's fields only. */
export function publicGrantedAssets(value: unknown): { id: string; name: string | null; accessLevel: string | null }[] {
  return readGrantedAssets(value).map((a) => ({ id: a.id, name: a.name ?? null, accessLevel: a.accessLevel ?? null }));
}

/**
 * Seals the agency's own platform token for its connected account (`ConnectedAccount.accessToken`,
 * the same sealing the dashboard's platform sign-in uses).
 */
export function sealAgencyToken(token: string): string {
  return encryptText(token, loadSecrets().encryptionKey);
}

/** The token, or null when there is none or it was sealed with another key. */
export function openAgencyToken(sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  return decryptText(sealed, loadSecrets().encryptionKey) ?? null;
}
