// Granting on Pinterest: the client's business shares each ad account with the agency's
// business as a partner (Share business access,
// https://developers.pinterest.com/docs/api-features/share-business-access/). The agency's
// business id is `agencyAccount.businessId` (or `platformAccountId`).
// - Is the agency already a partner? "Get business partners"
//   (GET /v5/businesses/{business_id}/partners?partner_ids={agency}&partner_type=INTERNAL).
// - Partner already: read its access ("Get assets assigned to a partner",
//   GET /v5/businesses/{business_id}/partners/{partner_id}/assets?partner_type=INTERNAL);
//   an ad account already carrying the permission, or one that includes it
//   (PINTEREST_ROLE_ORDER), is already granted; otherwise "Assign/Update partner asset
//   permissions" (PATCH /v5/businesses/{business_id}/partners/assets with
//   `{ accesses: [{ partner_id, asset_id, permissions }] }`, https://developers.pinterest.com/docs/api/v5/business_partner_asset_access-update),
//   which overrides the partner's permissions on the asset, so `permissions` is the union of
//   the held ones and the asked one; then read back.
// - Not a partner yet: "Create invites or requests" (POST /v5/businesses/{business_id}/invites
//   with `{ business_role: PARTNER, invite_type: PARTNER_INVITE, partners: [agency] }`), then
//   "Update invite/request with an asset permission" (POST
//   /v5/businesses/{business_id}/invites/assets/access with `{ invites: [{ invite_id,
//   invite_type, asset_id_to_permissions }] }`). The agency accepts the invite in Business
//   Manager or with "Accept now" (acceptPinterestInvites); until then the partnership cannot
//   be read back (`verified: null`): the result carries the invite's id, and the access
//   checks read the invite's status with the agency's token (receivedInviteStatus).
// 401 and 429 fail the whole attempt; other refusals are the asset's.
import {
  ConnectorError,
  type AgencyAccountRef,
  type AssetGrantResult,
  type VerifiedAccess,
} from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { pinterestCall, pinterestItems, str } from "@/lib/infra/connectors/pinterest/pinterest-api";
import { adAccountOwners } from "@/lib/infra/connectors/pinterest/pinterest-assets";
import { PinterestApiError } from "@/lib/infra/connectors/pinterest/pinterest-errors";
import { PINTEREST_ROLE_ORDER, pinterestPermission } from "@/lib/infra/connectors/pinterest/pinterest-roles";
import { anyIncludes } from "@/lib/infra/connectors/role-order";
import { assetFailure, attemptError } from "@/lib/infra/connectors/platform-errors";

/** Where the agency accepts a partner invite by hand: Business Manager's business access page. */
export const PINTEREST_ACCEPT_URL = "https://www.pinterest.com/business/business-access/";

type GrantInput = {
  accessToken: string;
  serviceId: string;
  assetIds: string[];
  role: string | null;
  agencyAccount: AgencyAccountRef;
};

const ID = /^\d{1,25}$/;

export function agencyBusinessId(agency: AgencyAccountRef): string {
  const raw = (agency.businessId ?? agency.platformAccountId)?.trim();
  if (!raw || !ID.test(raw))
    throw new ConnectorError(
      "platform_error",
      "The agency has not connected its Pinterest business yet, so access cannot be shared with it.",
    );
  return raw;
}

async function isPartner(
  http: ConnectorHttp,
  accessToken: string,
  businessId: string,
  partnerId: string,
): Promise<boolean> {
  const items = await pinterestItems(http, {
    path: `/businesses/${businessId}/partners`,
    accessToken,
    query: { partner_ids: partnerId, partner_type: "INTERNAL" },
  });
  return items.some((p) => str(p.id) === partnerId);
}

/** The agency's permissions on each of the business's ad accounts it was given. */
async function partnerAccess(
  http: ConnectorHttp,
  accessToken: string,
  businessId: string,
  partnerId: string,
): Promise<Map<string, string[]>> {
  const items = await pinterestItems(http, {
    path: `/businesses/${businessId}/partners/${partnerId}/assets`,
    accessToken,
    query: { partner_type: "INTERNAL", asset_type: "AD_ACCOUNT" },
  });
  const out = new Map<string, string[]>();
  for (const item of items) {
    const id = str(item.asset_id);
    if (id)
      out.set(
        id,
        (Array.isArray(item.permissions) ? item.permissions : []).filter((p): p is string => typeof p === "string"),
      );
  }
  return out;
}

/** The invite's id, or the invite exception as a Pinterest error. */
async function invitePartner(
  http: ConnectorHttp,
  accessToken: string,
  businessId: string,
  partnerId: string,
): Promise<string> {
  const body = await pinterestCall(http, {
    method: "POST",
    path: `/businesses/${businessId}/invites`,
    accessToken,
    json: { business_role: "PARTNER", invite_type: "PARTNER_INVITE", partners: [partnerId] },
  });
  const first = ((Array.isArray(body.items) ? body.items : []) as Record<string, unknown>[])[0] ?? {};
  const inviteId = str((first.invite as Record<string, unknown> | null | undefined)?.id);
  if (inviteId) return inviteId;
  const exception = (first.exception ?? {}) as Record<string, unknown>;
  throw new PinterestApiError(
    typeof exception.code === "number" ? exception.code : 400,
    str(exception.message) ?? "The partner invite was not created",
    null,
  );
}

