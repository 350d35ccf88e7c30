// Granting on TikTok, one call per asset so each asset gets its own result:
// - tiktok_ads: the client's Business Center adds the agency's Business Center
//   (`agencyAccount.businessId`) as a partner and shares the ad account with it in one
//   call (Add partner to Business Center, POST /bc/partner/add/,
//   https://business-api.tiktok.com/portal/docs?id=1739662756510721), with the role as
//   `advertiser_role`. Already shared and read-back use "Get partner assets"
//   (GET /bc/partner/asset/get/ with share_type=SHARING,
//   https://business-api.tiktok.com/portal/docs?id=1739662828320769), which gives the
//   partner's `advertiser_role`: a held role that includes the asked one (TIKTOK_ROLE_ORDER)
//   is already granted; a weaker one is raised by the same call.
// - tiktok_business_center: the client's Business Center invites the agency's email as a
//   member (Invite members to BC, POST /bc/member/invite/,
//   https://business-api.tiktok.com/portal/docs?id=1739939455765505) with `user_role`.
//   TikTok's official SDK builds this body as MemberInviteBody with `asset_ids` required
//   (tiktok/tiktok-business-api-sdk, python_sdk/business_api_client/models/member_invite_body.py):
//   the membership alone is asked for, so `asset_ids` is sent empty (no ad account is
//   assigned beyond what the role gives). Already a member and read-back use "Get BC
//   members" (GET /bc/member/get/, https://business-api.tiktok.com/portal/docs?id=1739939404802049),
//   which gives the member's `user_role`; a Standard member asked to be Admin is raised
//   with "Update a member" (POST /bc/member/update/ with `{ bc_id, user_id, user_role }`,
//   MemberUpdateBody in the same SDK, https://business-api.tiktok.com/portal/docs?id=1739939475347457).
//   The invited email joins only once it accepts TikTok's invitation: until then its member row
//   has `relation_status` PENDING, BOUND once accepted (the member list's `relation_status`,
//   also a filter of FilteringBcMemberGet in the same SDK,
//   java_sdk/src/main/java/business_api_client/FilteringBcMemberGet.java). A grant whose member
//   is not BOUND carries an `invitation` (pending, sent to the agency's email, accepted in TikTok
//   Business Center); the access check reads the same row and reports it accepted once BOUND.
// A token or rate-limit code fails the whole attempt; any other refusal is the asset's.
import {
  ConnectorError,
  type AgencyAccountRef,
  type AssetGrantResult,
  type GrantInvitation,
  type InvitationStatus,
  type VerifiedAccess,
} from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { str, tiktokCall, tiktokPaged } from "@/lib/infra/connectors/tiktok/tiktok-api";
import { isBcAdmin, listAdvertisers, listBusinessCenters } from "@/lib/infra/connectors/tiktok/tiktok-assets";
import { TikTokApiError } from "@/lib/infra/connectors/tiktok/tiktok-errors";
import { TIKTOK_ROLE_ORDER, tiktokRole } from "@/lib/infra/connectors/tiktok/tiktok-roles";
import { roleIncludes } from "@/lib/infra/connectors/role-order";
import { assetFailure, attemptError } from "@/lib/infra/connectors/platform-errors";

type GrantInput = {
  accessToken: string;
  serviceId: string;
  assetIds: string[];
  role: string | null;
  agencyAccount: AgencyAccountRef;
};

function notFound(assetId: string, what: string): AssetGrantResult {
  return {
    assetId,
    ok: false,
    error: `${what} ${assetId} was not found among the ones you can share on TikTok.`,
    errorKind: "platform_error",
  };
}

/** Ad account id -> the agency's role on it, as the client's Business Center shares it; null when TikTok would not say. */
async function sharedWithPartner(
  http: ConnectorHttp,
  accessToken: string,
  bcId: string,
  partnerId: string,
): Promise<Map<string, string> | null> {
  try {
    const rows = await tiktokPaged(http, {
      path: "/bc/partner/asset/get/",
      accessToken,
      query: { bc_id: bcId, partner_id: partnerId, asset_type: "ADVERTISER", share_type: "SHARING" },
    });
    const out = new Map<string, string>();
    for (const r of rows) {
      const id = str(r.asset_id);
      if (id) out.set(id, str(r.advertiser_role) ?? "ANALYST");
    }
    return out;
  } catch (err) {
    if (err instanceof TikTokApiError) {
      const whole = attemptError(err);
      if (whole) throw whole;
      // Not a partner yet: TikTok refuses the read; nothing is shared.
      return null;
    }
    throw err;
  }
}

/**
 * Where the invited agency accepts: TikTok Business Center, signed in with the invited email
 * (the invitation email's link opens it too).
 */
