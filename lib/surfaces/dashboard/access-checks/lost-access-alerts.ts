// The dashboard's view of lost-access alerts: a client's (open first, then the latest closed)
// or the ones a request was made for by "Ask again", with service names, roles in words and
// the status of the request that asked again.
import { getDb } from "@/lib/infra/db/db";
import { getCatalogService } from "@/lib/core/catalog/catalog";
import { roleLabel } from "@/lib/core/catalog/catalog-messages";
import { listAccessAlerts } from "@/lib/core/access-alerts/access-alerts";

export interface LostAccessAlertView {
  id: string;
  clientId: string;
  serviceName: string;
  role: string | null;
  /** the agency accounts, by their names (the id when the account is gone) */
  accounts: string[];
  assets: { id: string; name: string | null; lostAt: string; detail: string | null }[];
  createdAt: string;
  followUpRequestId: string | null;
  followUpStatus: string | null;
  askedAt: string | null;
  closedAt: string | null;
  closedReason: "granted_again" | "restored" | "removed" | null;
}

export async function loadLostAccessAlerts(opts: {
  agencyId: string;
  clientId?: string;
  followUpRequestId?: string;
}): Promise<LostAccessAlertView[]> {
  const alerts = await listAccessAlerts(opts);
  const db = await getDb();
  const accountIds = [...new Set(alerts.flatMap((a) => a.accountIds))];
  const names = new Map(
    accountIds.length
      ? (
          await db.connectedAccount.findMany({
            where: { agencyId: opts.agencyId, internalAccountId: { in: accountIds } },
            select: { internalAccountId: true, displayName: true, email: true },
          })
        ).map((r) => [r.internalAccountId, r.displayName ?? r.email ?? r.internalAccountId])
      : [],
  );
  const followUps = [...new Set(alerts.flatMap((a) => (a.followUpRequestId ? [a.followUpRequestId] : [])))];
  const statuses = new Map(
    followUps.length
      ? (
          await db.accessRequest.findMany({
            where: { agencyId: opts.agencyId, id: { in: followUps } },
            select: { id: true, status: true },
          })
        ).map((r) => [r.id, r.status as string])
      : [],
  );
  return alerts.map((a) => ({
    id: a.id,
    clientId: a.clientId,
    serviceName: getCatalogService(a.serviceId)?.name ?? a.serviceId,
    role: a.accessLevel ? (roleLabel("en", a.serviceId, a.accessLevel) ?? a.accessLevel) : null,
    accounts: a.accountIds.map((id) => names.get(id) ?? id),
    assets: a.assets,
    createdAt: a.createdAt,
    followUpRequestId: a.followUpRequestId,
    followUpStatus: a.followUpRequestId ? (statuses.get(a.followUpRequestId) ?? null) : null,
    askedAt: a.askedAt,
    closedAt: a.closedAt,
    closedReason: a.closedReason,
  }));
}
