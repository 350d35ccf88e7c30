// When an open request is "stalled": its client has done nothing on its links for the
// agency's stalled-after days (0 = never), and the team has not yet been told of this quiet
// period. Pure; the sweep is lib/core/requests/stalled-requests.ts.

export const DEFAULT_STALLED_AFTER_DAYS = 2;
export const MAX_STALLED_AFTER_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export type StalledInput = {
  createdAt: Date;
  clientActivityAt: Date | null;
  stalledNotifiedAt: Date | null;
  stalledAfterDays: number;
};

/**
 * When the quiet period of a stalled request began (the client's last activity, or the
 * request's creation when the client never came), or null when the request is not stalled
 * or the team was already told of this quiet period.
 */
export function stalledSince(r: StalledInput, now: Date): Date | null {
  if (r.stalledAfterDays <= 0) return null;
  const quietFrom = r.clientActivityAt ?? r.createdAt;
  if (now.getTime() - quietFrom.getTime() < r.stalledAfterDays * DAY_MS) return null;
  if (r.stalledNotifiedAt && r.stalledNotifiedAt >= quietFrom) return null;
  return quietFrom;
}
