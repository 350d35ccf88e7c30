// Removing the agency's Google access (offboarding), where Google documents the call:
//
// - Analytics: DELETE the agency email's access binding, found through the property's list
//   (https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1alpha/properties.accessBindings/delete);
// - Tag Manager: the agency email's user permission on the account, without this container
//   (PUT, https://developers.google.com/tag-platform/tag-manager/api/reference/rest/v2/accounts.user_permissions/update),
//   or DELETE when it was the only one (.../accounts.user_permissions/delete);
// - Merchant Center: DELETE the account's user named by the agency's email
//   (https://developers.google.com/merchant/api/reference/rest/accounts_v1/accounts.users/delete);
// - Ads manager link: the manager ends its own link, CustomerClientLink status INACTIVE, with
//   the agency's token through the manager (login-customer-id)
//   (https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.customerClientLinks/mutate;
//   "Linking manager accounts": https://developers.google.com/google-ads/api/docs/account-management/linking-manager-accounts).
//
// Analytics, Tag Manager and Merchant Center need an admin of the asset: the client's token.
// The manager link is ended by the grantee: the agency's own token. Google Ads user access,
// Search Console and Business Profile follow the checklist.
// Each removal is read back (google-verify.ts): an asset where the access no longer reads
// counts as removed.

import type { RemovalToken, RemoveAccessInput, RemovedAccess } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { GOOGLE_ADS_API_VERSION, GOOGLE_HOSTS, adsCustomerId } from "@/lib/infra/connectors/google/google-api";
import { googleCall } from "@/lib/infra/connectors/google/google-call";
import {
  adsSearch,
  gaqlString,
  listAccessBindings,
  listUserPermissions,
  readBack,
} from "@/lib/infra/connectors/google/google-verify";

const TOKENS: Record<string, RemovalToken> = {
  google_analytics: "client",
  google_tag_manager: "client",
  google_merchant_center: "client",
  google_ads_mcc: "agency",
};

export function googleRemovalToken(serviceId: string): RemovalToken | null {
  return TOKENS[serviceId] ?? null;
}

const same = (a: string | undefined, b: string) => (a ?? "").toLowerCase() === b.toLowerCase();

/** The failure text of a removal call, or null when it went through. */
type Step = string | null;

async function removeOne(
  http: ConnectorHttp,
  developerToken: string | null,
  input: RemoveAccessInput,
  assetId: string,
  managerId: string | null,
): Promise<Step> {
  const email = input.agencyAccount.email ?? "";
  const token = input.accessToken;
  switch (input.serviceId) {
    case "google_analytics": {
      const binding = (await listAccessBindings(http, token, assetId)).find((b) => same(b.user, email));
      if (!binding) return null;
      const r = await googleCall(http, {
        method: "DELETE",
        url: `${GOOGLE_HOSTS.analyticsAdmin}/v1alpha/${binding.name}`,
        token,
      });
      return r.ok ? null : r.failure.message;
    }
    case "google_tag_manager": {
      const [, account, , container] = assetId.split("/");
      const perm = (await listUserPermissions(http, token, `accounts/${account}`)).find((p) =>
        same(p.emailAddress, email),
      );
      if (!perm || !perm.containerAccess?.some((c) => c.containerId === container)) return null;
      const rest = perm.containerAccess.filter((c) => c.containerId !== container);
      const url = `${GOOGLE_HOSTS.tagManager}/tagmanager/v2/${perm.path}`;
      const r =
        rest.length === 0 && perm.accountAccess?.permission !== "admin"
          ? await googleCall(http, { method: "DELETE", url, token })
          : await googleCall(http, {
              method: "PUT",
              url,
              token,
              json: {
                accountId: account,
                emailAddress: perm.emailAddress,
                accountAccess: perm.accountAccess,
                containerAccess: rest,
              },
            });
      return r.ok ? null : r.failure.message;
    }
    case "google_merchant_center": {
      const r = await googleCall(http, {
        method: "DELETE",
        url: `${GOOGLE_HOSTS.merchant}/accounts/v1/${assetId}/users/${encodeURIComponent(email)}`,
        token,
      });
      return r.ok || r.res.status === 404 ? null : r.failure.message;
    }
    case "google_ads_mcc": {
      const clientId = adsCustomerId(assetId);
      if (!managerId || !clientId) return "The agency's manager account or the client's account id is not known.";
      // The manager's side of the link: https://developers.google.com/google-ads/api/fields/v26/customer_client_link
      const rows = await adsSearch(
        http,
        token,
        developerToken,
        managerId,
        `SELECT customer_client_link.manager_link_id, customer_client_link.status FROM customer_client_link WHERE customer_client_link.client_customer = ${gaqlString(`customers/${clientId}`)}`,
      );
      if (rows === null) return "Google Ads did not list the manager account's links.";
      const link = rows
        .map((r) => r.customerClientLink)
        .find((l) => l && (l.status === "ACTIVE" || l.status === "PENDING"));
      if (!link) return null;
      const r = await googleCall(http, {
        method: "POST",
        url: `${GOOGLE_HOSTS.ads}/${GOOGLE_ADS_API_VERSION}/customers/${managerId}/customerClientLinks:mutate`,
        token,
        ads: { developerToken, loginCustomerId: managerId },
        json: {
          operation: {
            update: {
              resourceName: `customers/${managerId}/customerClientLinks/${clientId}~${String(link.managerLinkId)}`,
              status: "INACTIVE",
            },
            updateMask: "status",
          },
        },
      });
      return r.ok ? null : r.failure.message;
    }
    default:
      return "Google documents no call to remove this access: follow the checklist.";
  }
}

