// Granting on Snapchat: the client's organization makes the agency's user a Member with the
// organization role `member`, then gives it the ad account role (Members,
// https://developers.snap.com/api/marketing-api/Ads-API/members; Roles,
// https://developers.snap.com/api/marketing-api/Ads-API/roles). Per organization of the picked
// ad accounts:
// 1. "Get all Members of an Organization" (GET /v1/organizations/{organization_id}/members):
//    the agency's email already a Member (member_status INVITED or MEMBER) is reused;
//    otherwise "Create Members" (POST /v1/organizations/{organization_id}/members with
//    `{ members: [{ email, organization_id, display_name }] }`, the Member attributes marked
//    required) invites it: Snapchat emails the agency, the Member stays INVITED until accepted.
// 2. "Get all Roles of an Organization" (GET /v1/organizations/{organization_id}/roles): what
//    the Member holds. Without the organization role `member` (or `admin`), "Create Roles"
//    (POST /v1/organizations/{organization_id}/roles with `{ roles: [{ member_id,
//    organization_id, type: "member" }] }`) first, as the Roles page requires.
// 3. Per ad account: a held role that includes the requested one (snapchat-roles.ts) is
//    already granted, nothing written; otherwise "Create Roles" with `{ roles: [{ member_id,
//    ad_account_id, type }] }`, then the roles are read back.
// Roles are added, never replaced or removed, so a grant never lowers the agency's access.
// While the Member is INVITED the grant is pending on the agency's side: reported granted
// with `verified: null` and an `invitation` (pending, sent to the agency's email, accepted in
// Snapchat Business Manager, ref = the organization id the check reads it back by); once
// MEMBER with the role, `verified: true`.
// 401 and 429 fail the whole attempt; other refusals (403 when the client is not an admin of
// the organization) are the asset's.
import {
  ConnectorError,
  type AgencyAccountRef,
  type AssetGrantResult,
  type GrantInvitation,
  type VerifiedAccess,
} from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { created, snapchatCall, snapchatList, str } from "@/lib/infra/connectors/snapchat/snapchat-api";
import { snapchatAdAccounts, snapchatOrganizations } from "@/lib/infra/connectors/snapchat/snapchat-assets";
import { SnapchatApiError } from "@/lib/infra/connectors/snapchat/snapchat-errors";
import { snapchatHolds, snapchatRole } from "@/lib/infra/connectors/snapchat/snapchat-roles";
import { assetFailure, attemptError } from "@/lib/infra/connectors/platform-errors";

type GrantInput = {
  accessToken: string;
  serviceId: string;
  assetIds: string[];
  role: string | null;
  agencyAccount: AgencyAccountRef;
};

export type SnapchatMember = { id: string; email: string; status: string | null };
export type SnapchatRole = { id: string; memberId: string; type: string; adAccountId: string | null };

/**
 * Where the invited agency accepts: Snapchat Business Manager, where the invited email signs in
 * and joins the organization (the Member stays INVITED until then: `member_status`, Members,
 * https://developers.snap.com/api/marketing-api/Ads-API/members).
 */
export const SNAPCHAT_ACCEPT_URL = "https://business.snapchat.com/";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function agencyEmail(agency: AgencyAccountRef): string {
  const email = agency.email?.trim();
  if (!email || !EMAIL.test(email))
    throw new ConnectorError(
      "platform_error",
      "The agency has not connected its Snapchat user email yet, so access cannot be shared with it.",
    );
  return email;
}

export async function findMember(
  http: ConnectorHttp,
  accessToken: string,
  organizationId: string,
  email: string,
): Promise<SnapchatMember | null> {
  const members = await snapchatList(
    http,
    { path: `/organizations/${organizationId}/members`, accessToken },
    "members",
    "member",
  );
  const found = members.find((m) => str(m.email)?.toLowerCase() === email.toLowerCase() && str(m.id));
  return found ? { id: str(found.id)!, email: str(found.email)!, status: str(found.member_status) } : null;
}

export async function memberRoles(
  http: ConnectorHttp,
  accessToken: string,
  organizationId: string,
  memberId: string,
): Promise<SnapchatRole[]> {
  const roles = await snapchatList(
    http,
    { path: `/organizations/${organizationId}/roles`, accessToken },
    "roles",
    "role",
  );
  return roles
    .filter((r) => str(r.member_id) === memberId && str(r.id) && str(r.type))
    .map((r) => {
      const onAdAccount = str(r.ad_account_id) ?? (r.container_kind === "AdAccounts" ? str(r.container_id) : null);
      return { id: str(r.id)!, memberId, type: str(r.type)!, adAccountId: onAdAccount };
    });
}

const orgTypes = (roles: SnapchatRole[]) => roles.filter((r) => r.adAccountId === null).map((r) => r.type);
const accountTypes = (roles: SnapchatRole[], adAccountId: string) =>
  roles.filter((r) => r.adAccountId === adAccountId).map((r) => r.type);

async function createRole(
  http: ConnectorHttp,
  accessToken: string,
  organizationId: string,
  role: Record<string, string>,
): Promise<void> {
  created(
    await snapchatCall(http, {
      method: "POST",
      path: `/organizations/${organizationId}/roles`,
      accessToken,
      json: { roles: [role] },
    }),
    "roles",
    "role",
  );
}

