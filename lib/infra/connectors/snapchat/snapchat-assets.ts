// What a signed-in Snapchat user can share: the ad accounts of their organizations ("Get All
// Organizations with Ad Accounts", GET /v1/me/organizations?with_ad_accounts=true,
// Organizations, https://developers.snap.com/api/marketing-api/Ads-API/organizations), and who
// they are ("Get the Authenticated User", GET /v1/me, User,
// https://developers.snap.com/api/marketing-api/Ads-API/user). Adding a Member is what a
// grant starts with, and only the Organization role `admin` may do it ("Admin access to
// everything in the Organization ... adding new Members, assigning Roles", Roles,
// https://developers.snap.com/api/marketing-api/Ads-API/roles): so the picker reads, per
// organization, the signed-in user's Member (its email, "Get all Members of an Organization",
// GET /v1/organizations/{organization_id}/members) and its roles ("Get all Roles of an
// Organization", GET /v1/organizations/{organization_id}/roles); an organization where that
// Member holds no organization-level `admin` role (or whose members it may not read: 403)
// offers its ad accounts disabled, with the reason.
import type { Asset } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { snapchatCall, snapchatList, str } from "@/lib/infra/connectors/snapchat/snapchat-api";
import { SnapchatApiError } from "@/lib/infra/connectors/snapchat/snapchat-errors";

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

/** Whether the signed-in user (by email) holds the Organization role `admin`, which adds Members. */
export async function mayAddMembers(
  http: ConnectorHttp,
  accessToken: string,
  organizationId: string,
  email: string,
): Promise<boolean> {
  const org = encodeURIComponent(organizationId);
  try {
    const members = await snapchatList(
      http,
      { path: `/organizations/${org}/members`, accessToken },
      "members",
      "member",
    );
    const mine = new Set(
      members.filter((m) => str(m.email)?.toLowerCase() === email.toLowerCase()).map((m) => str(m.id)),
    );
    if (mine.size === 0) return false;
    const roles = await snapchatList(http, { path: `/organizations/${org}/roles`, accessToken }, "roles", "role");
    return roles.some((r) => mine.has(str(r.member_id)) && !str(r.ad_account_id) && str(r.type) === "admin");
  } catch (err) {
    if (err instanceof SnapchatApiError && err.status === 403) return false;
    throw err;
  }
}

/** The ad accounts to pick from: those of organizations where the user may not add Members disabled. */
export async function listSnapchatAdAccounts(http: ConnectorHttp, accessToken: string): Promise<Asset[]> {
  const accounts = await snapchatAdAccounts(http, accessToken);
  const me = await snapchatMe(http, accessToken);
  const allowed = new Map<string, boolean>();
  for (const orgId of new Set(accounts.map((a) => a.organizationId)))
    allowed.set(orgId, me.email === null ? true : await mayAddMembers(http, accessToken, orgId, me.email));
  return accounts.map(({ id, name, organizationId }) =>
    allowed.get(organizationId) ? { id, name } : { id, name, notGrantable: "needs_org_admin" as const },
  );
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