export async function grantPinterest(http: ConnectorHttp, input: GrantInput): Promise<AssetGrantResult[]> {
  const permission = pinterestPermission(input.serviceId, input.role);
  const partnerId = agencyBusinessId(input.agencyAccount);
  const token = input.accessToken;
  const owners = await adAccountOwners(http, token);
  const partnerOf = new Map<string, boolean>();
  const inviteOf = new Map<string, string>();

  const results: AssetGrantResult[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    const businessId = ID.test(assetId) ? owners.get(assetId) : undefined;
    if (!businessId) {
      results.push({
        assetId,
        ok: false,
        error: `${assetId} is not an ad account of a Pinterest business you administer.`,
        errorKind: "platform_error",
      });
      continue;
    }
    try {
      if (!partnerOf.has(businessId)) partnerOf.set(businessId, await isPartner(http, token, businessId, partnerId));
      if (partnerOf.get(businessId)) {
        const held = (await partnerAccess(http, token, businessId, partnerId)).get(assetId) ?? [];
        if (anyIncludes(PINTEREST_ROLE_ORDER, held, permission)) {
          results.push({ assetId, ok: true, error: null, alreadyGranted: true, verified: true });
          continue;
        }
        // The PATCH overrides the partner's permissions on the asset: send what it holds too.
        await pinterestCall(http, {
          method: "PATCH",
          path: `/businesses/${businessId}/partners/assets`,
          accessToken: token,
          json: {
            accesses: [{ partner_id: partnerId, asset_id: assetId, permissions: [...new Set([...held, permission])] }],
          },
        });
        results.push({
          assetId,
          ok: true,
          error: null,
          verified: await readBack(() =>
            partnerAccess(http, token, businessId, partnerId).then((m) =>
              anyIncludes(PINTEREST_ROLE_ORDER, m.get(assetId) ?? [], permission),
            ),
          ),
        });
        continue;
      }
      if (!inviteOf.has(businessId)) inviteOf.set(businessId, await invitePartner(http, token, businessId, partnerId));
      const body = await pinterestCall(http, {
        method: "POST",
        path: `/businesses/${businessId}/invites/assets/access`,
        accessToken: token,
        json: {
          invites: [
            {
              invite_id: inviteOf.get(businessId),
              invite_type: "PARTNER_INVITE",
              asset_id_to_permissions: { [assetId]: [permission] },
            },
          ],
        },
      });
      const item = ((Array.isArray(body.items) ? body.items : []) as Record<string, unknown>[])[0] ?? {};
      const exception = item.exception as Record<string, unknown> | null | undefined;
      if (exception)
        throw new PinterestApiError(
          typeof exception.code === "number" ? exception.code : 400,
          str(exception.message) ?? "The asset was not added to the invite",
          null,
        );
      results.push({
        assetId,
        ok: true,
        error: null,
        verified: null,
        invitation: {
          sentTo: `Pinterest business ${partnerId}`,
          acceptUrl: PINTEREST_ACCEPT_URL,
          status: "pending",
          ref: inviteOf.get(businessId) ?? null,
        },
      });
    } catch (err) {
      results.push(assetFailure("Pinterest", assetId, err));
    }
  }
  return results;
}

async function readBack(check: () => Promise<boolean>): Promise<boolean | null> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof PinterestApiError && attemptError(err)) throw attemptError(err)!;
    return null;
  }
}

/**
 * The status of the agency's received partner invites, read with the agency's own token:
 * "Get invites/requests" (GET /v5/businesses/{business_id}/invites, operationId get/invites,
 * pinterest/api-description v5/openapi.json, https://github.com/pinterest/api-description),
 * `invite_data.invite_status` PENDING, ACCEPTED, DECLINED, CANCELLED or EXPIRED.
 */
async function receivedInviteStatus(
  http: ConnectorHttp,
  token: string,
  partnerId: string,
  refs: string[],
): Promise<Map<string, string>> {
  const items = await pinterestItems(http, {
    path: `/businesses/${partnerId}/invites`,
    accessToken: token,
    query: { is_member: false, invite_type: "PARTNER_INVITE" },
  });
  const out = new Map<string, string>();
  for (const item of items) {
    const id = str(item.id);
    const status = str((item.invite_data as Record<string, unknown> | null | undefined)?.invite_status);
    if (id && refs.includes(id) && status) out.set(id, status);
  }
  return out;
}

/**
 * The agency accepts the client's partner invites with its own token: "Accept or decline an
 * invite/request" (PATCH /v5/businesses/invites, operationId respond_business_access_invites,
 * pinterest/api-description v5/openapi.json, https://github.com/pinterest/api-description; body AuthRespondInvitesBody:
 * `{ invites: [{ invite_id, action: { accept_invite: true } }] }`, at most 100).
 */
