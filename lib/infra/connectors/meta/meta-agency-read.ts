// Reading granted Meta access back from the agency's side, with the agency's own token: an
// access check, a receipt's read-back. The agency's token cannot read a client asset's
// `agencies` edge (only the asset's admins can); it reads what its own business lists instead.
// Only a read that succeeded and does not list the asset is "gone"; a read Meta refuses for
// its own reasons (a missing permission, an unknown object) leaves the asset unreadable, and a
// token or throttling error throws (MetaGraph.call) so the whole check says why.
import type { AgencyAccountRef, VerifiedAccess } from "@/lib/infra/connectors/connector";
import { shownGraphMessage, type GraphError } from "@/lib/infra/connectors/meta/meta-errors";
import type { MetaGraph } from "@/lib/infra/connectors/meta/meta-graph";
import type { MetaPartnerService } from "@/lib/infra/connectors/meta/meta-roles";

// The client-owned assets the agency's business can access
// ("Business Client Ad Accounts",
// https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/business/client_ad_accounts;
// "Business Client Pages", .../reference/business/client_pages; "Business Client Product Catalogs",
// .../reference/business/client_product_catalogs; "Business Client Pixels", .../reference/business/client_pixels).
// The agency's own token cannot read a client asset's `agencies` edge (only the asset's admins can),
// so an access check, a receipt's read-back and the agency's own removal read this side.
const CLIENT_EDGES: Record<MetaPartnerService, string> = {
  meta_ads: "client_ad_accounts",
  meta_page: "client_pages",
  meta_catalog: "client_product_catalogs",
  meta_pixel: "client_pixels",
};

/** Why a read Meta refused for one of its own reasons (a missing permission, an unknown object) tells nothing. */
function unreadableText(error: GraphError, secrets: string[]): string {
  return `Meta refused the read (${shownGraphMessage(error, secrets)}).`;
}

/**
 * The ids the agency's business lists on its client edge for the service, or Meta's refusal.
 * Token and throttling errors throw (graph.call): the whole check cannot be made.
 */
async function readClientEdge(
  graph: MetaGraph,
  token: string,
  businessId: string,
  serviceId: MetaPartnerService,
): Promise<{ ids: Set<string> } | { error: GraphError }> {
  const ids = new Set<string>();
  let path = `${businessId}/${CLIENT_EDGES[serviceId]}`;
  let params: Record<string, string | undefined> = { fields: "id,name", limit: "100" };
  for (let page = 0; page < 20; page++) {
    const out = await graph.call<{ data?: { id?: string }[]; paging?: { next?: string } }>(token, "GET", path, params);
    if (!out.ok) return { error: out.error };
    for (const row of out.data.data ?? []) if (row.id) ids.add(row.id);
    const next = out.data.paging?.next;
    if (!next) break;
    // "Paginated Results": the next link carries the query; the token and proof are set again
    const url = new URL(next);
    path = `${url.origin}${url.pathname}`;
    params = Object.fromEntries([...url.searchParams].filter(([k]) => k !== "access_token" && k !== "appsecret_proof"));
  }
  return { ids };
}

/** An access check or a receipt's read-back with the agency's own token: the agency's side only. */
export async function verifyMetaFromAgencySide(
  graph: MetaGraph,
  input: { accessToken: string; serviceId: string; assetIds: string[]; agencyAccount: AgencyAccountRef },
): Promise<VerifiedAccess[]> {
  const unreadable = (why: string) =>
    input.assetIds.map((assetId) => ({ assetId, present: false, detail: null, unreadable: why }));
  const businessId = input.agencyAccount.businessId;
  if (input.serviceId === "meta_business_manager") {
    // "User Businesses" (GET /me/businesses,
    // https://developers.facebook.com/docs/graph-api/reference/user/businesses/) lists the Business
    // Managers the agency's user belongs to; an invitation not yet accepted is not among them, so a
    // business missing from it is not known to be lost.
    const out = await graph.call<{ data?: { id?: string }[] }>(input.accessToken, "GET", "me/businesses", {
      fields: "id,name",
      limit: "100",
    });
    if (!out.ok) return unreadable(unreadableText(out.error, [input.accessToken]));
    const member = new Set((out.data.data ?? []).map((b) => b.id));
    return input.assetIds.map((assetId) =>
      member.has(assetId)
        ? { assetId, present: true, detail: "member" }
        : {
            assetId,
            present: false,
            detail: null,
            unreadable:
              "Meta lists the agency among the business's people only once its invitation is accepted, so it cannot be read from the agency's side yet.",
          },
    );
  }
  if (!businessId) return unreadable("The agency's Meta Business Manager is not known, so its access cannot be read.");
  const read = await readClientEdge(graph, input.accessToken, businessId, input.serviceId as MetaPartnerService);
  if ("error" in read) return unreadable(unreadableText(read.error, [input.accessToken]));
  // a read that succeeded: listed is present, missing is gone
  return input.assetIds.map((assetId) => ({
    assetId,
    present: read.ids.has(assetId),
    detail: read.ids.has(assetId) ? null : "not among the agency business's client assets",
  }));
}
