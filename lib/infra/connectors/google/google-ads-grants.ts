// Google Ads grants: a user access invitation to the agency's email (google_ads), and the
// manager-account link (google_ads_mcc). The link follows Google's documented two-sided
// flow (https://developers.google.com/google-ads/api/docs/account-management/linking-manager-accounts):
// the manager sends a PENDING link with the agency's own token, then the client accepts it
// with theirs, so the link is ACTIVE when the attempt ends and nothing is left to approve.

import { ConnectorError, type GrantAccessInput } from "@/lib/infra/connectors/connector";
import {
  ADS_ACCESS_ROLES,
  GOOGLE_ADS_API_VERSION,
  GOOGLE_HOSTS,
  GOOGLE_ROLE_ORDER,
  adsCustomerId,
} from "@/lib/infra/connectors/google/google-api";
import { readGoogleError } from "@/lib/infra/connectors/google/google-errors";
import { googleCall, send, type GrantContext, type Outcome } from "@/lib/infra/connectors/google/google-call";
import { adsSearch, gaqlString } from "@/lib/infra/connectors/google/google-verify";
import { roleIncludes } from "@/lib/infra/connectors/role-order";

export type AdsSetup = {
  /** null: Cloud-managed access levels, the calls go without the header (google-call.ts) */
  developerToken: string | null;
  accessRole: string | null;
  managerId: string | null;
  agencyToken: string | null;
};

export const AGENCY_RECONNECT_TEXT =
  "The agency needs to reconnect its Google account before your Google Ads account can be linked to its manager account. Please try again later.";

export function adsGrantSetup(input: GrantAccessInput, developerToken: string | null): AdsSetup {
  if (input.serviceId === "google_ads") {
    const accessRole = input.role ? (ADS_ACCESS_ROLES[input.role] ?? null) : null;
    // AccessRoleEnum has no billing role: billing access is given in Google Ads by hand.
    if (!accessRole) {
      throw new ConnectorError(
        "platform_error",
        `Google Ads does not allow "${input.role ?? ""}" access to be given by signing in. Please add ${input.agencyAccount.email ?? "the agency"} in Google Ads under Admin, Access and security, with the access requested.`,
      );
    }
    return { developerToken, accessRole, managerId: null, agencyToken: null };
  }
  const managerId = adsCustomerId(
    input.agencyAccount.linkFields?.adsMccAccountId ?? input.agencyAccount.platformAccountId,
  );
  if (!managerId)
    throw new ConnectorError(
      "platform_error",
      "This request does not name a valid Google Ads manager account. Please ask the agency to check it.",
    );
  const agencyToken = input.agencyAccount.agencyAccessToken ?? null;
  if (!agencyToken) throw new ConnectorError("platform_error", AGENCY_RECONNECT_TEXT);
  return { developerToken, accessRole: null, managerId, agencyToken };
}

export async function grantAdsInvitation(ctx: GrantContext, setup: AdsSetup, assetId: string): Promise<Outcome> {
  const customerId = adsCustomerId(assetId);
  if (!customerId)
    return { ok: false, failure: { kind: "refused", message: `${assetId} is not a Google Ads account id.` } };
  // https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.customerUserAccessInvitations/mutate
  // EMAIL_ADDRESS_ALREADY_HAS_ACCESS / _HAS_PENDING_INVITATION count as already granted (google-errors.ts).
  const invited = await send(ctx, {
    method: "POST",
    url: `${GOOGLE_HOSTS.ads}/${GOOGLE_ADS_API_VERSION}/customers/${customerId}/customerUserAccessInvitations:mutate`,
    ads: { developerToken: setup.developerToken },
    json: { operation: { create: { emailAddress: ctx.email, accessRole: setup.accessRole } } },
  });
  if (!invited.ok || !invited.already) return invited;
  // Already a user: keep an access role that includes the asked one, else raise it (never lower).
  // A pending invitation cannot be changed (only created or removed), so it stays as it is.
  // https://developers.google.com/google-ads/api/fields/v26/customer_user_access
  const rows = await adsSearch(
    ctx.http,
    ctx.token,
    setup.developerToken,
    customerId,
    `SELECT customer_user_access.resource_name, customer_user_access.access_role FROM customer_user_access WHERE customer_user_access.email_address = ${gaqlString(ctx.email)}`,
  );
  const user = rows?.map((r) => r.customerUserAccess).find((u) => u) as
    { resourceName?: string; accessRole?: string } | undefined;
  if (
    !user?.resourceName ||
    !user.accessRole ||
    roleIncludes(GOOGLE_ROLE_ORDER.google_ads!, user.accessRole, setup.accessRole!)
  )
    return { ok: true, already: true };
  // https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.customerUserAccesses/mutate
  const raised = await send(ctx, {
    method: "POST",
    url: `${GOOGLE_HOSTS.ads}/${GOOGLE_ADS_API_VERSION}/customers/${customerId}/customerUserAccesses:mutate`,
    ads: { developerToken: setup.developerToken },
    json: {
      operation: {
        update: { resourceName: user.resourceName, accessRole: setup.accessRole },
        updateMask: "accessRole",
      },
    },
  });
  return raised.ok ? { ok: true, already: false } : raised;
}