export async function acceptPinterestInvites(
  http: ConnectorHttp,
  input: { accessToken: string; refs: string[]; agencyAccount: AgencyAccountRef },
): Promise<{ accepted: boolean; detail: string | null }> {
  agencyBusinessId(input.agencyAccount);
  const refs = [...new Set(input.refs)].filter((r) => ID.test(r)).slice(0, 100);
  if (refs.length === 0) return { accepted: false, detail: "No Pinterest invite to accept." };
  const body = await pinterestCall(http, {
    method: "PATCH",
    path: "/businesses/invites",
    accessToken: input.accessToken,
    json: { invites: refs.map((invite_id) => ({ invite_id, action: { accept_invite: true } })) },
  });
  const items = (Array.isArray(body.items) ? body.items : []) as Record<string, unknown>[];
  const refused = items
    .map((i) => i.exception as Record<string, unknown> | null | undefined)
    .find((e) => e && str(e.message));
  if (refused) return { accepted: false, detail: str(refused.message) };
  return { accepted: items.length > 0, detail: null };
}

export async function verifyPinterest(
  http: ConnectorHttp,
  input: { accessToken: string; assetIds: string[]; agencyAccount: AgencyAccountRef; invitationRefs?: string[] },
): Promise<VerifiedAccess[]> {
  const partnerId = agencyBusinessId(input.agencyAccount);
  if (input.invitationRefs?.length) {
    // a partner invite not accepted yet: its status is what can be read (the partnership and
    // its assets exist only once the agency accepts)
    const statuses = await receivedInviteStatus(http, input.accessToken, partnerId, input.invitationRefs);
    const all = input.invitationRefs.map((r) => statuses.get(r) ?? null);
    const accepted = all.every((st) => st === "ACCEPTED");
    const detail = `invite ${[...new Set(all.map((st) => st ?? "not found"))].join(", ")}`;
    return input.assetIds.map((assetId) => ({
      assetId,
      present: accepted,
      detail,
      invitation: accepted ? "accepted" : all.some((st) => st === "PENDING") ? "pending" : null,
    }));
  }
  // the agency's own token (an access check, a receipt's read-back): its side of the partnership
  if (input.accessToken === input.agencyAccount.agencyAccessToken)
    return verifyPinterestAsPartner(http, input.accessToken, partnerId, input.assetIds);
  const owners = await adAccountOwners(http, input.accessToken);
  const byBusiness = new Map<string, Map<string, string[]>>();
  const out: VerifiedAccess[] = [];
  for (const assetId of input.assetIds) {
    const businessId = owners.get(assetId);
    if (!businessId) {
      out.push({ assetId, present: false, detail: null });
      continue;
    }
    if (!byBusiness.has(businessId))
      byBusiness.set(businessId, await partnerAccess(http, input.accessToken, businessId, partnerId));
    const perms = byBusiness.get(businessId)!.get(assetId);
    out.push({ assetId, present: !!perms?.length, detail: perms?.length ? perms.join(",") : null });
  }
  return out;
}

/**
 * The agency reads the access its business was given, from its own side: "Get business partners"
 * (GET /v5/businesses/{business_id}/partners?partner_type=EXTERNAL, the partners that granted
 * the business access to their assets), then for each "Get assets assigned to a partner or
 * assets assigned by a partner" (GET /v5/businesses/{business_id}/partners/{partner_id}/assets
 * ?partner_type=EXTERNAL: "the partner's business assets that the partner has granted you access
 * to"), both biz_access:read (pinterest/api-description v5/openapi.yaml). Only these successful
 * reads not listing the ad account make it absent; a refused read throws (the check says it
 * cannot be checked, never lost).
 */
async function verifyPinterestAsPartner(
  http: ConnectorHttp,
  token: string,
  agencyBusinessId: string,
  assetIds: string[],
): Promise<VerifiedAccess[]> {
  const partners = await pinterestItems(http, {
    path: `/businesses/${agencyBusinessId}/partners`,
    accessToken: token,
    query: { partner_type: "EXTERNAL" },
  });
  const held = new Map<string, string[]>();
  for (const partner of partners) {
    const partnerId = str(partner.id);
    if (!partnerId || !ID.test(partnerId)) continue;
    for (const item of await pinterestItems(http, {
      path: `/businesses/${agencyBusinessId}/partners/${partnerId}/assets`,
      accessToken: token,
      query: { partner_type: "EXTERNAL", asset_type: "AD_ACCOUNT" },
    })) {
      const id = str(item.asset_id);
      const perms = (Array.isArray(item.permissions) ? item.permissions : []).filter(
        (p): p is string => typeof p === "string",
      );
      if (id && perms.length) held.set(id, [...new Set([...(held.get(id) ?? []), ...perms])]);
    }
  }
  return assetIds.map((assetId) => {
    const perms = held.get(assetId);
    return { assetId, present: !!perms, detail: perms ? perms.join(",") : null };
  });
}
