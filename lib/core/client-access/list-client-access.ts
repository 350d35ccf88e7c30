// Everything a client (or a colleague they handed a service to) granted one agency that is
// still in place: each granted, not removed asset with its role, when and by whom it was
// granted, and its state at the last access check. Shared by the V2 resource and the
// client's access page; demo requests are left out like everywhere else.
import { getDb } from "@/lib/infra/db/db";
import { notFound } from "@/lib/core/common/api-error";
import { UUID } from "@/lib/core/common/uuid";
import { readGrantedAssets, type StoredGrantedAsset } from "@/lib/core/request-records/granted-assets";
import { readInvitation } from "@/lib/core/request-records/stored-invitation";
import { readForwardedTo } from "@/lib/core/request-records/forward-ownership";
import type { AccessLineState, TClientAccess, TClientAccessLine } from "@/lib/core/client-access/schemas";

export function accessLineState(asset: StoredGrantedAsset, invitationPending: boolean): AccessLineState {
  if (asset.checkStatus === "lost") return "lost";
  if (invitationPending) return "pending_acceptance";
  if (asset.checkStatus === "verified") return "active";
  return "unchecked";
}

export async function listClientAccess(opts: { agencyId: string; clientId: string }): Promise<TClientAccess> {
  if (!UUID.test(opts.clientId)) throw notFound("Client");
  const db = await getDb();
  const client = await db.client.findFirst({
    where: { id: opts.clientId, agencyId: opts.agencyId },
    select: { id: true, name: true },
  });
  if (!client) throw notFound("Client");
  const services = await db.requestService.findMany({
    where: {
      agencyId: opts.agencyId,
      status: "granted",
      accessRemovedAt: null,
      request: { clientId: client.id, isDemo: false },
    },
    orderBy: [{ grantedAt: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  const items: TClientAccessLine[] = [];
  for (const svc of services) {
    const forwarded = readForwardedTo(svc.forwardedTo);
    // a colleague's grant records their email; the client's own records "client"; anything else is the team's
    const grantedBy: TClientAccessLine["grantedBy"] =
      forwarded && svc.grantedBy === forwarded.email
        ? { kind: "colleague", name: forwarded.name }
        : svc.grantedBy === "client"
          ? { kind: "client", name: client.name }
          : { kind: "agency", name: null };
    const pending = readInvitation(svc.invitation)?.status === "pending";
    for (const asset of readGrantedAssets(svc.grantedAssets)) {
      if (asset.removedAt) continue;
      const state = accessLineState(asset, pending);
      items.push({
        requestId: svc.requestId,
        service: svc.serviceId,
        platform: svc.platform,
        asset: { id: asset.id, name: asset.name ?? null },
        accessLevel: asset.accessLevel ?? svc.accessLevel ?? null,
        grantedAt: svc.grantedAt?.toISOString() ?? null,
        grantedBy,
        state,
        checkedAt: svc.accessCheckedAt?.toISOString() ?? null,
      });
    }
  }
  return { clientId: client.id, items };
}
