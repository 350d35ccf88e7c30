// A request's history for the dashboard, oldest first, read from the event log: each
// event's type, time, the stateVersion and status it recorded, and the service it names.
// Times are ISO strings of one format, so comparing them as text orders them in time.
import { getDb, type Tx } from "@/lib/infra/db/db";

export interface TTimelineEntry {
  id: string;
  type: string;
  createdAt: string;
  stateVersion: number | null;
  status: string | null;
  service: string | null;
  /** who caused it (see recordEvent): "client", "team", "api", "system", a staff email; null when not recorded */
  actor: string | null;
}

interface StoredBody {
  data?: { request?: { stateVersion?: unknown; status?: unknown }; service?: { service?: unknown } };
}

export function timelineEntry(row: {
  id: string;
  type: string;
  createdAt: Date;
  body: string;
  actor?: string | null;
}): TTimelineEntry {
  let body: StoredBody = {};
  try {
    body = JSON.parse(row.body) as StoredBody;
  } catch {
    // an unreadable body still shows its type and time
  }
  const req = body.data?.request;
  const svc = body.data?.service?.service;
  return {
    id: row.id,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    stateVersion: typeof req?.stateVersion === "number" ? req.stateVersion : null,
    status: typeof req?.status === "string" ? req.status : null,
    service: typeof svc === "string" ? svc : null,
    actor: row.actor ?? null,
  };
}

// Events of one change share a timestamp and have random ids; the domain records the
// closing event (completed, cancelled, expired) last, so it sorts last within a tie.
const CLOSING = new Set(["request.completed", "request.cancelled", "request.expired"]);

export function compareTimeline(a: TTimelineEntry, b: TTimelineEntry): number {
  return (
    a.createdAt.localeCompare(b.createdAt) ||
    (a.stateVersion ?? 0) - (b.stateVersion ?? 0) ||
    Number(CLOSING.has(a.type)) - Number(CLOSING.has(b.type)) ||
    a.id.localeCompare(b.id)
  );
}

export async function getRequestTimeline(opts: {
  agencyId: string;
  requestId: string;
  tx?: Tx;
  limit?: number;
}): Promise<TTimelineEntry[]> {
  const db = opts.tx ?? (await getDb());
  const rows = await db.event.findMany({
    where: { agencyId: opts.agencyId, requestId: opts.requestId, test: false },
    select: { id: true, type: true, createdAt: true, body: true, actor: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: opts.limit ?? 500,
  });
  return rows.map(timelineEntry).sort(compareTimeline);
}
