// Listing the client's Google assets for the picker, one documented read per service.
// Asset ids are Google's own resource names (`properties/123`, `accounts/1/containers/2`,
// `accounts/5`, `locations/9`), except Google Ads, whose ten-digit customer id is what
// Ads users know.

import { ConnectorError, type Asset } from "@/lib/infra/connectors/connector";
import type { ConnectorHttp } from "@/lib/infra/connectors/http/connector-http";
import { GOOGLE_ADS_API_VERSION, GOOGLE_HOSTS } from "@/lib/infra/connectors/google/google-api";
import { googleCall, googleJson, googleList } from "@/lib/infra/connectors/google/google-call";

const MAX_ASSETS = 200;

async function analyticsProperties(http: ConnectorHttp, token: string): Promise<Asset[]> {
  // https://developers.google.com/analytics/devguides/config/admin/v1/rest/v1beta/accountSummaries/list
  const summaries = await googleList<{
    displayName?: string;
    propertySummaries?: { property: string; displayName?: string }[];
  }>(
    http,
    { url: `${GOOGLE_HOSTS.analyticsAdmin}/v1beta/accountSummaries`, token, query: { pageSize: "200" } },
    "accountSummaries",
  );
  return summaries.flatMap((a) =>
    (a.propertySummaries ?? []).map((p) => ({
      id: p.property,
      name: a.displayName ? `${p.displayName ?? p.property} (${a.displayName})` : (p.displayName ?? null),
    })),
  );
}

async function tagManagerContainers(http: ConnectorHttp, token: string): Promise<Asset[]> {
  // https://developers.google.com/tag-platform/tag-manager/api/reference/rest/v2/accounts/list
  const accounts = await googleList<{ path: string; name?: string }>(
    http,
    { url: `${GOOGLE_HOSTS.tagManager}/tagmanager/v2/accounts`, token },
    "account",
  );
  const out: Asset[] = [];
  for (const account of accounts.slice(0, 50)) {
    // https://developers.google.com/tag-platform/tag-manager/api/reference/rest/v2/accounts.containers/list
    const containers = await googleList<{ path: string; name?: string; publicId?: string }>(
      http,
      { url: `${GOOGLE_HOSTS.tagManager}/tagmanager/v2/${account.path}/containers`, token },
      "container",
    );
    for (const c of containers)
      out.push({ id: c.path, name: [c.name, c.publicId && `(${c.publicId})`].filter(Boolean).join(" ") || null });
  }
  return out;
}

/** The Ads accounts the client reaches directly, with their names; managers are left out of the picker. */
export async function adsCustomers(
  http: ConnectorHttp,
  token: string,
  developerToken: string | null,
): Promise<(Asset & { manager: boolean })[]> {
  const ads = { developerToken };
  // https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers/listAccessibleCustomers
  const { resourceNames = [] } = await googleJson<{ resourceNames?: string[] }>(http, {
    url: `${GOOGLE_HOSTS.ads}/${GOOGLE_ADS_API_VERSION}/customers:listAccessibleCustomers`,
    token,
    ads,
  });
  const out: (Asset & { manager: boolean })[] = [];
  for (const resourceName of resourceNames.slice(0, 50)) {
    const id = resourceName.replace(/^customers\//, "");
    // https://developers.google.com/google-ads/api/rest/reference/rest/v26/customers.googleAds/search
    const r = await googleCall(http, {
      method: "POST",
      url: `${GOOGLE_HOSTS.ads}/${GOOGLE_ADS_API_VERSION}/customers/${id}/googleAds:search`,
      token,
      ads,
      json: { query: "SELECT customer.id, customer.descriptive_name, customer.manager FROM customer" },
    });
    // A cancelled or inaccessible account still shows, by id, so the client sees it.
    const row = r.ok
      ? ((r.res.json ?? {}) as { results?: { customer?: { descriptiveName?: string; manager?: boolean } }[] })
          .results?.[0]?.customer
      : undefined;
    out.push({ id, name: row?.descriptiveName ?? null, manager: row?.manager === true });
  }
  return out;
}

async function merchantAccounts(http: ConnectorHttp, token: string): Promise<Asset[]> {
  // https://developers.google.com/merchant/api/reference/rest/accounts_v1/accounts/list
  const accounts = await googleList<{ name: string; accountName?: string }>(
    http,
    { url: `${GOOGLE_HOSTS.merchant}/accounts/v1/accounts`, token, query: { pageSize: "250" } },
    "accounts",
  );
  return accounts.map((a) => ({ id: a.name, name: a.accountName ?? null }));
}

async function businessLocations(http: ConnectorHttp, token: string): Promise<Asset[]> {
  // https://developers.google.com/my-business/reference/accountmanagement/rest/v1/accounts/list
  const accounts = await googleList<{ name: string; accountName?: string }>(
    http,
    { url: `${GOOGLE_HOSTS.businessAccounts}/v1/accounts`, token },
    "accounts",
  );
  const out: Asset[] = [];
  for (const account of accounts.slice(0, 20)) {
    // https://developers.google.com/my-business/reference/businessinformation/rest/v1/accounts.locations/list (readMask is required)
    const locations = await googleList<{ name: string; title?: string }>(
      http,
      {
        url: `${GOOGLE_HOSTS.businessInformation}/v1/${account.name}/locations`,
        token,
        query: { readMask: "name,title", pageSize: "100" },
      },
      "locations",
    );
    for (const l of locations) out.push({ id: l.name, name: l.title ?? null });
  }
  return out;
}

export async function listGoogleAssets(
  http: ConnectorHttp,
  developerToken: string | null,
  token: string,
  serviceId: string,
): Promise<Asset[]> {
  let assets: Asset[];
  switch (serviceId) {
    case "google_analytics":
      assets = await analyticsProperties(http, token);
      break;
    case "google_tag_manager":
      assets = await tagManagerContainers(http, token);
      break;
    case "google_ads":
    case "google_ads_mcc":
      assets = (await adsCustomers(http, token, developerToken))
        .filter((c) => !c.manager)
        .map(({ id, name }) => ({ id, name }));
      break;
    case "google_merchant_center":
      assets = await merchantAccounts(http, token);
      break;
    case "google_business_profile":
      assets = await businessLocations(http, token);
      break;
    default:
      throw new ConnectorError(
        "platform_error",
        "This Google service is granted by following its steps, not by signing in.",
      );
  }
  return assets.slice(0, MAX_ASSETS);
}
