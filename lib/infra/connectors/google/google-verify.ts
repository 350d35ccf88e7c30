// Reading a Google grant back where the API documents a read: the property's access
// bindings, the Tag Manager account's user permissions, the Ads account's invitations,
// users and manager links, the Merchant Center user, the location's admins. `present`
// means the agency's email (or manager account) holds at least the requested access.

import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import type { InvitationStatus } from "@/lib/infra/connectors/connector";
import {
  ADS_ACCESS_ROLES,
  ANALYTICS_ROLES,
  BUSINESS_PROFILE_ROLES,
  GOOGLE_ADS_API_VERSION,
  GOOGLE_HOSTS,
  GOOGLE_ROLE_ORDER,
  MERCHANT_ACCESS_RIGHTS,
  adsCustomerId,
  analyticsRank,
  tagManagerPermission,
  tagManagerRank,
} from "@/lib/infra/connectors/google/google-api";
import { googleCall, googleList } from "@/lib/infra/connectors/google/google-call";
import { isConnectorError } from "@/lib/infra/connectors/connector";
import { GoogleApiError } from "@/lib/infra/connectors/google/google-errors";
import { toConnectorError } from "@/lib/infra/connectors/platform-errors";
import { anyIncludes, roleIncludes } from "@/lib/infra/connectors/role-order";

/**
 * `invitation`: for the services Google grants by an invitation the agency accepts (Ads users,
 * Merchant Center users, Business Profile admins), whether the read finds it still pending or
 * accepted; absent for the others.
 */
export type ReadBack = { present: boolean; detail: string | null; invitation?: InvitationStatus };

export type ReadBackInput = {
  http: ConnectorHttp;
  /** an access check: a read Google refuses throws (ConnectorError) instead of reading as absent */
  strict?: boolean;
  /** the token is the agency's own (an access check, a receipt), not the client's (a grant's read-back) */
  agencySide?: boolean;
  token: string;
  developerToken: string | null;
  serviceId: string;
  assetId: string;
  email: string;
  role: string | null;
  managerId?: string | null;
};

const same = (a: string | undefined, b: string) => (a ?? "").toLowerCase() === b.toLowerCase();

export type AccessBinding = { name: string; user?: string; roles?: string[] };
export type UserPermission = {
  path: string;
  emailAddress?: string;
  accountAccess?: { permission?: string };
  containerAccess?: { containerId: string; permission?: string }[];
};

export function listAccessBindings(http: ConnectorHttp, token: string, property: string): Promise<AccessBinding[]> {
  // https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1alpha/properties.accessBindings/list
  return googleList<AccessBinding>(
    http,
    { url: `${GOOGLE_HOSTS.analyticsAdmin}/v1alpha/${property}/accessBindings`, token, query: { pageSize: "500" } },
    "accessBindings",
  );
}

export function listUserPermissions(http: ConnectorHttp, token: string, account: string): Promise<UserPermission[]> {
  // https://developers.google.com/tag-platform/tag-manager/api/reference/rest/v2/accounts.user_permissions/list
  return googleList<UserPermission>(
    http,
    { url: `${GOOGLE_HOSTS.tagManager}/tagmanager/v2/${account}/user_permissions`, token },
    "userPermission",
  );
}

export type LocationAdmin = { name?: string; admin?: string; role?: string; pendingInvitation?: boolean };

export function listAdmins(http: ConnectorHttp, token: string, location: string): Promise<LocationAdmin[]> {
  // https://developers.google.com/my-business/reference/accountmanagement/rest/v1/locations.admins/list
  return googleList<LocationAdmin>(
    http,
    { url: `${GOOGLE_HOSTS.businessAccounts}/v1/${location}/admins`, token },
    "admins",
  );
}

/** GAQL through GoogleAdsService.Search: https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.googleAds/search */
export async function adsSearch(
  http: ConnectorHttp,
  token: string,
  developerToken: string | null,
  customerId: string,
  query: string,
  strict = false,
  loginCustomerId?: string,
): Promise<Record<string, Record<string, unknown>>[] | null> {
  const r = await googleCall(http, {
    method: "POST",
    url: `${GOOGLE_HOSTS.ads}/${GOOGLE_ADS_API_VERSION}/customers/${customerId}/googleAds:search`,
    token,
    ads: { developerToken, ...(loginCustomerId ? { loginCustomerId } : {}) },
    json: { query },
  });
  if (!r.ok && strict) throw toConnectorError("Google", r.error);
  if (!r.ok) return null;
  return ((r.res.json ?? {}) as { results?: Record<string, Record<string, unknown>>[] }).results ?? [];
}

