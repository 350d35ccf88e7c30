// What a removal made from the client's access page is limited to: the assets of the lines the
// client chose, each named by its request, service and asset. Kept apart so the removal
// paths (lib/core/access-checks) and the removal links share it without a cycle.

/** One granted asset of one service: what a removal from the client's access page is limited to. */
export interface AssetLine {
  requestId: string;
  serviceId: string;
  assetId: string;
}

/** A removal's limit: only these assets, or (null) everything in its reach. */
export type AssetScope = readonly AssetLine[] | null;

export function inScope(scope: AssetScope, requestId: string, serviceId: string, assetId: string): boolean {
  return !scope || scope.some((l) => l.requestId === requestId && l.serviceId === serviceId && l.assetId === assetId);
}

/** A stored scope (RemovalLink.only), read leniently: anything malformed limits to nothing. */
export function readAssetScope(value: unknown): AssetScope {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: unknown) => {
    const l = v as Partial<AssetLine> | null;
    return l && typeof l.requestId === "string" && typeof l.serviceId === "string" && typeof l.assetId === "string"
      ? [{ requestId: l.requestId, serviceId: l.serviceId, assetId: l.assetId }]
      : [];
  });
}
