// Removing the agency's Business Manager from the client's Meta assets (offboarding), with
// the client's token: Meta lets an admin of the asset dissociate a partner business, and
// documents no call by which the partner leaves on its own.
//
// - ad account: DELETE /act_{ad-account-id}/agencies with `business` ("Ad Account Agencies",
//   Deleting: https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/ad-account/agencies);
// - Page: the same edge with the Page's own token ("Page Agencies",
//   https://developers.facebook.com/docs/graph-api/reference/page/agencies/);
// - catalog: DELETE /{catalog-id}/agencies with `business` (ProductCatalog `deleteAgencies` in Meta's
//   facebook-nodejs-business-sdk, src/objects/product-catalog.js).
// Each removal is read back through the same GET edge the grant's read-back uses; an asset
// the agency is no longer a partner of counts as removed (also when it was already gone).
// Pixels (shared through `shared_agencies`) and Business Manager people have no documented
// removal call here: they follow the checklist.

import {
  ConnectorError,
  type RemovalToken,
  type RemoveAccessInput,
  type RemovedAccess,
} from "@/lib/infra/connectors/connector";
import { classifyGraphError, shownGraphMessage } from "@/lib/infra/connectors/meta/meta-errors";
import type { MetaGraph } from "@/lib/infra/connectors/meta/meta-graph";
import { pageTokens, readPartner } from "@/lib/infra/connectors/meta/meta-grants";

const REMOVABLE: readonly string[] = ["meta_ads", "meta_page", "meta_catalog"];

export function metaRemovalToken(serviceId: string): RemovalToken | null {
  return REMOVABLE.includes(serviceId) ? "client" : null;
}

export async function removeMetaAccess(graph: MetaGraph, input: RemoveAccessInput): Promise<RemovedAccess[]> {
  if (!REMOVABLE.includes(input.serviceId)) {
    return input.assetIds.map((assetId) => ({
      assetId,
      removed: false,
      detail: "Meta documents no call to remove this access: follow the checklist.",
    }));
  }
  const businessId = input.agencyAccount.businessId;
  if (!businessId)
    throw new ConnectorError(
      "platform_error",
      "The agency's Meta Business Manager is not known, so its access cannot be removed here.",
    );
  const pages = input.serviceId === "meta_page" ? await pageTokens(graph, input.accessToken) : null;
  const out: RemovedAccess[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    const token = pages ? pages.get(assetId) : input.accessToken;
    if (!token) {
      out.push({ assetId, removed: false, detail: "Meta did not list this Page among the Pages you manage." });
      continue;
    }
    const res = await graph.call<{ success?: boolean }>(token, "DELETE", `${assetId}/agencies`, {
      business: businessId,
    });
    const present = await readPartner(graph, token, input.serviceId, assetId, businessId, []);
    if (present === false) {
      out.push({ assetId, removed: true, detail: res.ok ? null : "The agency was no longer a partner of this asset." });
      continue;
    }
    let detail =
      present === null ? "Meta's answer could not be read back." : "Meta still lists the agency as a partner.";
    if (!res.ok)
      detail =
        classifyGraphError(res.error) === "server"
          ? `Meta answered ${res.error.status} for ${assetId}.`
          : shownGraphMessage(res.error, [input.accessToken, token]);
    out.push({ assetId, removed: false, detail });
  }
  return out;
}
