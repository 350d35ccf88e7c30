// "Accept now": where the platform documents accepting an invitation from the agency's side
// with the agency's own token (Pinterest: accept a partner invite), the agency accepts it
// from the request page instead of the platform's website. The acceptance is then read back
// by the request's access check, which records it like any other (stateVersion,
// request.updated). The dashboard offers it only where `acceptsNow` says so.
import { getDb } from "@/lib/infra/db/db";
import { isConnectorError } from "@/lib/infra/connectors/connector";
import { ApiError, notFound } from "@/lib/core/common/api-error";
import {
  agencyAccountFor,
  checkGrantedAccess,
  connectorMessage,
  agencyAccountRef,
  defaultConnectorFor,
  type ConnectorFor,
} from "@/lib/core/access-checks/check-access";
import { acceptsInvitationNow } from "@/lib/core/catalog/catalog";
import { readInvitation, type StoredInvitation } from "@/lib/core/request-records/stored-invitation";

/** Whether the platform's connector accepts invitations from the agency's side. */
export function acceptsNow(platform: string): boolean {
  return acceptsInvitationNow(platform);
}

export function canAcceptNow(platform: string, invitation: StoredInvitation | null): boolean {
  return acceptsNow(platform) && invitation?.status === "pending" && (invitation.refs?.length ?? 0) > 0;
}

export async function acceptInvitationNow(opts: {
  agencyId: string;
  requestId: string;
  serviceId: string;
  now?: Date;
  connectorFor?: ConnectorFor;
}): Promise<{ accepted: boolean; message: string | null }> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  const svc = await db.requestService.findFirst({
    where: { agencyId: opts.agencyId, requestId: opts.requestId, serviceId: opts.serviceId, status: "granted" },
  });
  if (!svc) throw notFound("Service");
  const invitation = readInvitation(svc.invitation);
  if (invitation?.status === "accepted") return { accepted: true, message: null };
  if (!canAcceptNow(svc.platform, invitation))
    throw new ApiError("INVALID_STATE", "This invitation cannot be accepted from here; accept it on the platform.");
  const connector = (opts.connectorFor ?? defaultConnectorFor)(svc.platform);
  const account = await agencyAccountFor(opts.agencyId, svc.accounts, {
    now,
    ...(opts.connectorFor ? { connectorFor: opts.connectorFor } : {}),
  });
  if (!connector?.acceptInvitation || !account?.token)
    return {
      accepted: false,
      message: "Reconnect the agency's account on this platform first, then try again, or accept it on the platform.",
    };
  try {
    const res = await connector.acceptInvitation({
      accessToken: account.token,
      serviceId: svc.serviceId,
      refs: invitation!.refs ?? [],
      agencyAccount: agencyAccountRef(account),
    });
    if (!res.accepted) return { accepted: false, message: res.detail ?? "The platform did not accept the invitation." };
  } catch (err) {
    return { accepted: false, message: isConnectorError(err) ? connectorMessage(err) : connectorMessage(null) };
  }
  // read it back and record it the way the checks do
  await checkGrantedAccess({
    agencyId: opts.agencyId,
    requestId: opts.requestId,
    now,
    ...(opts.connectorFor ? { connectorFor: opts.connectorFor } : {}),
  });
  const after = readInvitation(
    (await db.requestService.findUniqueOrThrow({ where: { id: svc.id }, select: { invitation: true } })).invitation,
  );
  return after?.status === "accepted"
    ? { accepted: true, message: null }
    : { accepted: false, message: "Accepted on the platform; it will show here once the platform confirms it." };
}
