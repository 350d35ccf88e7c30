// What a removal link removes: the client's granted, not yet removed assets on one platform
// whose connector needs the client's own sign-in to remove the agency (`removalToken`
// "client"), or whose sites the client approves the removal on (site-registry.ts). The same list the
// client page shows and the confirmation acts on.
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { readGrantedAssets } from "@/lib/core/request-records/granted-assets";
import { defaultConnectorFor, grantedServicesInScope, type ConnectorFor } from "@/lib/core/access-checks/check-access";
import { servicesOnSite } from "@/lib/core/access-checks/remove-access-on-site";
import { siteRemovalOffered } from "@/lib/infra/connectors/site-registry";
import { inScope, type AssetScope } from "@/lib/core/request-records/asset-scope";

export interface RemovalTarget {
  requestId: string;
  serviceId: string;
  serviceName: string;
  assets: { id: string; name: string | null }[];
}

/** Platforms of this client where a removal link can remove something. */
export async function removalLinkPlatforms(opts: {
  agencyId: string;
  clientId: string;
  connectorFor?: ConnectorFor;
}): Promise<string[]> {
  const out = new Set<string>();
  for (const svc of await grantedServicesInScope({ agencyId: opts.agencyId, clientId: opts.clientId })) {
    if (out.has(svc.platform)) continue;
    if ((await removalTargets({ ...opts, platform: svc.platform })).length > 0) out.add(svc.platform);
  }
  return [...out];
}

export async function removalTargets(opts: {
  agencyId: string;
  clientId: string;
  platform: string;
  connectorFor?: ConnectorFor;
  /** a link made from the client's access page removes only the lines chosen there */
  only?: AssetScope;
}): Promise<RemovalTarget[]> {
  const only = opts.only ?? null;
  if (siteRemovalOffered(opts.platform)) {
    // the site's approval removes the agency's user from the whole site: every service on a chosen site goes
    const chosenSites = only ? new Set(only.map((l) => l.assetId)) : null;
    return (await servicesOnSite(opts)).flatMap(({ svc, sites }) => {
      const kept = chosenSites ? sites.filter((id) => chosenSites.has(id)) : sites;
      return kept.length === 0
        ? []
        : [
            {
              requestId: svc.requestId,
              serviceId: svc.serviceId,
              serviceName: getCatalogService(svc.serviceId)?.name ?? svc.serviceId,
              assets: kept.map((id) => ({ id, name: id.replace(/^https?:\/\//, "") })),
            },
          ];
    });
  }
  let connector = null;
  try {
    connector = (opts.connectorFor ?? defaultConnectorFor)(opts.platform);
  } catch {
    connector = null;
  }
  if (!connector?.removeAccess || !connector.removalToken) return [];
  const out: RemovalTarget[] = [];
  for (const svc of await grantedServicesInScope({ agencyId: opts.agencyId, clientId: opts.clientId })) {
    if (svc.platform !== opts.platform || connector.removalToken(svc.serviceId) !== "client") continue;
    const assets = readGrantedAssets(svc.grantedAssets).filter(
      (a) => !a.removedAt && inScope(only, svc.requestId, svc.serviceId, a.id),
    );
    if (assets.length === 0) continue;
    out.push({
      requestId: svc.requestId,
      serviceId: svc.serviceId,
      serviceName: getCatalogService(svc.serviceId)?.name ?? svc.serviceId,
      assets: assets.map((a) => ({ id: a.id, name: a.name ?? null })),
    });
  }
  return out;
}