export const TIKTOK_ACCEPT_URL = "https://business.tiktok.com/";

/** `relation_status` of "Get BC members": BOUND once the invitation is accepted, PENDING before. */
type Member = { userId: string | null; role: string | null; relation: string | null };

function invitationOf(relation: string | null): InvitationStatus | null {
  if (relation === "BOUND") return "accepted";
  if (relation === "PENDING") return "pending";
  return null;
}

/** `email` as a member (or invited member) of the Business Center, none, or undefined when TikTok would not say. */
async function memberOf(
  http: ConnectorHttp,
  accessToken: string,
  bcId: string,
  email: string,
): Promise<Member | null | undefined> {
  try {
    const rows = await tiktokPaged(
      http,
      { path: "/bc/member/get/", accessToken, query: { bc_id: bcId, filtering: JSON.stringify({ keyword: email }) } },
      5,
    );
    const row = rows.find((r) => str(r.user_email)?.toLowerCase() === email.toLowerCase());
    return row ? { userId: str(row.user_id), role: str(row.user_role), relation: str(row.relation_status) } : null;
  } catch (err) {
    if (err instanceof TikTokApiError) {
      const whole = attemptError(err);
      if (whole) throw whole;
      return undefined;
    }
    throw err;
  }
}

function agencyBusinessCenter(agency: AgencyAccountRef): string {
  if (!agency.businessId)
    throw new ConnectorError(
      "platform_error",
      "The agency has not connected its TikTok Business Center yet, so access cannot be shared with it.",
    );
  return agency.businessId;
}

function agencyEmail(agency: AgencyAccountRef): string {
  if (!agency.email)
    throw new ConnectorError("platform_error", "The agency's TikTok account has no email address to invite yet.");
  return agency.email;
}

export async function grantTikTokAds(http: ConnectorHttp, input: GrantInput): Promise<AssetGrantResult[]> {
  const role = tiktokRole(input.serviceId, input.role);
  const partnerId = agencyBusinessCenter(input.agencyAccount);
  // Only ad accounts of Business Centers the client administers can be shared.
  const owners = new Map(
    (await listAdvertisers(http, input.accessToken)).filter((a) => !a.notGrantable).map((a) => [a.id, a.bcId]),
  );
  const shared = new Map<string, Map<string, string> | null>();
  const sharedOf = async (bcId: string) => {
    if (!shared.has(bcId)) shared.set(bcId, await sharedWithPartner(http, input.accessToken, bcId, partnerId));
    return shared.get(bcId) ?? null;
  };

  const results: AssetGrantResult[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    const bcId = owners.get(assetId);
    if (!bcId) {
      results.push(notFound(assetId, "Ad account"));
      continue;
    }
    const held = (await sharedOf(bcId))?.get(assetId);
    if (held && roleIncludes(TIKTOK_ROLE_ORDER.tiktok_ads!, held, role)) {
      results.push({ assetId, ok: true, error: null, alreadyGranted: true, verified: true });
      continue;
    }
    try {
      await tiktokCall(http, {
        method: "POST",
        path: "/bc/partner/add/",
        accessToken: input.accessToken,
        json: {
          bc_id: bcId,
          partner_id: partnerId,
          asset_type: "ADVERTISER",
          asset_ids: [assetId],
          advertiser_role: role,
        },
      });
      results.push({ assetId, ok: true, error: null, verified: null });
    } catch (err) {
      results.push(assetFailure("TikTok", assetId, err));
    }
  }
  // Read back once per Business Center that granted something.
  const granted = results.filter((r) => r.ok && !r.alreadyGranted);
  for (const bcId of new Set(granted.map((r) => owners.get(r.assetId)!))) {
    const after = await sharedWithPartner(http, input.accessToken, bcId, partnerId);
    for (const r of granted) {
      if (owners.get(r.assetId) !== bcId) continue;
      const now = after?.get(r.assetId);
      r.verified = after === null ? null : !!now && roleIncludes(TIKTOK_ROLE_ORDER.tiktok_ads!, now, role);
    }
  }
  return results;
}

