// What a signed-in Snapchat user can share: the ad accounts of their organizations ("Get All
// Organizations with Ad Accounts", GET /v1/me/organizations?with_ad_accounts=true,
// Organizations, https://developers.snap.com/api/marketing-api/Ads-API/organizations), and who
// they are ("Get the Authenticated User", GET /v1/me, User,
// https://developers.snap.com/api/marketing-api/Ads-API/user).
import type { Asset } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { snapchatCall, snapchatList, str } from "@/lib/infra/connectors/snapchat/snapchat-api";

export type SnapchatAdAccount = { id: string; name: string | null; organizationId: string };

export async function snapchatAdAccounts(http: ConnectorHttp, accessToken: string): Promise<SnapchatAdAccount[]> {
  return (await snapchatOrganizations(http, accessToken)).adAccounts;
}

/**
 * The organizations the signed-in user is a Member of (an invitation not accepted yet does not
 * list its organization), with the ad accounts it sees in them.
 */
export async function snapchatOrganizations(
  http: ConnectorHttp,
  accessToken: string,
): Promise<{ organizationIds: Set<string>; adAccounts: SnapchatAdAccount[] }> {
  const orgs = await snapchatList(
    http,
    { path: "/me/organizations", accessToken, query: { with_ad_accounts: true } },
    "organizations",
    "organization",
  );
  const out: SnapchatAdAccount[] = [];
  const organizationIds = new Set<string>();
  for (const org of orgs) {
    const organizationId = str(org.id);
    if (!organizationId) continue;
    organizationIds.add(organizationId);
    for (const account of (Array.isArray(org.ad_accounts) ? org.ad_accounts : []) as Record<string, unknown>[]) {
      const id = str(account?.id);
      if (id && !out.some((a) => a.id === id)) out.push({ id, name: str(account.name), organizationId });
    }
  }
  return { organizationIds, adAccounts: out };
}

export async function listSnapchatAdAccounts(http: ConnectorHttp, accessToken: string): Promise<Asset[]> {
  return (await snapchatAdAccounts(http, accessToken)).map(({ id, name }) => ({ id, name }));
}

export async function snapchatMe(
  http: ConnectorHttp,
  accessToken: string,
): Promise<{ id: string | null; email: string | null; displayName: string | null; organizationId: string | null }> {
  const body = await snapchatCall(http, { path: "/me", accessToken });
  const me = (body.me ?? {}) as Record<string, unknown>;
  return {
    id: str(me.id),
    email: str(me.email),
    displayName: str(me.display_name),
    organizationId: str(me.organization_id),
  };
}
