// Lost-access alerts: an access check that finds a granted service's assets gone on the
// platform opens one (the `access.lost` event and the team's notification link to it).
// "Ask again" (lib/core/requests/ask-again.ts) creates a request for exactly what was lost; an alert closes
// when that service is granted again on it, when a later check reads the access back, or
// when the access is removed.
import type { Tx } from "@/lib/infra/db/db";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { UUID } from "@/lib/core/common/uuid";

export interface LostAsset {
  id: string;
  name: string | null;
  lostAt: string;
  detail: string | null;
}

export type AlertCloseReason = "granted_again" | "restored" | "removed";

/** The alert's place in the dashboard: the client's page, scrolled to it. */
export function accessAlertUrl(clientId: string, alertId: string): string {
  return `${env().appUrl}/dashboard/clients/${clientId}#access-alert-${alertId}`;
}

export function readLostAssets(value: unknown): LostAsset[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): LostAsset[] => {
    const a = v as Record<string, unknown> | null;
    if (!a || typeof a.id !== "string") return [];
    return [
      {
        id: a.id,
        name: typeof a.name === "string" ? a.name : null,
        lostAt: typeof a.lostAt === "string" ? a.lostAt : "",
        detail: typeof a.detail === "string" ? a.detail : null,
      },
    ];
  });
}

/**
 * Opens the alert for a service's newly lost assets, or adds them to the service's alert
 * still open (one alert per lost grant). In the check's transaction.
 */
export async function openAccessAlert(
  tx: Tx,
  opts: {
    agencyId: string;
    clientId: string;
    service: {
      requestId: string;
      serviceId: string;
      platform: string;
      accessLevel: string | null;
      accounts: unknown;
    };
    assets: LostAsset[];
    now: Date;
  },
): Promise<{ id: string; url: string }> {
  const open = await tx.accessAlert.findFirst({
    where: {
      agencyId: opts.agencyId,
      requestId: opts.service.requestId,
      serviceId: opts.service.serviceId,
      closedAt: null,
    },
    orderBy: { createdAt: "desc" },
  });
  if (open) {
    const known = readLostAssets(open.assets);
    const ids = new Set(known.map((a) => a.id));
    await tx.accessAlert.update({
      where: { id: open.id },
      data: { assets: [...known, ...opts.assets.filter((a) => !ids.has(a.id))] as object[], updatedAt: opts.now },
    });
    return { id: open.id, url: accessAlertUrl(opts.clientId, open.id) };
  }
  const created = await tx.accessAlert.create({
    data: {
      agencyId: opts.agencyId,
      clientId: opts.clientId,
      requestId: opts.service.requestId,
      serviceId: opts.service.serviceId,
      platform: opts.service.platform,
      accessLevel: opts.service.accessLevel,
      accounts: (Array.isArray(opts.service.accounts) ? opts.service.accounts : []) as object[],
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (Prisma JSON input)
      assets: opts.assets as unknown as object[],
      createdAt: opts.now,
      updatedAt: opts.now,
    },
    select: { id: true },
  });
  return { id: created.id, url: accessAlertUrl(opts.clientId, created.id) };
}

/** Closes a lost grant's open alerts: a check read it back, or the access was removed. */
export async function closeAlertsOfService(
  tx: Tx,
  opts: { agencyId: string; requestId: string; serviceId: string; reason: AlertCloseReason; now: Date },
): Promise<number> {
  const r = await tx.accessAlert.updateMany({
    where: { agencyId: opts.agencyId, requestId: opts.requestId, serviceId: opts.serviceId, closedAt: null },
    data: { closedAt: opts.now, closedReason: opts.reason },
  });
  return r.count;
}

/** A service was granted on a request made by "Ask again": the alerts it answers close. */
export async function closeAlertsGrantedAgain(
  tx: Tx,
  opts: { agencyId: string; requestId: string; serviceId: string; now: Date },
): Promise<number> {
  const r = await tx.accessAlert.updateMany({
    where: {
      agencyId: opts.agencyId,
      followUpRequestId: opts.requestId,
      serviceId: opts.serviceId,
      closedAt: null,
    },
    data: { closedAt: opts.now, closedReason: "granted_again" },
  });
  return r.count;
}

export interface AccessAlertView {
  id: string;
  clientId: string;
  requestId: string;
  serviceId: string;
  platform: string;
  accessLevel: string | null;
  accountIds: string[];
  assets: LostAsset[];
  createdAt: string;
  followUpRequestId: string | null;
  askedAt: string | null;
  askedBy: string | null;
  closedAt: string | null;
  closedReason: AlertCloseReason | null;
}

type AlertRow = Awaited<ReturnType<Awaited<ReturnType<typeof getDb>>["accessAlert"]["findFirstOrThrow"]>>;

function alertView(row: AlertRow): AccessAlertView {
  const accounts = Array.isArray(row.accounts) ? (row.accounts as Record<string, unknown>[]) : [];
  return {
    id: row.id,
    clientId: row.clientId,
    requestId: row.requestId,
    serviceId: row.serviceId,
    platform: row.platform,
    accessLevel: row.accessLevel,
    accountIds: accounts.flatMap((a) => (typeof a?.internalAccountId === "string" ? [a.internalAccountId] : [])),
    assets: readLostAssets(row.assets),
    createdAt: row.createdAt.toISOString(),
    followUpRequestId: row.followUpRequestId,
    askedAt: row.askedAt?.toISOString() ?? null,
    askedBy: row.askedBy,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedReason: (row.closedReason as AlertCloseReason | null) ?? null,
  };
}

/** A client's alerts, open first then the latest closed ones; or a request's ("Asked again for"). */
export async function listAccessAlerts(opts: {
  agencyId: string;
  clientId?: string;
  followUpRequestId?: string;
  closedLimit?: number;
}): Promise<AccessAlertView[]> {
  if ((opts.clientId && !UUID.test(opts.clientId)) || (opts.followUpRequestId && !UUID.test(opts.followUpRequestId)))
    return [];
  const db = await getDb();
  const where = {
    agencyId: opts.agencyId,
    ...(opts.clientId ? { clientId: opts.clientId } : {}),
    ...(opts.followUpRequestId ? { followUpRequestId: opts.followUpRequestId } : {}),
  };
  const [open, closed] = await Promise.all([
    db.accessAlert.findMany({ where: { ...where, closedAt: null }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.accessAlert.findMany({
      where: { ...where, closedAt: { not: null } },
      orderBy: [{ closedAt: "desc" }, { id: "asc" }],
      take: opts.closedLimit ?? 5,
    }),
  ]);
  return [...open, ...closed].map(alertView);
}
