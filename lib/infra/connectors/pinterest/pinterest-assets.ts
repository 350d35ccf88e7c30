// What a signed-in Pinterest user can share: the ad accounts of the businesses they
// administer.
// - "List business employers for user" (GET /v5/businesses/employers): the businesses the
//   user belongs to, with their `business_roles`; only BIZ_ADMIN can share assets.
// - "List business assets" (GET /v5/businesses/{business_id}/assets?asset_type=AD_ACCOUNT):
//   the business's ad accounts (ids only).
// - "List ad accounts" (GET /v5/ad_accounts): their names.
// (Pinterest API v5 reference, https://developers.pinterest.com/docs/api/v5/; Share business
// access, https://developers.pinterest.com/docs/api-features/share-business-access/.)
import type { Asset } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { pinterestCall, pinterestItems, str } from "@/lib/infra/connectors/pinterest/pinterest-api";

/** Ad account id -> the id of the client business that owns it, for the businesses the user administers. */
export async function adAccountOwners(http: ConnectorHttp, accessToken: string): Promise<Map<string, string>> {
  const employers = await pinterestItems(http, { path: "/businesses/employers", accessToken });
  const owners = new Map<string, string>();
  for (const employer of employers) {
    const businessId = str(employer.id);
    const roles = Array.isArray(employer.business_roles) ? (employer.business_roles as unknown[]) : [];
    if (!businessId || !roles.includes("BIZ_ADMIN")) continue;
    for (const asset of await pinterestItems(http, {
      path: `/businesses/${businessId}/assets`,
      accessToken,
      query: { asset_type: "AD_ACCOUNT" },
    })) {
      const id = str(asset.asset_id);
      if (id && !owners.has(id)) owners.set(id, businessId);
    }
  }
  return owners;
}

export async function listPinterestAdAccounts(http: ConnectorHttp, accessToken: string): Promise<Asset[]> {
  const owners = await adAccountOwners(http, accessToken);
  const names = new Map<string, string | null>();
  for (const account of await pinterestItems(http, {
    path: "/ad_accounts",
    accessToken,
    query: { include_shared_accounts: false },
  })) {
    const id = str(account.id);
    if (id) names.set(id, str(account.name));
  }
  return [...owners.keys()].map((id) => ({ id, name: names.get(id) ?? null }));
}

/** The signed-in user ("Get user account", GET /v5/user_account). */
export async function pinterestUser(
  http: ConnectorHttp,
  accessToken: string,
): Promise<{ username: string | null; businessName: string | null; id: string | null }> {
  const body = await pinterestCall(http, { path: "/user_account", accessToken });
  return { username: str(body.username), businessName: str(body.business_name), id: str(body.id) };
}