/** The manager's side of the link has its own read: the customer_client_link from the manager. */
async function managerLinkPresent(
  http: ConnectorHttp,
  token: string,
  developerToken: string | null,
  managerId: string | null,
  assetId: string,
): Promise<boolean | null> {
  const clientId = adsCustomerId(assetId);
  if (!managerId || !clientId) return null;
  const rows = await adsSearch(
    http,
    token,
    developerToken,
    managerId,
    `SELECT customer_client_link.status FROM customer_client_link WHERE customer_client_link.client_customer = ${gaqlString(`customers/${clientId}`)}`,
  );
  if (rows === null) return null;
  return rows.some((r) => r.customerClientLink?.status === "ACTIVE" || r.customerClientLink?.status === "PENDING");
}

export async function removeGoogleAccess(
  http: ConnectorHttp,
  developerToken: string | null,
  input: RemoveAccessInput,
): Promise<RemovedAccess[]> {
  const managerId = adsCustomerId(
    input.agencyAccount.linkFields?.adsMccAccountId ?? input.agencyAccount.platformAccountId,
  );
  const out: RemovedAccess[] = [];
  for (const assetId of [...new Set(input.assetIds)]) {
    if (!googleRemovalToken(input.serviceId)) {
      out.push({
        assetId,
        removed: false,
        detail: "Google documents no call to remove this access: follow the checklist.",
      });
      continue;
    }
    if (!input.agencyAccount.email && input.serviceId !== "google_ads_mcc") {
      out.push({ assetId, removed: false, detail: "The agency account's email is not known." });
      continue;
    }
    let failure: Step;
    try {
      failure = await removeOne(http, developerToken, input, assetId, managerId);
    } catch (err) {
      failure = err instanceof Error ? err.message : "The removal call failed.";
    }
    const present =
      input.serviceId === "google_ads_mcc"
        ? await managerLinkPresent(http, input.accessToken, developerToken, managerId, assetId).catch(() => null)
        : ((
            await readBack({
              http,
              token: input.accessToken,
              developerToken,
              serviceId: input.serviceId,
              assetId,
              email: input.agencyAccount.email!,
              role: null,
              managerId,
            })
          )?.present ?? null);
    if (present === false) out.push({ assetId, removed: true, detail: null });
    else
      out.push({
        assetId,
        removed: false,
        detail:
          failure ??
          (present === null ? "Google's answer could not be read back." : "Google still lists the agency's access."),
      });
  }
  return out;
}
