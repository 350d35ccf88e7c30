// What the dashboard's home page shows: requests waiting on the client (oldest first,
// with their age and last activity), links that have stalled, grants that failed in the
// last week, this month's usage, and recent activity in plain language.
import { progress } from "@/lib/core/domain/request-state";
import type { UsageView } from "@/lib/core/domain/usage";
import { lastRemindersOf } from "@/lib/core/requests/send-reminder-now";
import { getUsage } from "@/lib/core/usage/get-usage";
import { getDb } from "@/lib/infra/db/db";
import { describeEvent, isFailedGrant, type DescribedEvent } from "@/lib/surfaces/dashboard/describe-event";
import { actorNames, describeActor } from "@/lib/core/events/actor-name";

const DAY_MS = 24 * 60 * 60 * 1000;
export const STALLED_AFTER_DAYS = 3;
const WAITING_SHOWN = 10;
const FAILED_WINDOW_DAYS = 7;

export interface HomeRequest {
  id: string;
  clientName: string;
  status: string;
  createdAt: string;
  lastActivityAt: string;
  lastReminderAt: string | null;
  progress: { done: number; total: number };
  canRemind: boolean;
}

export interface HomeEvent extends DescribedEvent {
  id: string;
  requestId: string | null;
  clientName: string | null;
  createdAt: string;
}

export interface DashboardHome {
  waiting: { total: number; oldest: HomeRequest[] };
  stalled: HomeRequest[];
  failedGrants: HomeEvent[];
  usage: UsageView;
  recent: HomeEvent[];
}

function statusIn(body: string): string | null {
  try {
    const status = (JSON.parse(body) as { data?: { request?: { status?: unknown } } }).data?.request?.status;
    return typeof status === "string" ? status : null;
  } catch {
    return null;
  }
}

export async function getDashboardHome(opts: { agencyId: string; now?: Date }): Promise<DashboardHome> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  // a "Preview as client" copy (isDemo) is never listed: its page would say "Request not found"
  const openWhere = {
    agencyId: opts.agencyId,
    isDemo: false,
    status: { in: ["pending" as const, "in_progress" as const] },
    OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
  };
  const [total, openRows, usage, recentRows, failedRows] = await Promise.all([
    db.accessRequest.count({ where: openWhere }),
    db.accessRequest.findMany({
      where: openWhere,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: 200,
      select: {
        id: true,
        status: true,
        createdAt: true,
        sendEmail: true,
        isDemo: true,
        intakeRequested: true,
        intakeCompletedAt: true,
        client: { select: { name: true } },
        services: { select: { serviceId: true, optional: true, status: true, awaitingConfirmation: true } },
      },
    }),
    getUsage({ agencyId: opts.agencyId, now }),
    // a grant attempt's report is technical (its failures have their own list): not activity
    db.event.findMany({
      where: { agencyId: opts.agencyId, test: false, type: { not: "connection.attempt_completed" } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 12,
      select: { id: true, type: true, body: true, createdAt: true, requestId: true, actor: true },
    }),
    db.event.findMany({
      where: {
        agencyId: opts.agencyId,
        test: false,
        type: { in: ["service.grant_failed", "connection.attempt_completed"] },
        createdAt: { gte: new Date(now.getTime() - FAILED_WINDOW_DAYS * DAY_MS) },
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 100,
      select: { id: true, type: true, body: true, createdAt: true, requestId: true, actor: true },
    }),
  ]);

  const ids = openRows.map((r) => r.id);
  const [activity, reminders] = await Promise.all([
    ids.length
      ? db.event.groupBy({
          by: ["requestId"],
          where: { agencyId: opts.agencyId, requestId: { in: ids }, test: false },
          _max: { createdAt: true },
        })
      : Promise.resolve([]),
    lastRemindersOf(ids),
  ]);
  const lastActivity = new Map(activity.map((a) => [a.requestId!, a._max.createdAt!]));

  const toHome = (r: (typeof openRows)[number]): HomeRequest => {
    const last = lastActivity.get(r.id) ?? r.createdAt;
    return {
      id: r.id,
      clientName: r.client.name,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      lastActivityAt: last.toISOString(),
      lastReminderAt: reminders.get(r.id)?.toISOString() ?? null,
      progress: progress({
        services: r.services.map((s) => ({
          serviceId: s.serviceId,
          optional: s.optional,
          status: s.status,
          awaitingConfirmation: s.awaitingConfirmation,
        })),
        intakeRequested: r.intakeRequested,
        intakeCompleted: r.intakeCompletedAt !== null,
      }),
      canRemind: !r.isDemo,
    };
  };
  const all = openRows.map(toHome);
  const stalled = all.filter((r) => now.getTime() - Date.parse(r.lastActivityAt) >= STALLED_AFTER_DAYS * DAY_MS);

  const requestIds = [
    ...new Set([...recentRows, ...failedRows].map((e) => e.requestId).filter((id): id is string => !!id)),
  ];
  const names = new Map(
    (requestIds.length
      ? await db.accessRequest.findMany({
          where: { agencyId: opts.agencyId, id: { in: requestIds } },
          select: { id: true, client: { select: { name: true } } },
        })
      : []
    ).map((r) => [r.id, r.client.name]),
  );
  const staff = await actorNames(
    db,
    opts.agencyId,
    [...recentRows, ...failedRows].map((e) => e.actor),
  );
  // an update reads as "asked for more access" only beside the status it left: the previous event's
  const previousStatus = new Map<string, string | null>();
  for (const e of recentRows.filter((r) => r.type === "request.updated" && r.requestId)) {
    const before = await db.event.findFirst({
      where: { requestId: e.requestId, createdAt: { lt: e.createdAt } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { body: true },
    });
    previousStatus.set(e.id, before ? statusIn(before.body) : null);
  }
  const toEvent = (e: (typeof recentRows)[number]): HomeEvent => {
    const clientName = e.requestId ? (names.get(e.requestId) ?? null) : null;
    const described = describeEvent(e.type, e.body, clientName, {
      actor: describeActor(e.actor, { clientName: clientName ?? "The client", names: staff }),
      previousStatus: previousStatus.get(e.id) ?? null,
    });
    return { id: e.id, requestId: e.requestId, clientName, createdAt: e.createdAt.toISOString(), ...described };
  };
  // Recent activity mixes every client's: a line that does not name its client says whose it is
  const named = (e: HomeEvent): HomeEvent =>
    e.clientName && !e.text.includes(e.clientName) ? { ...e, text: `${e.clientName}: ${e.text}` } : e;

  return {
    waiting: { total, oldest: all.slice(0, WAITING_SHOWN) },
    stalled: stalled.slice(0, WAITING_SHOWN),
    failedGrants: failedRows
      .filter((e) => isFailedGrant(e.type, e.body))
      .slice(0, 10)
      .map(toEvent),
    usage,
    recent: recentRows.map(toEvent).map(named),
  };
}
