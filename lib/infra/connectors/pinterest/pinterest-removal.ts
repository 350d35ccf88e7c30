// Removing the agency's business from the client's Pinterest ad accounts (offboarding), with
// the client's token: "Delete partner asset permissions" (DELETE
// /v5/businesses/{business_id}/partners/assets with `{ accesses: [{ partner_id, asset_id,
// partner_type: INTERNAL }] }`, the access a partner has to your business's asset; Pinterest
// API v5, Partners, https://developers.pinterest.com/docs/api/v5/#tag/partners, and "Share
// business access", https://developers.pinterest.com/docs/api-features/share-business-access/).
// The owning business comes from the ad account list, as for grants; the removal is read
// back with "Get assets assigned to a partner".
import type { RemovalToken, RemoveAccessInput, RemovedAccess } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { pinterestSend } from "@/lib/infra/connectors/pinterest/pinterest-api";
import { adAccountOwners } from "@/lib/infra/connectors/pinterest/pinterest-assets";
import { pinterestError } from "@/lib/infra/connectors/pinterest/pinterest-errors";
import { agencyBusinessId, verifyPinterest } from "@/lib/infra/connectors/pinterest/pinterest-grants";
import { attemptError } from "@/lib/infra/connectors/platform-errors";

export function pinterestRemovalToken(serviceId: string): RemovalToken | null {
  return serviceId === "pinterest_ads" ? "client" : null;
}

export async function removePinterestAccess(http: ConnectorHttp, input: RemoveAccessInput): Promise<RemovedAccess[]> {
  const partnerId = agencyBusinessId(input.agencyAccount);
  const owners = await adAccountOwners(http, input.accessToken);
  const out: RemovedAccess[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    const businessId = owners.get(assetId);
    if (!businessId) {
      out.push({ assetId, removed: false, detail: "Pinterest did not list this ad account among yours." });
      continue;
    }
    const res = await pinterestSend(http, {
      method: "DELETE",
      path: `/businesses/${businessId}/partners/assets`,
      accessToken: input.accessToken,
      json: { accesses: [{ partner_id: partnerId, asset_id: assetId, partner_type: "INTERNAL" }] },
    });
    let failure: string | null = null;
    if ((res.status < 200 || res.status >= 300) && res.status !== 404) {
      const err = pinterestError(res);
      const whole = attemptError(err);
      if (whole) throw whole;
      failure = err.message;
    }
    const [read] = await verifyPinterest(http, {
      accessToken: input.accessToken,
      assetIds: [assetId],
      agencyAccount: input.agencyAccount,
    });
    out.push(
      read && !read.present
        ? { assetId, removed: true, detail: null }
        : {
            assetId,
            removed: false,
            detail: failure ?? "Pinterest still lists the agency as a partner of this ad account.",
          },
    );
  }
  return out;
}
