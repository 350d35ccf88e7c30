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
import type { Asset } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { idOfUrn, linkedinCall, LINKEDIN_REST, str } from "@/lib/infra/connectors/linkedin/linkedin-api";

export async function listAdAccounts(http: ConnectorHttp, accessToken: string, maxPages = 10): Promise<Asset[]> {
  const out: Asset[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const body = await linkedinCall(http, { url: `${LINKEDIN_REST}/adAccounts`, accessToken, query: { q: "search", pageSize: 100, pageToken } });
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
    const org = await linkedinCall(http, { url: `${LINKEDIN_REST}/organizations/${encodeURIComponent(id)}`, accessToken });
    out.push({ id, name: str(org.localizedName) });
  }
  return out;
}

/** The member (OpenID Connect userinfo, GET https://api.linkedin.com/v2/userinfo; Sign In with LinkedIn using OpenID Connect). */
export async function linkedinMember(http: ConnectorHttp, accessToken: string): Promise<{ sub: string; name: string | null; email: string | null }> {
  const body = await linkedinCall(http, { url: "https://api.linkedin.com/v2/userinfo", accessToken });
  const sub = str(body.sub);
  if (!sub) throw new Error("LinkedIn userinfo has no sub");
  return { sub, name: str(body.name), email: str(body.email) };
}
