// A request's own links: the raw token of its invite and embed links, opened from the sealed
// copy its row keeps, and the addresses built from it. Shared by the request's API shape,
// the emails that carry the link and the client pages.
import type { Prisma } from "@/generated/prisma/client";
import { env } from "@/lib/infra/env";
import { openLinkToken } from "@/lib/infra/secrets/link-token";

/** The columns `requestLinkToken` reads. */
export const requestLinkTokenSelect = { inviteToken: true, inviteTokenHash: true, inviteTokenSealed: true } as const;

/** The raw token of a request's invite and embed links, from its sealed copy. */
export function requestLinkToken(r: Prisma.AccessRequestGetPayload<{ select: typeof requestLinkTokenSelect }>): string {
  return openLinkToken({ hash: r.inviteTokenHash, sealed: r.inviteTokenSealed, legacy: r.inviteToken });
}

export function inviteUrl(token: string) {
  return `${env().appUrl}/i/${token}`;
}
export function embedUrl(token: string) {
  return `${env().appUrl}/embed/${token}`;
}
