// One client for the dashboard's detail page: the API's Client object plus whether it is a
// prospect and how many requests it has. Another agency's client reads as missing (404).
import { getDb } from "@/lib/infra/db/db";
import { getClientOrThrow } from "@/lib/core/clients/get-client-or-throw";
import { serializeClient } from "@/lib/core/clients/serialize-client";
import type { TClient } from "@/lib/core/clients/schemas";

export interface TDashboardClient extends TClient {
  isProspect: boolean;
  requestCount: number;
}

export async function getClientForDashboard(opts: { agencyId: string; id: string }): Promise<TDashboardClient> {
  const row = await getClientOrThrow(opts);
  const requestCount = await (
    await getDb()
  ).accessRequest.count({ where: { agencyId: opts.agencyId, clientId: row.id, isDemo: false } });
  return { ...serializeClient(row), isProspect: row.isProspect, requestCount };
}