/** The agency's Member in the organization, invited when missing, with the organization role `member`. */
async function ensureMember(
  http: ConnectorHttp,
  accessToken: string,
  organizationId: string,
  email: string,
): Promise<SnapchatMember> {
  let member = await findMember(http, accessToken, organizationId, email);
  if (!member) {
    try {
      const body = await snapchatCall(http, {
        method: "POST",
        path: `/organizations/${organizationId}/members`,
        accessToken,
        json: { members: [{ email, organization_id: organizationId, display_name: email }] },
      });
      const m = created(body, "members", "member");
      member = { id: str(m.id)!, email, status: str(m.member_status) ?? "INVITED" };
    } catch (err) {
      // Invited meanwhile (another tab, a colleague): the Member is there now.
      const again =
        err instanceof SnapchatApiError && err.status === 400
          ? await findMember(http, accessToken, organizationId, email)
          : null;
      if (!again) throw err;
      member = again;
    }
  }
  const held = orgTypes(await memberRoles(http, accessToken, organizationId, member.id));
  if (!held.includes("member") && !held.includes("admin")) {
    await createRole(http, accessToken, organizationId, {
      member_id: member.id,
      organization_id: organizationId,
      type: "member",
    });
  }
  return member;
}

export async function grantSnapchat(http: ConnectorHttp, input: GrantInput): Promise<AssetGrantResult[]> {
  const wanted = snapchatRole(input.serviceId, input.role);
  const email = agencyEmail(input.agencyAccount);
  const token = input.accessToken;
  const orgOf = new Map((await snapchatAdAccounts(http, token)).map((a) => [a.id, a.organizationId]));
  const members = new Map<string, SnapchatMember | SnapchatApiError | Error>();

  const results: AssetGrantResult[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    const organizationId = orgOf.get(assetId);
    if (!organizationId) {
      results.push({
        assetId,
        ok: false,
        error: `${assetId} is not an ad account of a Snapchat organization you belong to.`,
        errorKind: "platform_error",
      });
      continue;
    }
    try {
      if (!members.has(organizationId)) {
        // One invitation per organization; its failure is every one of its ad accounts' failure.
        members.set(organizationId, await ensureMember(http, token, organizationId, email).catch((err: Error) => err));
      }
      const member = members.get(organizationId)!;
      if (member instanceof Error) throw member;
      const pending = member.status !== "MEMBER";
      const invitation: { invitation?: GrantInvitation } = pending
        ? { invitation: { sentTo: email, acceptUrl: SNAPCHAT_ACCEPT_URL, status: "pending", ref: organizationId } }
        : {};
      const roles = await memberRoles(http, token, organizationId, member.id);
      if (snapchatHolds(wanted, { organization: orgTypes(roles), adAccount: accountTypes(roles, assetId) })) {
        results.push({
          assetId,
          ok: true,
          error: null,
          alreadyGranted: true,
          verified: pending ? null : true,
          ...invitation,
        });
        continue;
      }
      await createRole(http, token, organizationId, { member_id: member.id, ad_account_id: assetId, type: wanted });
      const read = await readBack(() =>
        memberRoles(http, token, organizationId, member.id).then((r) => accountTypes(r, assetId).includes(wanted)),
      );
      results.push({
        assetId,
        ok: true,
        error: null,
        verified: read === false ? false : pending ? null : read,
        ...invitation,
      });
    } catch (err) {
      results.push(assetFailure("Snapchat", assetId, err));
    }
  }
  return results;
}

async function readBack(check: () => Promise<boolean>): Promise<boolean | null> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof SnapchatApiError && attemptError(err)) throw attemptError(err)!;
    return null;
  }
}

/**
 * Read with the agency's own token (access checks): an ad account is present when the agency's
 * user sees it among its organizations' ad accounts, which it does once it accepted the
 * invitation and holds a role on it. For a grant still waiting on the agency (`invitationRefs`,
 * the organization ids it was invited to), acceptance is read in the same call: "Get All
 * Organizations" (GET /v1/me/organizations,
 * https://developers.snap.com/api/marketing-api/Ads-API/organizations) lists the organizations
 * the user is a Member of, so the client's organization appears there once the agency's Member
 * is no longer INVITED. The Member's own `member_status` ("Get all Members of an Organization",
 * https://developers.snap.com/api/marketing-api/Ads-API/members) is readable only with a token of
 * the client's organization, which the check does not hold.
 */
export async function verifySnapchat(
  http: ConnectorHttp,
  input: { accessToken: string; assetIds: string[]; invitationRefs?: string[] },
): Promise<VerifiedAccess[]> {
  const { organizationIds, adAccounts } = await snapchatOrganizations(http, input.accessToken);
  const visible = new Set(adAccounts.map((a) => a.id));
  const refs = input.invitationRefs ?? [];
  const joined = refs.length > 0 && refs.every((org) => organizationIds.has(org));
  return input.assetIds.map((assetId): VerifiedAccess => {
    if (visible.has(assetId))
      return { assetId, present: true, detail: null, ...(refs.length ? { invitation: "accepted" as const } : {}) };
    if (refs.length && !joined)
      return { assetId, present: false, detail: "Snapchat invitation not accepted yet", invitation: "pending" };
    return {
      assetId,
      present: false,
      detail: joined
        ? "The agency joined the Snapchat organization but does not see this ad account."
        : "The agency's Snapchat user does not see this ad account: accept Snapchat's invitation email if it is still pending.",
      ...(joined ? { invitation: "accepted" as const } : {}),
    };
  });
}
