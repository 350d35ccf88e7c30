// Daily access-link counts for the usage chart: requests created per UTC day, clients and
// prospects apart, from the first day of the month two months back until today. Demo
// requests are left out, as they are from usage. Counted from the requests themselves,
// so the chart also shows days before the usage counters existed.
import { getDb } from "@/lib/infra/db/db";

export interface UsageDay {
  /** YYYY-MM-DD, UTC */
  date: string;
  clients: number;
  prospects: number;
}

export interface UsageHistory {
  from: string;
  to: string;
  days: UsageDay[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of the UTC month `monthsBack` months before `now`'s. */
export function historyStart(now: Date, monthsBack: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
}

/** Every day from `from` to `now` (UTC), zero where nothing was counted. */
export function fillDays(
  from: Date,
  now: Date,
  counts: readonly { day: string; prospect: boolean; count: number }[],
): UsageDay[] {
  const byDay = new Map<string, UsageDay>();
  for (let t = from.getTime(); t <= now.getTime(); t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    byDay.set(date, { date, clients: 0, prospects: 0 });
  }
  for (const c of counts) {
    const day = byDay.get(c.day);
    if (!day) continue;
    if (c.prospect) day.prospects += c.count;
    else day.clients += c.count;
  }
  return [...byDay.values()];
}

export async function usageHistory({
  agencyId,
  months = 3,
  now = new Date(),
}: {
  agencyId: string;
  months?: number;
  now?: Date;
}): Promise<UsageHistory> {
  const from = historyStart(now, months - 1);
  const db = await getDb();
  const rows = await db.$queryRaw<{ day: string; prospect: boolean; count: number }[]>`
    SELECT to_char(r."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "day", c."isProspect" AS "prospect", count(*)::int AS "count"
    FROM "AccessRequest" r JOIN "Client" c ON c."id" = r."clientId"
    WHERE r."agencyId" = ${agencyId}::uuid AND r."isDemo" = false AND r."countsUsage" = true AND r."createdAt" >= ${from} AND r."createdAt" <= ${now}
    GROUP BY 1, 2`;
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    days: fillDays(
      from,
      now,
      rows.map((r) => ({ ...r, count: Number(r.count) })),
    ),
  };
}
