// Step 1 of a grant: checks what the client picked against the request. The attempt covers
// every service of the sign-in's platform the client picked at least one asset for, in
// request order; each must be a pending one-click service of that platform that the link
// may act on (a service handed to a colleague is theirs: forward-ownership.ts), and each may
// carry at most MAX_ASSETS_PER_GRANT assets. Reads nothing but the request it is given.

import { getCatalogService, isOneClickHere } from "@/lib/core/catalog/catalog";
import { ownsService } from "@/lib/core/request-records/forward-ownership";
import { GrantRefusal } from "@/lib/core/grants/grant-refusal";
import { isOpenForGrant, type GrantRequest, type GrantRequestService } from "@/lib/core/grants/grant-request";
import { platformMode } from "@/lib/infra/connectors/get-connector";

export const MAX_ASSETS_PER_GRANT = 50;

/** The assets the client picked for one service of the sign-in. */
export interface ServiceSelection {
  serviceId: string;
  assetIds: string[];
}

/** One service of the attempt and the assets picked for it. */
export interface ChosenService {
  svc: GrantRequestService;
  assetIds: string[];
}

export interface GrantPick {
  /** the service of the form's address: the sign-in's first service */
  lead: GrantRequestService;
  /** the services of the attempt, in request order */
  chosen: ChosenService[];
}

function cleanIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => id.length > 0 && id.length <= 255))];
}

function grantableHere(svc: GrantRequestService, row: GrantRequest): boolean {
  return (
    isOneClickHere(getCatalogService(svc.serviceId), platformMode(svc.platform)) &&
    svc.status === "pending" &&
    ownsService(svc, row.forward)
  );
}

/** The attempt's services and assets, or a `GrantRefusal` (closed, not_allowed, no_assets). */
export function checkGrantPick(opts: {
  request: GrantRequest;
  serviceId: string;
  assetIds: readonly string[];
  selections?: readonly ServiceSelection[];
  now: Date;
}): GrantPick {
  const row = opts.request;
  if (!isOpenForGrant(row, opts.now)) throw new GrantRefusal("closed");
  const lead = row.services.find((s) => s.serviceId === opts.serviceId);
  if (!lead || !grantableHere(lead, row)) throw new GrantRefusal("not_allowed");

  const picked = new Map<string, string[]>([[lead.serviceId, cleanIds(opts.assetIds)]]);
  for (const sel of opts.selections ?? [])
    picked.set(sel.serviceId, cleanIds([...(picked.get(sel.serviceId) ?? []), ...sel.assetIds]));
  const chosen = row.services.flatMap((svc) => {
    const assetIds = picked.get(svc.serviceId) ?? [];
    return assetIds.length > 0 ? [{ svc, assetIds }] : [];
  });
  for (const { svc } of chosen) {
    if (svc.platform !== lead.platform || !grantableHere(svc, row)) throw new GrantRefusal("not_allowed");
  }
  if ([...picked.keys()].some((id) => !row.services.some((s) => s.serviceId === id)))
    throw new GrantRefusal("not_allowed");
  if (chosen.length === 0 || chosen.some((c) => c.assetIds.length > MAX_ASSETS_PER_GRANT))
    throw new GrantRefusal("no_assets");
  return { lead, chosen };
}