/** The manager_link_id of the manager's pending invitation, read on the client's side. */
async function pendingLinkId(ctx: GrantContext, setup: AdsSetup, clientId: string): Promise<string | null> {
  const rows = await adsSearch(
    ctx.http,
    ctx.token,
    setup.developerToken,
    clientId,
    `SELECT customer_manager_link.manager_link_id, customer_manager_link.status FROM customer_manager_link WHERE customer_manager_link.manager_customer = ${gaqlString(`customers/${setup.managerId}`)}`,
  );
  const link = rows?.map((r) => r.customerManagerLink).find((l) => l && l.status === "PENDING");
  return link && link.managerLinkId !== undefined ? String(link.managerLinkId) : null;
}

export async function grantAdsManagerLink(ctx: GrantContext, setup: AdsSetup, assetId: string): Promise<Outcome> {
  const clientId = adsCustomerId(assetId);
  if (!clientId)
    return { ok: false, failure: { kind: "refused", message: `${assetId} is not a Google Ads account id.` } };
  const managerId = setup.managerId!;

  // 1. The manager invites the client: MutateCustomerClientLink with status PENDING, sent with the
  //    agency's token through the manager (login-customer-id).
  // https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.customerClientLinks/mutate
  const invited = await googleCall(ctx.http, {
    method: "POST",
    url: `${GOOGLE_HOSTS.ads}/${GOOGLE_ADS_API_VERSION}/customers/${managerId}/customerClientLinks:mutate`,
    token: setup.agencyToken!,
    ads: { developerToken: setup.developerToken, loginCustomerId: managerId },
    json: { operation: { create: { clientCustomer: `customers/${clientId}`, status: "PENDING" } } },
  });
  let linkId: string | null = null;
  if (invited.ok) {
    // result.resourceName: customers/{manager}/customerClientLinks/{client}~{manager_link_id}
    const name = ((invited.res.json ?? {}) as { result?: { resourceName?: string } }).result?.resourceName ?? "";
    linkId = name.split("~")[1] ?? null;
  } else if (invited.failure.kind === "already") {
    return { ok: true, already: true };
  } else if (readGoogleError(invited.res).adsCodes.includes("managerLinkError:ALREADY_INVITED_BY_THIS_MANAGER")) {
    linkId = await pendingLinkId(ctx, setup, clientId);
  } else if (invited.failure.kind === "reauth") {
    // The agency's token, not the client's: the client cannot fix this by signing in again.
    throw new ConnectorError("platform_error", AGENCY_RECONNECT_TEXT);
  } else {
    return { ok: false, failure: invited.failure };
  }
  if (!linkId)
    return { ok: false, failure: { kind: "server", message: "the manager link invitation has no manager_link_id" } };

  // 2. The client accepts: MutateCustomerManagerLink, update status to ACTIVE, with the client's token.
  // https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.customerManagerLinks/mutate
  return send(ctx, {
    method: "POST",
    url: `${GOOGLE_HOSTS.ads}/${GOOGLE_ADS_API_VERSION}/customers/${clientId}/customerManagerLinks:mutate`,
    ads: { developerToken: setup.developerToken },
    json: {
      operations: [
        {
          update: {
            resourceName: `customers/${clientId}/customerManagerLinks/${managerId}~${linkId}`,
            status: "ACTIVE",
          },
          updateMask: "status",
        },
      ],
    },
  });
}
