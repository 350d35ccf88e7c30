// Everything the dashboard's client page shows first, read on the server in one go: the
// client, the first page of their requests, and their access and activity. The page hands
// it to its query hooks as their first data, so it arrives whole with the HTML instead of
// in three stages of "Loading…" (the hooks refresh it from the JSON routes afterwards).
// The values are the JSON the routes answer, so a later refetch has the same shape.
import { ApiError } from "@/lib/core/common/api-error";
import { getClientForDashboard, type TDashboardClient } from "@/lib/surfaces/dashboard/get-client-for-dashboard";
import { getClientProfile, type TClientProfile } from "@/lib/surfaces/dashboard/get-client-profile";
import type { Page } from "@/lib/surfaces/dashboard/dashboard-fetch";
import type { TDashboardRequest } from "@/lib/surfaces/dashboard/requests/dashboard-request-view";
import {
  listRequestsForDashboard,
  ZDashboardRequestsQuery,
} from "@/lib/surfaces/dashboard/requests/list-requests-for-dashboard";

export interface TClientPageData {
  client: TDashboardClient;
  requests: Page<TDashboardRequest>;
  profile: TClientProfile;
}

/** Null when the client is not this agency's (the page then shows "Client not found"). */
export async function loadClientPage(opts: { agencyId: string; id: string }): Promise<TClientPageData | null> {
  try {
    const client = await getClientForDashboard(opts);
    const requests = await listRequestsForDashboard({
      agencyId: opts.agencyId,
      query: ZDashboardRequestsQuery.parse({ clientId: opts.id }),
    });
    const profile = await getClientProfile(opts);
    return JSON.parse(JSON.stringify({ client, requests, profile })) as TClientPageData;
  } catch (err) {
    if (err instanceof ApiError && err.code === "NOT_FOUND") return null;
    throw err;
  }
}