/** GAQL string literal: the value is an email or a resource name, quoted with escapes. */
export function gaqlString(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

async function readBackOnce(i: ReadBackInput): Promise<ReadBack | null> {
  switch (i.serviceId) {
    case "google_analytics": {
      const wanted = analyticsRank(i.role ? [ANALYTICS_ROLES[i.role] ?? ""] : []);
      const binding = (await listAccessBindings(i.http, i.token, i.assetId)).find((b) => same(b.user, i.email));
      if (!binding) return { present: false, detail: "no access binding for the agency's email" };
      return { present: analyticsRank(binding.roles) >= wanted, detail: (binding.roles ?? []).join(",") || null };
    }
    case "google_tag_manager": {
      const [, account, , container] = i.assetId.split("/");
      const wanted = tagManagerRank(tagManagerPermission(i.role) ?? undefined);
      const perm = (await listUserPermissions(i.http, i.token, `accounts/${account}`)).find((p) =>
        same(p.emailAddress, i.email),
      );
      const access = perm?.containerAccess?.find((c) => c.containerId === container);
      if (!access) return { present: false, detail: "no container permission for the agency's email" };
      return { present: tagManagerRank(access.permission) >= wanted, detail: access.permission ?? null };
    }
    case "google_ads": {
      const customerId = adsCustomerId(i.assetId);
      if (!customerId) return null;
      const email = gaqlString(i.email);
      // Accepted first: once the invitee accepts, Google lists them among the account's users
      // (https://developers.google.com/google-ads/api/docs/account-management/managing-invitations;
      // the status can take up to 24 hours to change after acceptance).
      // Users who have access: https://developers.google.com/google-ads/api/fields/v26/customer_user_access
      const users = await adsSearch(
        i.http,
        i.token,
        i.developerToken,
        customerId,
        `SELECT customer_user_access.email_address, customer_user_access.access_role FROM customer_user_access WHERE customer_user_access.email_address = ${email}`,
        i.strict,
      );
      const user = users?.find((r) => r.customerUserAccess);
      if (user) {
        const asked = i.role ? ADS_ACCESS_ROLES[i.role] : undefined;
        const role = String(user.customerUserAccess!.accessRole ?? "");
        return {
          present: !asked || !role || roleIncludes(GOOGLE_ROLE_ORDER.google_ads!, role, asked),
          detail: `user ${role}`,
          invitation: "accepted",
        };
      }
      // Invitations: https://developers.google.com/google-ads/api/fields/v26/customer_user_access_invitation
      // (AccessInvitationStatus: PENDING, DECLINED, EXPIRED after 20 days)
      const invites = await adsSearch(
        i.http,
        i.token,
        i.developerToken,
        customerId,
        `SELECT customer_user_access_invitation.email_address, customer_user_access_invitation.access_role, customer_user_access_invitation.invitation_status FROM customer_user_access_invitation WHERE customer_user_access_invitation.email_address = ${email}`,
        i.strict,
      );
      if (invites === null && users === null) return null;
      const invite = invites?.find((r) => r.customerUserAccessInvitation);
      const status = String(invite?.customerUserAccessInvitation?.invitationStatus ?? "PENDING");
      if (invite && status === "PENDING") return { present: true, detail: "invitation PENDING", invitation: "pending" };
      return invite
        ? { present: false, detail: `invitation ${status}` }
        : { present: false, detail: "no invitation or user for the agency's email" };
    }
    case "google_ads_mcc": {
      const customerId = adsCustomerId(i.assetId);
      if (!i.managerId || !customerId) return null;
      if (i.agencySide) {
        // The agency reads its manager's side of the link, which it can read whether or not the link
        // still stands: https://developers.google.com/google-ads/api/fields/v26/customer_client_link
        // (login-customer-id: the manager, https://developers.google.com/google-ads/api/rest/auth#request_headers)
        const rows = await adsSearch(
          i.http,
          i.token,
          i.developerToken,
          i.managerId,
          `SELECT customer_client_link.manager_link_id, customer_client_link.status FROM customer_client_link WHERE customer_client_link.client_customer = ${gaqlString(`customers/${customerId}`)}`,
          i.strict,
          i.managerId,
        );
        if (rows === null) return null;
        const status = rows.map((r) => r.customerClientLink?.status).find((s) => typeof s === "string");
        return { present: status === "ACTIVE", detail: status ?? "no link from the agency's manager account" };
      }
      // https://developers.google.com/google-ads/api/fields/v26/customer_manager_link
      const links = await adsSearch(
        i.http,
        i.token,
        i.developerToken,
        customerId,
        `SELECT customer_manager_link.manager_customer, customer_manager_link.manager_link_id, customer_manager_link.status FROM customer_manager_link WHERE customer_manager_link.manager_customer = ${gaqlString(`customers/${i.managerId}`)}`,
        i.strict,
      );
      if (links === null) return null;
      const status = links.map((r) => r.customerManagerLink?.status).find((s) => typeof s === "string");
      return { present: status === "ACTIVE", detail: status ?? "no link to the agency's manager account" };
    }
    case "google_merchant_center": {
      // https://developers.google.com/merchant/api/reference/rest/accounts_v1/accounts.users/get
      const r = await googleCall(i.http, {
        url: `${GOOGLE_HOSTS.merchant}/accounts/v1/${i.assetId}/users/${encodeURIComponent(i.email)}`,
        token: i.token,
      });
      // User.state: PENDING until the invitee accepts, then VERIFIED
      // (https://developers.google.com/merchant/api/reference/rest/accounts_v1/accounts.users#State)
      if (r.ok) {
        const user = (r.res.json ?? {}) as { state?: string; accessRights?: string[] };
        const asked = i.role ? (MERCHANT_ACCESS_RIGHTS[i.role] ?? []) : [];
        const held = user.accessRights ?? [];
        const state = String(user.state ?? "") || null;
        return {
          present: asked.every((a) => anyIncludes(GOOGLE_ROLE_ORDER.google_merchant_center!, held, a)),
          detail: state,
          invitation: state === "PENDING" ? "pending" : "accepted",
        };
      }
      if (r.res.status === 404) return { present: false, detail: "no user for the agency's email" };
      if (i.strict) throw toConnectorError("Google", r.error);
      return null;
    }
    case "google_business_profile": {
      const admin = (await listAdmins(i.http, i.token, i.assetId)).find((a) => same(a.admin, i.email));
      if (!admin) return { present: false, detail: "no admin for the agency's email" };
      const asked = i.role ? BUSINESS_PROFILE_ROLES[i.role] : undefined;
      // Admin.pendingInvitation: "Indicates whether this admin has a pending invitation for the specified resource."
      return {
        present: !asked || !admin.role || roleIncludes(GOOGLE_ROLE_ORDER.google_business_profile!, admin.role, asked),
        detail: `${admin.role ?? ""}${admin.pendingInvitation ? " (invitation pending)" : ""}`,
        invitation: admin.pendingInvitation ? "pending" : "accepted",
      };
    }
    default:
      return null;
  }
}

/** The read-back, or null when there is none or it could not be made (a read never fails a grant). */
export async function readBack(i: ReadBackInput): Promise<ReadBack | null> {
  try {
    return await readBackOnce(i);
  } catch {
    return null;
  }
}

/**
 * The read an access check makes: what Google lists, or why it could not be read (`unreadable`,
 * never "absent"). A token Google no longer accepts fails the whole check (ConnectorError
 * "reauth"), so the account is seen as needing a new sign-in.
 */
export async function readBackForCheck(i: Omit<ReadBackInput, "strict">): Promise<ReadBack & { unreadable?: string }> {
  try {
    const read = await readBackOnce({ ...i, strict: true });
    if (read) return read;
    return {
      present: false,
      detail: null,
      unreadable: "Google offers no read of this access here.",
    };
  } catch (err) {
    if (isConnectorError(err) && err.kind === "reauth") throw err;
    const cause = (err as { cause?: unknown } | null)?.cause;
    const why =
      isConnectorError(err) && err.kind !== "server_error"
        ? err.message
        : cause instanceof GoogleApiError && cause.failure.setup
          ? cause.failure.message
          : "Google could not be reached for this read.";
    return { present: false, detail: null, unreadable: why };
  }
}
