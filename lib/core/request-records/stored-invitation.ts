// What a request service keeps of a grant the platform made by invitation (the agency must
// accept it on the platform): its state beside the service's `granted` status, where it went,
// where it is accepted, and when the agency was reminded. The public API shows it as
// `services[].invitation` (publicInvitation); `remindedAt` stays inside.
import type { GrantResult, InvitationStatus } from "@/lib/infra/connectors/connector";

export interface StoredInvitation {
  status: InvitationStatus;
  sentTo: string | null;
  acceptUrl: string | null;
  sentAt: string;
  acceptedAt: string | null;
  remindedAt?: string | null;
  /**
   * the platform's references of the invitation, to read (and where documented accept) it: Pinterest invite ids,
   * Snapchat organization ids, Microsoft "customerId/accountId/invitationId"
   */
  refs?: string[];
}

export interface PublicInvitation {
  status: InvitationStatus;
  sentTo: string | null;
  acceptUrl: string | null;
  sentAt: string;
  acceptedAt: string | null;
}

export function readInvitation(value: unknown): StoredInvitation | null {
  const v = value as Partial<StoredInvitation> | null | undefined;
  if (
    !v ||
    typeof v !== "object" ||
    (v.status !== "pending" && v.status !== "accepted") ||
    typeof v.sentAt !== "string"
  )
    return null;
  return {
    status: v.status,
    sentTo: typeof v.sentTo === "string" ? v.sentTo : null,
    acceptUrl: typeof v.acceptUrl === "string" ? v.acceptUrl : null,
    sentAt: v.sentAt,
    acceptedAt: typeof v.acceptedAt === "string" ? v.acceptedAt : null,
    remindedAt: typeof v.remindedAt === "string" ? v.remindedAt : null,
    refs: Array.isArray(v.refs) ? v.refs.filter((r): r is string => typeof r === "string") : [],
  };
}

export function publicInvitation(value: unknown): PublicInvitation | null {
  const v = readInvitation(value);
  return v
    ? { status: v.status, sentTo: v.sentTo, acceptUrl: v.acceptUrl, sentAt: v.sentAt, acceptedAt: v.acceptedAt }
    : null;
}

/**
 * The invitation of a grant, from the connector's results for the granted assets: null when
 * no asset was granted by invitation; accepted only when every invited asset read back as
 * accepted (for example the agency already had access).
 */
export function invitationOfGrant(
  results: GrantResult[],
  grantedAssetIds: readonly string[],
  now: Date,
): StoredInvitation | null {
  const granted = new Set(grantedAssetIds);
  const invited = results.flatMap((r) => r.results.filter((x) => x.ok && granted.has(x.assetId) && x.invitation));
  if (invited.length === 0) return null;
  const first = invited[0]!.invitation!;
  const accepted = invited.every((x) => x.invitation!.status === "accepted");
  return {
    status: accepted ? "accepted" : "pending",
    sentTo: first.sentTo,
    acceptUrl: first.acceptUrl,
    sentAt: now.toISOString(),
    acceptedAt: accepted ? now.toISOString() : null,
    remindedAt: null,
    refs: [...new Set(invited.map((x) => x.invitation!.ref).filter((r): r is string => typeof r === "string"))],
  };
}
