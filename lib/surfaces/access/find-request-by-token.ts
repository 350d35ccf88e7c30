// Looks a request up by its invite token, the only key the client pages have, with
// what the pages show: the client's language, the services and the agency's branding.
// Tokens are checked for shape first so junk never reaches the database.

import type { Prisma } from "@/generated/prisma/client";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { hashToken } from "@/lib/infra/secrets/link-token";
import { effectiveStatus, type RequestStatus } from "@/lib/core/domain/request-state";
import { localeForLanguage, type Locale } from "@/lib/infra/i18n/dictionary";

export const accessRequestInclude = {
  client: { select: { externalClientId: true, name: true, language: true } },
  services: { orderBy: { position: "asc" } },
  agency: { select: { id: true, name: true, accentColor: true, logoMimeType: true, updatedAt: true } },
} satisfies Prisma.AccessRequestInclude;

export type AccessRequestRow = Prisma.AccessRequestGetPayload<{ include: typeof accessRequestInclude }>;

// Invite tokens are 24 random bytes in base64url (32 characters); allow some room.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export function isTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

export async function findRequestByToken(token: string, db?: Tx): Promise<AccessRequestRow | null> {
  if (!isTokenShaped(token)) return null;
  const client = db ?? (await getDb());
  // by hash: the raw token is not stored
  return client.accessRequest.findUnique({ where: { inviteTokenHash: hashToken(token) }, include: accessRequestInclude });
}

export function requestStatus(row: Pick<AccessRequestRow, "status" | "expiresAt">, now: Date): RequestStatus {
  return effectiveStatus({ status: row.status, expiresAt: row.expiresAt }, now);
}

/** Whether the client may still act: pending or in progress, deadline not passed. */
export function isOpenRequest(row: Pick<AccessRequestRow, "status" | "expiresAt">, now: Date): boolean {
  const status = requestStatus(row, now);
  return status === "pending" || status === "in_progress";
}

export function requestLocale(row: { client: { language: string } }): Locale {
  return localeForLanguage(row.client.language);
}
