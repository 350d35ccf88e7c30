// Granting on LinkedIn, one call per asset, to the agency member's URN
// (`agencyAccount.platformAccountId`, `urn:li:person:...`):
// - linkedin_ads: "Create Ad Account User" (PUT /rest/adAccountUsers/(account:{urn},user:{urn})
//   with `{ account, user, role }`; Ad Account Users API,
//   https://learn.microsoft.com/en-us/linkedin/marketing/integrations/ads/account-structure/create-and-manage-account-users).
//   Already granted and read-back use "Fetch Ad Account User" (GET on the same key). The PUT
//   replaces the member's one role on the account, so a held role that includes the asked
//   one (LINKEDIN_ROLE_ORDER) is already granted and nothing is written; a weaker one is
//   raised (the asked role includes it).
// - linkedin_page: "Update Organization Access Control" (PUT
//   /rest/organizationAcls/(organization:{urn},role:{ROLE},roleAssignee:{urn}) with
//   `{ roleAssignee, role, organization, state: APPROVED }`; Organization Access Control by Role,
//   https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-access-control-by-role).
//   Already granted and read-back use "Find Organization Access Control"
//   (GET /rest/organizationAcls?q=organization&organization={urn}&state=APPROVED): a held
//   Page role that includes the asked one is already granted. Page roles sit side by side,
//   so adding one never removes another.
// Both PUTs are upserts; a 409 is still read as "already exists". 401 and 429 fail the
// whole attempt; other refusals are the asset's.
import {
  ConnectorError,
  type AgencyAccountRef,
  type AssetGrantResult,
  type VerifiedAccess,
} from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { myAdAccountRoles } from "@/lib/infra/connectors/linkedin/linkedin-assets";
import {
  encodeUrn,
  idOfUrn,
  linkedinCall,
  linkedinSend,
  LINKEDIN_REST,
  str,
} from "@/lib/infra/connectors/linkedin/linkedin-api";
import { LinkedInApiError, linkedinError } from "@/lib/infra/connectors/linkedin/linkedin-errors";
import { LINKEDIN_ROLE_ORDER, linkedinRole } from "@/lib/infra/connectors/linkedin/linkedin-roles";
import { anyIncludes } from "@/lib/infra/connectors/role-order";
import { assetFailure, attemptError } from "@/lib/infra/connectors/platform-errors";

type GrantInput = {
  accessToken: string;
  serviceId: string;
  assetIds: string[];
  role: string | null;
  agencyAccount: AgencyAccountRef;
};

const ID = /^\d{1,20}$/;

export function memberUrn(agency: AgencyAccountRef): string {
  const raw = agency.platformAccountId?.trim();
  if (!raw)
    throw new ConnectorError(
      "platform_error",
      "The agency has not connected its LinkedIn member account yet, so access cannot be shared with it.",
    );
  return raw.startsWith("urn:li:person:") ? raw : `urn:li:person:${raw}`;
}

const adAccountUserUrl = (accountId: string, member: string) =>
  `${LINKEDIN_REST}/adAccountUsers/(account:${encodeUrn(`urn:li:sponsoredAccount:${accountId}`)},user:${encodeUrn(member)})`;
const orgAclUrl = (orgId: string, role: string, member: string) =>
  `${LINKEDIN_REST}/organizationAcls/(organization:${encodeUrn(`urn:li:organization:${orgId}`)},role:${role},roleAssignee:${encodeUrn(member)})`;

/** The member's current role on the ad account; null when none (404). */
async function adAccountRole(
  http: ConnectorHttp,
  accessToken: string,
  accountId: string,
  member: string,
): Promise<string | null> {
  const res = await linkedinSend(http, { url: adAccountUserUrl(accountId, member), accessToken });
  if (res.status === 404) return null;
  if (res.status !== 200) throw linkedinError(res);
  return str((res.json as Record<string, unknown> | null)?.role);
}

/** The member's approved roles on the Page. */
async function orgRoles(http: ConnectorHttp, accessToken: string, orgId: string, member: string): Promise<string[]> {
  const body = await linkedinCall(http, {
    url: `${LINKEDIN_REST}/organizationAcls`,
    accessToken,
    query: { q: "organization", organization: `urn:li:organization:${orgId}`, state: "APPROVED", start: 0, count: 100 },
  });
  return ((Array.isArray(body.elements) ? body.elements : []) as Record<string, unknown>[])
    .filter((el) => el.roleAssignee === member)
    .map((el) => str(el.role))
    .filter((r): r is string => r !== null);
}

async function readBack(check: () => Promise<boolean>): Promise<boolean | null> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof LinkedInApiError && attemptError(err)) throw attemptError(err)!;
    return null;
  }
}

