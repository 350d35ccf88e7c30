// What a signed-in LinkedIn member can share:
// - ad accounts: "Search for Accounts" (GET /rest/adAccounts?q=search, cursor paging with
//   pageSize/pageToken; Account Access,
//   https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-accounts);
// - Pages they administer: "Find a Member's Organization Access Control Information"
//   (GET /rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED; Organization
//   Access Control by Role), named by "Retrieve an Administered Organization"
//   (GET /rest/organizations/{id}; Organization Lookup API,
//   https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-lookup-api).
// Asset ids are the bare numeric ids; the grant builds the URNs.
// Only an ACCOUNT_MANAGER or ACCOUNT_BILLING_ADMIN may manage an ad account's users ("Ad
// Account User Role Definitions", Ad Account Users API): the client's own roles come from
// "Find Ad Accounts by Authenticated User" (GET /rest/adAccountUsers?q=authenticatedUser,
// https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-account-users#find-ad-accounts-by-authenticated-user),
// and an account where they hold a lesser role is listed as not shareable.
import type { Asset } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { idOfUrn, linkedinCall, LINKEDIN_REST, str } from "@/lib/infra/connectors/linkedin/linkedin-api";
import { LINKEDIN_USER_MANAGING_ROLES } from "@/lib/infra/connectors/linkedin/linkedin-roles";

/** Ad account id -> the signed-in member's role on it. */
export async function myAdAccountRoles(http: ConnectorHttp, accessToken: string): Promise<Map<string, string>> {
  const body = await linkedinCall(http, {
    url: `${LINKEDIN_REST}/adAccountUsers`,
    accessToken,
    query: { q: "authenticatedUser" },
  });
  const out = new Map<string, string>();
  for (const el of (Array.isArray(body.elements) ? body.elements : []) as Record<string, unknown>[]) {
    const account = str(el.account);
    const role = str(el.role);
    if (account && role) out.set(idOfUrn(account), role);
  }
  return out;
}

/** The client's ad accounts, those they may not manage users of marked `needs_account_admin`. */
export async function listShareableAdAccounts(http: ConnectorHttp, accessToken: string): Promise<Asset[]> {
  const [accounts, roles] = [await listAdAccounts(http, accessToken), await myAdAccountRoles(http, accessToken)];
  return accounts.map((a) => {
    const role = roles.get(a.id);
    return role && !LINKEDIN_USER_MANAGING_ROLES.includes(role)
      ? { ...a, notGrantable: "needs_account_admin" as const }
      : a;
  });
}

export async function listAdAccounts(http: ConnectorHttp, accessToken: string, maxPages = 10): Promise<Asset[]> {
  const out: Asset[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const body = await linkedinCall(http, {
      url: `${LINKEDIN_REST}/adAccounts`,
      accessToken,
      query: { q: "search", pageSize: 100, pageToken },
    });
    for (const el of (Array.isArray(body.elements) ? body.elements : []) as Record<string, unknown>[]) {
      const id = str(el.id);
      if (id) out.push({ id, name: str(el.name) });
    }
    pageToken = str((body.metadata as Record<string, unknown> | undefined)?.nextPageToken) ?? undefined;
    if (!pageToken) break;
  }
  return out;
}

export async function listAdministeredPages(http: ConnectorHttp, accessToken: string): Promise<Asset[]> {
  const body = await linkedinCall(http, {
    url: `${LINKEDIN_REST}/organizationAcls`,
    accessToken,
    query: { q: "roleAssignee", role: "ADMINISTRATOR", state: "APPROVED", start: 0, count: 100 },
  });
  const ids = [
    ...new Set(
      ((Array.isArray(body.elements) ? body.elements : []) as Record<string, unknown>[])
        .map((el) => str(el.organization))
        .filter((urn): urn is string => urn !== null)
        .map(idOfUrn),
    ),
  ];
  const out: Asset[] = [];
  for (const id of ids) {
    const org = await linkedinCall(http, {
      url: `${LINKEDIN_REST}/organizations/${encodeURIComponent(id)}`,
      accessToken,
    });
    out.push({ id, name: str(org.localizedName) });
  }
  return out;
}

/** The member (OpenID Connect userinfo, GET https://api.linkedin.com/v2/userinfo; Sign In with LinkedIn using OpenID Connect). */
export async function linkedinMember(
  http: ConnectorHttp,
  accessToken: string,
): Promise<{ sub: string; name: string | null; email: string | null }> {
  const body = await linkedinCall(http, { url: "https://api.linkedin.com/v2/userinfo", accessToken });
  const sub = str(body.sub);
  if (!sub) throw new Error("LinkedIn userinfo has no sub");
  return { sub, name: str(body.name), email: str(body.email) };
}
