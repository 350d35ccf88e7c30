// The request a grant works on, as the caller loaded it: the row with its services (only
// the services handed over, for a colleague's forwarded link) and who it was forwarded to.

import { effectiveStatus } from "@/lib/core/domain/request-state";
import type { RequestWithServices } from "@/lib/core/requests/serialize-request";

export type GrantRequest = RequestWithServices & {
  /** set when the request was opened through a colleague's forwarded link */
  forward?: { id?: string; email: string };
};

export type GrantRequestService = GrantRequest["services"][number];

/** Whether the client may still act: pending or in progress, deadline not passed. */
export function isOpenForGrant(row: Pick<GrantRequest, "status" | "expiresAt">, now: Date): boolean {
  const status = effectiveStatus({ status: row.status, expiresAt: row.expiresAt }, now);
  return status === "pending" || status === "in_progress";
}