export async function grantLinkedIn(http: ConnectorHttp, input: GrantInput): Promise<AssetGrantResult[]> {
  const role = linkedinRole(input.serviceId, input.role);
  const member = memberUrn(input.agencyAccount);
  const ads = input.serviceId === "linkedin_ads";
  const order = LINKEDIN_ROLE_ORDER[input.serviceId]!;
  const held = async (assetId: string): Promise<string[]> =>
    ads
      ? [await adAccountRole(http, input.accessToken, assetId, member)].filter((r): r is string => r !== null)
      : orgRoles(http, input.accessToken, assetId, member);
  const present = async (assetId: string) => anyIncludes(order, await held(assetId), role);

  const results: AssetGrantResult[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    if (!ID.test(assetId)) {
      results.push({
        assetId,
        ok: false,
        error: `${assetId} is not a LinkedIn ${ads ? "ad account" : "Page"} id.`,
        errorKind: "platform_error",
      });
      continue;
    }
    try {
      if (await present(assetId)) {
        results.push({ assetId, ok: true, error: null, alreadyGranted: true, verified: true });
        continue;
      }
      const res = ads
        ? await linkedinSend(http, {
            method: "PUT",
            url: adAccountUserUrl(assetId, member),
            accessToken: input.accessToken,
            json: { account: `urn:li:sponsoredAccount:${assetId}`, user: member, role },
          })
        : await linkedinSend(http, {
            method: "PUT",
            url: orgAclUrl(assetId, role, member),
            accessToken: input.accessToken,
            json: { roleAssignee: member, role, organization: `urn:li:organization:${assetId}`, state: "APPROVED" },
          });
      if (res.status === 409) {
        results.push({
          assetId,
          ok: true,
          error: null,
          alreadyGranted: true,
          verified: await readBack(() => present(assetId)),
        });
        continue;
      }
      if (res.status < 200 || res.status >= 300) throw linkedinError(res);
      results.push({ assetId, ok: true, error: null, verified: await readBack(() => present(assetId)) });
    } catch (err) {
      results.push(assetFailure("LinkedIn", assetId, err));
    }
  }
  return results;
}

/**
 * The agency member's own Page roles ("Find a Member's Organization Access Control Information",
 * GET /rest/organizationAcls?q=roleAssignee&state=APPROVED with the member's own token; Organization
 * Access Control by Role,
 * https://learn.microsoft.com/en-us/linkedin/marketing/community-management/organizations/organization-access-control-by-role):
 * organization id -> its approved roles.
 */
async function myOrgRoles(http: ConnectorHttp, accessToken: string): Promise<Map<string, string[]>> {
  const body = await linkedinCall(http, {
    url: `${LINKEDIN_REST}/organizationAcls`,
    accessToken,
    query: { q: "roleAssignee", state: "APPROVED", start: 0, count: 100 },
  });
  const out = new Map<string, string[]>();
  for (const el of (Array.isArray(body.elements) ? body.elements : []) as Record<string, unknown>[]) {
    const org = str(el.organization);
    const role = str(el.role);
    if (!org || !role || (el.state !== undefined && el.state !== "APPROVED")) continue;
    out.set(idOfUrn(org), [...(out.get(idOfUrn(org)) ?? []), role]);
  }
  return out;
}

/**
 * Reads granted access back. With the agency's own token (an access check, a receipt's read-back:
 * `accessToken` is `agencyAccount.agencyAccessToken`) the agency member reads its own roles, which
 * it may whether or not an admin's read of the asset is open to it: "Find Ad Account Users by
 * Authenticated User" (r_ads) and its Page roles (r_organization_admin); an asset missing from a
 * read that succeeded is access lost. With the client's token (a grant's or removal's read-back) the
 * asset's own users or roles are read. A refused or failed read throws (LinkedInApiError, mapped by
 * the connector): the caller reports "cannot be checked", never lost.
 */
export async function verifyLinkedIn(
  http: ConnectorHttp,
  input: { accessToken: string; serviceId: string; assetIds: string[]; agencyAccount: AgencyAccountRef },
): Promise<VerifiedAccess[]> {
  const member = memberUrn(input.agencyAccount);
  const agencySide =
    !!input.agencyAccount.agencyAccessToken && input.accessToken === input.agencyAccount.agencyAccessToken;
  const chain = LINKEDIN_ROLE_ORDER.linkedin_page![0]!;
  const pageRoles = (held: string[]) => chain.filter((r) => held.includes(r));
  if (agencySide) {
    const ads = input.serviceId === "linkedin_ads" ? await myAdAccountRoles(http, input.accessToken) : null;
    const pages = ads ? null : await myOrgRoles(http, input.accessToken);
    return input.assetIds.map((assetId) => {
      if (ads) {
        const role = ads.get(assetId) ?? null;
        return { assetId, present: role !== null, detail: role };
      }
      const roles = pageRoles(pages!.get(assetId) ?? []);
      return { assetId, present: roles.length > 0, detail: roles.length > 0 ? roles.join(",") : null };
    });
  }
  const out: VerifiedAccess[] = [];
  for (const assetId of input.assetIds) {
    if (input.serviceId === "linkedin_ads") {
      const role = await adAccountRole(http, input.accessToken, assetId, member);
      out.push({ assetId, present: role !== null, detail: role });
    } else {
      const roles = pageRoles(await orgRoles(http, input.accessToken, assetId, member));
      out.push({ assetId, present: roles.length > 0, detail: roles.length > 0 ? roles.join(",") : null });
    }
  }
  return out;
}
