// Looks a request up by its invite token, the only key the client pages have, with
// what the pages show: the client's language, the services and the agency's branding.
// Tokens are checked for shape first so junk never reaches the database.

import type { Prisma } from "@/generated/prisma/client";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { hashToken } from "@/lib/infra/secrets/link-token";
import { effectiveStatus, type RequestStatus } from "@/lib/core/domain/request-state";
import { localeForLanguage, type Locale } from "@/lib/infra/i18n/dictionary";
import { ownsService, readForwardedTo } from "@/lib/core/request-records/forward-ownership";

export const accessRequestInclude = {
  client: { select: { externalClientId: true, name: true, language: true } },
  services: { orderBy: { position: "asc" } },
  agency: { select: { id: true, name: true, accentColor: true, logoMimeType: true, updatedAt: true } },
} satisfies Prisma.AccessRequestInclude;

/** The colleague's side of a forwarded link: who handed it over and to whom. */
export interface ForwardedLink {
  id: string;
  name: string;
  email: string;
  note: string | null;
  /** services of the link the client took back ("I'll do it myself after all"): no longer the colleague's */
  takenBack: string[];
  /** services of the link the colleague handed back ("I can't do this"): the client's again */
  declined: string[];
  /** the client took back everything on the link: the page says so and offers nothing */
  revoked: boolean;
}

export type AccessRequestRow = Prisma.AccessRequestGetPayload<{ include: typeof accessRequestInclude }> & {
  /** set when the token is a colleague's forwarded link: `services` then holds only its services */
  forward?: ForwardedLink;
};

// Invite tokens are 24 random bytes in base64url (32 characters); allow some room.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export function isTokenShaped(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

export async function findRequestByToken(token: string, db?: Tx): Promise<AccessRequestRow | null> {
  if (!isTokenShaped(token)) return null;
  const client = db ?? (await getDb());
  // by hash: the raw token is not stored
  const hash = hashToken(token);
  const row = await client.accessRequest.findUnique({
    where: { inviteTokenHash: hash },
    include: accessRequestInclude,
  });
  if (row) return row;
  return findForwardedRequest(client, hash);
}

/**
 * A colleague's forwarded link: the request as seen through it, holding only the services
 * still handed to them (those the client took back are listed apart), with no intake form
 * (the client's own). A link taken back whole, or of a cancelled or expired request, does
 * not open: it reads as unknown (`findTakenBackLink` reads the first for its page). A
 * completed request still shows its thank-you page, so the colleague who finished it sees
 * that it is done.
 */
async function findForwardedRequest(client: Tx, hash: string): Promise<AccessRequestRow | null> {
  const found = await readForwardedLink(client, hash);
  return found && !found.forward?.revoked ? found : null;
}

/**
 * A colleague's link the client took back whole, while the request is still there to see:
 * read only so its page can tell the colleague it is no longer theirs. Never for an action.
 */
export async function findTakenBackLink(token: string): Promise<AccessRequestRow | null> {
  if (!isTokenShaped(token)) return null;
  const found = await readForwardedLink(await getDb(), hashToken(token));
  return found?.forward?.revoked ? found : null;
}

async function readForwardedLink(client: Tx, hash: string): Promise<AccessRequestRow | null> {
  const forward = await client.requestForward.findUnique({
    where: { tokenHash: hash },
    select: {
      id: true,
      name: true,
      email: true,
      note: true,
      serviceIds: true,
      revokedAt: true,
      request: { include: accessRequestInclude },
    },
  });
  if (!forward) return null;
  const { request, serviceIds, revokedAt, ...link } = forward;
  const status = requestStatus(request, new Date());
  // A cancelled request revokes its links too: nothing to tell beyond "unknown".
  if (status === "cancelled" || status === "expired") return null;
  const handed = request.services.filter((s) => serviceIds.includes(s.serviceId));
  const services = handed.filter((s) => ownsService(s, link));
  const notMine = handed.filter((s) => !ownsService(s, link));
  const handedBack = (s: (typeof handed)[number]) =>
    (s.handedBack as { forwardId?: unknown } | null)?.forwardId === link.id && !readForwardedTo(s.forwardedTo);
  const declined = notMine.filter(handedBack).map((s) => s.serviceId);
  const takenBack = notMine.filter((s) => !handedBack(s)).map((s) => s.serviceId);
  return {
    ...request,
    services: revokedAt ? [] : services,
    intakeRequested: false,
    forward: {
      ...link,
      takenBack: revokedAt ? serviceIds.filter((id) => !declined.includes(id)) : takenBack,
      declined,
      revoked: revokedAt !== null,
    },
  };
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