export async function grantTikTokBusinessCenter(http: ConnectorHttp, input: GrantInput): Promise<AssetGrantResult[]> {
  const role = tiktokRole(input.serviceId, input.role);
  const email = agencyEmail(input.agencyAccount);
  const centers = new Set((await listBusinessCenters(http, input.accessToken)).filter(isBcAdmin).map((b) => b.bcId));
  const results: AssetGrantResult[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    if (!centers.has(assetId)) {
      results.push(notFound(assetId, "Business Center"));
      continue;
    }
    try {
      const member = await memberOf(http, input.accessToken, assetId, email);
      const pendingOn = (m: Member | null | undefined): { invitation?: GrantInvitation } =>
        m && m.relation !== "BOUND"
          ? { invitation: { sentTo: email, acceptUrl: TIKTOK_ACCEPT_URL, status: "pending" } }
          : {};
      if (member && roleIncludes(TIKTOK_ROLE_ORDER.tiktok_business_center!, member.role ?? "STANDARD", role)) {
        results.push({ assetId, ok: true, error: null, alreadyGranted: true, verified: true, ...pendingOn(member) });
        continue;
      }
      if (member?.userId) {
        // A member with a weaker role: raise it (one role per member; the asked one includes the held one).
        await tiktokCall(http, {
          method: "POST",
          path: "/bc/member/update/",
          accessToken: input.accessToken,
          json: { bc_id: assetId, user_id: member.userId, user_role: role },
        });
      } else {
        await tiktokCall(http, {
          method: "POST",
          path: "/bc/member/invite/",
          accessToken: input.accessToken,
          json: { bc_id: assetId, emails: [email], user_role: role, asset_type: "ADVERTISER", asset_ids: [] },
        });
      }
      const after = await memberOf(http, input.accessToken, assetId, email);
      results.push({
        assetId,
        ok: true,
        error: null,
        verified:
          after === undefined
            ? null
            : !!after && roleIncludes(TIKTOK_ROLE_ORDER.tiktok_business_center!, after.role ?? "STANDARD", role),
        // invited just now: pending until TikTok reads the member BOUND
        ...(member ? pendingOn(member) : pendingOn(after ?? { userId: null, role: null, relation: null })),
      });
    } catch (err) {
      results.push(assetFailure("TikTok", assetId, err));
    }
  }
  return results;
}

export async function verifyTikTok(
  http: ConnectorHttp,
  input: { accessToken: string; serviceId: string; assetIds: string[]; agencyAccount: AgencyAccountRef },
): Promise<VerifiedAccess[]> {
  if (input.serviceId === "tiktok_business_center") {
    const email = agencyEmail(input.agencyAccount);
    const out: VerifiedAccess[] = [];
    for (const assetId of input.assetIds) {
      // GET /bc/member/get/ (https://business-api.tiktok.com/portal/docs?id=1739939404802049):
      // the member row, with `relation_status` PENDING until the invitation is accepted, BOUND after.
      const member = await memberOf(http, input.accessToken, assetId, email);
      const invitation = member ? invitationOf(member.relation) : null;
      out.push({
        assetId,
        present: !!member,
        detail: invitation === "pending" ? "TikTok invitation not accepted yet" : null,
        ...(invitation ? { invitation } : {}),
        ...(member === undefined ? { unreadable: "TikTok did not list this Business Center's members." } : {}),
      });
    }
    return out;
  }
  const partnerId = agencyBusinessCenter(input.agencyAccount);
  if (input.agencyAccount.agencyAccessToken && input.accessToken === input.agencyAccount.agencyAccessToken) {
    // The agency's own token (an access check, a receipt's read-back): the ad accounts of its own
    // Business Center, where an ad account a client shared with it is listed until the sharing ends
    // ("Get assets", GET /bc/asset/get/ with asset_type=ADVERTISER,
    // https://business-api.tiktok.com/portal/docs?id=1739432717798401; the agency's sign-in, an admin
    // of its Business Center, sees them all). A refused read throws: "cannot be checked", never lost.
    const held = new Set(
      (
        await tiktokPaged(http, {
          path: "/bc/asset/get/",
          accessToken: input.accessToken,
          query: { bc_id: partnerId, asset_type: "ADVERTISER" },
        })
      )
        .map((r) => str(r.asset_id))
        .filter((id): id is string => id !== null),
    );
    return input.assetIds.map((assetId) => ({
      assetId,
      present: held.has(assetId),
      detail: held.has(assetId) ? null : "Not among the ad accounts of the agency's Business Center.",
    }));
  }
  const owners = new Map((await listAdvertisers(http, input.accessToken)).map((a) => [a.id, a.bcId]));
  const cache = new Map<string, Map<string, string> | null>();
  const out: VerifiedAccess[] = [];
  for (const assetId of input.assetIds) {
    const bcId = owners.get(assetId);
    if (!bcId) {
      out.push({ assetId, present: false, detail: "Ad account not found in the client's Business Centers." });
      continue;
    }
    if (!cache.has(bcId)) cache.set(bcId, await sharedWithPartner(http, input.accessToken, bcId, partnerId));
    const shared = cache.get(bcId) ?? null;
    out.push({
      assetId,
      present: shared?.has(assetId) ?? false,
      detail: null,
      ...(shared === null ? { unreadable: "TikTok did not list the assets shared with the agency." } : {}),
    });
  }
  return out;
}
