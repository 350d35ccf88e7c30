// The dashboard's view of granted access for one client or one request: each granted
// service's assets with their last check (verified, lost, cannot be checked) and removal.
import { getDb } from "@/lib/infra/db/db";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { readGrantedAssets } from "@/lib/core/request-records/granted-assets";
import { UUID } from "@/lib/core/common/uuid";
import { roleLabel } from "@/lib/core/catalog/catalog-messages";

export interface AccessStatusAsset {
  id: string;
  name: string | null;
  accessLevel: string | null;
  status: "verified" | "lost" | "unavailable" | "unchecked" | "removed";
  verifiedAt: string | null;
  lostAt: string | null;
  removedAt: string | null;
  detail: string | null;
}

export interface AccessStatusService {
  requestId: string;
  serviceId: string;
  serviceName: string;
  platform: string;
  grantedAt: string | null;
  checkedAt: string | null;
  removedAt: string | null;
  removedBy: string | null;
  assets: AccessStatusAsset[];
}

export interface AccessStatus {
  services: AccessStatusService[];
  lostCount: number;
  checkEveryDays: number;
}

export async function loadAccessStatus(opts: {
  agencyId: string;
  clientId?: string;
  requestId?: string;
}): Promise<AccessStatus> {
  const db = await getDb();
  const agency = await db.agency.findUnique({ where: { id: opts.agencyId }, select: { accessCheckEveryDays: true } });
  const empty = { services: [], lostCount: 0, checkEveryDays: agency?.accessCheckEveryDays ?? 1 };
  if ((opts.clientId && !UUID.test(opts.clientId)) || (opts.requestId && !UUID.test(opts.requestId))) return empty;
  const rows = await db.requestService.findMany({
    where: {
      agencyId: opts.agencyId,
      status: "granted",
      request: {
        isDemo: false,
        ...(opts.clientId ? { clientId: opts.clientId } : {}),
        ...(opts.requestId ? { id: opts.requestId } : {}),
      },
    },
    orderBy: [{ createdAt: "asc" }, { position: "asc" }],
  });
  const services = rows
    .map((s) => ({
      requestId: s.requestId,
      serviceId: s.serviceId,
      serviceName: getCatalogService(s.serviceId)?.name ?? s.serviceId,
      platform: s.platform,
      grantedAt: s.grantedAt?.toISOString() ?? null,
      checkedAt: s.accessCheckedAt?.toISOString() ?? null,
      removedAt: s.accessRemovedAt?.toISOString() ?? null,
      removedBy: s.accessRemovedBy,
      assets: readGrantedAssets(s.grantedAssets).map((a): AccessStatusAsset => ({
        id: a.id,
        name: a.name ?? null,
        // the role as the catalog names it, never the stored value
        accessLevel: a.accessLevel ? (roleLabel("en", s.serviceId, a.accessLevel) ?? a.accessLevel) : null,
        status: a.removedAt ? "removed" : (a.checkStatus ?? "unchecked"),
        verifiedAt: a.verifiedAt ?? null,
        lostAt: a.lostAt ?? null,
        removedAt: a.removedAt ?? null,
        detail: a.checkDetail ?? null,
      })),
    }))
    .filter((s) => s.assets.length > 0);
  return {
    ...empty,
    services,
    lostCount: services.reduce((n, s) => n + s.assets.filter((a) => a.status === "lost").length, 0),
  };
}
