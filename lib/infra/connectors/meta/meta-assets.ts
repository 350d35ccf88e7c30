// What a signed-in Meta user can share, per service, and (on the dashboard) which
// Business Managers an agency user can connect.

import type { AgencyIdentity, Asset } from "@/lib/infra/connectors/connector";
import { ConnectorError } from "@/lib/infra/connectors/connector";
import type { MetaGraph } from "@/lib/infra/connectors/meta/meta-graph";

type Node = { id: string; name?: string; username?: string; user_tasks?: unknown; tasks?: unknown };

const asset = (n: Node): Asset => ({ id: n.id, name: n.name ?? n.username ?? null });

/**
 * Sharing an ad account or a Page with a partner business takes the MANAGE task on it: one
 * the user holds with fewer tasks is listed as not shareable. Graph gives the session user's
 * tasks as `user_tasks` on an ad account ("Ad Account" fields,
 * https://developers.facebook.com/docs/marketing-api/reference/ad-account/) and `tasks` on
 * each Page of "User Accounts" (https://developers.facebook.com/docs/graph-api/reference/user/accounts/).
 * No task list (an older token or API) keeps the asset shareable: Meta then decides.
 */
function withTasks(n: Node, tasks: unknown, reason: "needs_account_admin" | "needs_page_admin"): Asset {
  const a = asset(n);
  return Array.isArray(tasks) && !tasks.includes("MANAGE") ? { ...a, notGrantable: reason } : a;
}

async function businesses(graph: MetaGraph, token: string): Promise<Node[]> {
  // "User Businesses", https://developers.facebook.com/docs/graph-api/reference/user/businesses/
  return graph.list<Node>(token, "me/businesses", { fields: "id,name" });
}

async function perBusiness(graph: MetaGraph, token: string, edge: string, fields: string): Promise<Asset[]> {
  const seen = new Map<string, Asset>();
  for (const b of await businesses(graph, token)) {
    for (const n of await graph.list<Node>(token, `${b.id}/${edge}`, { fields }))
      if (!seen.has(n.id)) seen.set(n.id, asset(n));
  }
  return [...seen.values()];
}

export async function listMetaAssets(graph: MetaGraph, token: string, serviceId: string): Promise<Asset[]> {
  switch (serviceId) {
    case "meta_business_manager":
      return (await businesses(graph, token)).map(asset);
    case "meta_ads":
      // "User Ad Accounts", https://developers.facebook.com/docs/graph-api/reference/user/adaccounts/ (ids are act_<id>)
      return (await graph.list<Node>(token, "me/adaccounts", { fields: "id,name,user_tasks" })).map((n) =>
        withTasks(n, n.user_tasks, "needs_account_admin"),
      );
    case "meta_page":
      // "User Accounts" (the Pages the user can act on), https://developers.facebook.com/docs/graph-api/reference/user/accounts/
      return (await graph.list<Node>(token, "me/accounts", { fields: "id,name,tasks" })).map((n) =>
        withTasks(n, n.tasks, "needs_page_admin"),
      );
    case "meta_catalog":
      // "Business Owned Product Catalogs", https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/business/owned_product_catalogs
      return perBusiness(graph, token, "owned_product_catalogs", "id,name");
    case "meta_pixel":
      // "Business Owned Pixels", https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/business/owned_pixels
      return perBusiness(graph, token, "owned_pixels", "id,name");
    case "meta_instagram":
      // "Business Instagram Accounts", https://developers.facebook.com/documentation/ads-commerce/marketing-api/reference/business/instagram_accounts
      return perBusiness(graph, token, "instagram_accounts", "id,username");
    default:
      throw new ConnectorError("server_error", `Meta connector has no service ${serviceId}`);
  }
}

export async function listMetaAgencyIdentities(graph: MetaGraph, token: string): Promise<AgencyIdentity[]> {
  // "User", https://developers.facebook.com/docs/graph-api/reference/user/ (email needs the email permission)
  const me = await graph.get<{ id: string; name?: string; email?: string }>(token, "me", { fields: "id,name,email" });
  return (await businesses(graph, token)).map((b) => ({
    displayName: b.name ?? b.id,
    email: me.email ?? null,
    platformAccountId: me.id,
    businessId: b.id,
    businessName: b.name ?? null,
  }));
}
