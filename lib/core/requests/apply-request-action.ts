// Applies one state-machine action (client, agency or sweep) to a stored request: locks
// the row, runs the pure transition, writes the changes with the new stateVersion and
// records the events, in one transaction. Every surface changes request state through here.
// What follows an event (the team's notice, lost-access alerts closed by a new grant, the
// client's completion email) runs from lib/core/reactions as each event is recorded.
import type { Prisma } from "@/generated/prisma/client";
import { type Tx } from "@/lib/infra/db/db";
import type { StoredInvitation } from "@/lib/core/request-records/stored-invitation";
import { inTransaction } from "@/lib/infra/db/transaction";
import { applyAction, isClientAction, type RequestAction, type RequestState } from "@/lib/core/domain/request-state";
import { recordAndReact } from "@/lib/core/reactions/record-and-react";
import { ApiError, notFound } from "@/lib/core/common/api-error";
import { getRequestRowOrThrow } from "@/lib/core/requests/load-request";
import { serializeRequest } from "@/lib/core/requests/serialize-request";
import { notifyTeam } from "@/lib/core/notifications/notify-team";
import { AWAITING_CONFIRMATION } from "@/lib/core/notifications/notification-types";
import type { TRequest } from "@/lib/core/requests/schemas";

export interface GrantedAsset {
  id: string;
  name: string | null;
  accessLevel: string | null;
  /**
   * Stored only: the grant read back on the platform right after it was made (true
   * confirmed, false not found, null no documented read). Never in the API's shape.
   */
  verified?: boolean | null;
  /** ISO time of that read; null when there was none. */
  verifiedAt?: string | null;
}

export interface ApplyOptions {
  /** scope: the agency (dashboard, API) or nothing when found by invite token (client pages) */
  agencyId?: string;
  requestId: string;
  action: RequestAction;
  /** assets to record on the service when the action grants it */
  grantedAssets?: GrantedAsset[];
  /** set when the platform granted by an invitation the agency must accept (stored beside `granted`) */
  invitation?: StoredInvitation | null;
  /** who grants, for the client page: a staff email; by default "client", or "team" for the agency's actions */
  grantedBy?: string;
  /** who acts for the agency (a staff email, or "api"), or the client's colleague on a client
   * action (`colleagueActor`); credited in the timeline and notifications */
  actor?: string;
  tx?: Tx;
  now?: Date;
}

export interface ApplyResult {
  changed: boolean;
  request: TRequest;
  agencyId: string;
  isDemo: boolean;
}

const ERROR_FOR = { INVALID_STATE: "INVALID_STATE", NOT_FOUND: "NOT_FOUND", NOT_ALLOWED: "INVALID_STATE" } as const;

function defaultGrantedBy(action: RequestAction): string {
  return action.kind === "mark_granted" || action.kind === "confirm_invite" ? "team" : "client";
}

/** Who an action's events are credited to: the client, the acting staff member (or the API), or the sweep. */
export function actorOf(action: RequestAction, opts: Pick<ApplyOptions, "actor">): string {
  if (action.kind === "expire") return "system";
  if (isClientAction(action)) return opts.actor?.startsWith("colleague:") ? opts.actor : "client";
  return opts.actor ?? "team";
}

export async function applyRequestAction(opts: ApplyOptions): Promise<ApplyResult> {
  const run = async (tx: Tx): Promise<ApplyResult> => {
    const now = opts.now ?? new Date();
    const locked = await tx.$queryRaw<{ id: string; agencyId: string }[]>`
      SELECT "id", "agencyId" FROM "AccessRequest" WHERE "id" = ${opts.requestId}::uuid FOR UPDATE`;
    const head = locked[0];
    if (!head || (opts.agencyId && head.agencyId !== opts.agencyId)) throw notFound("Request");
    const row = await getRequestRowOrThrow({ agencyId: head.agencyId, id: head.id, tx, includeDemo: true });
    const state: RequestState = {
      status: row.status,
      stateVersion: row.stateVersion,
      expiresAt: row.expiresAt,
      intakeRequested: row.intakeRequested,
      intakeCompleted: row.intakeCompletedAt !== null,
      services: row.services.map((s) => ({
        serviceId: s.serviceId,
        optional: s.optional,
        status: s.status,
        awaitingConfirmation: s.awaitingConfirmation,
      })),
    };
    const result = applyAction(state, opts.action, now);
    if (!result.ok) throw new ApiError(ERROR_FOR[result.code], result.message);
    if (!result.changed)
      return { changed: false, request: serializeRequest(row, now), agencyId: row.agencyId, isDemo: row.isDemo };

    const next = result.next;
    const leavingCompleted = row.status === "completed" && next.status !== "completed";
    await tx.accessRequest.update({
      where: { id: row.id },
      data: {
        status: next.status,
        stateVersion: next.stateVersion,
        ...(result.completedNow ? { completedAt: now } : leavingCompleted ? { completedAt: null } : {}),
        ...(result.cancelledNow ? { cancelledAt: now } : {}),
        ...(result.expiredNow ? { expiredAt: now } : {}),
        ...(next.intakeCompleted && !state.intakeCompleted ? { intakeCompletedAt: now } : {}),
      },
    });
    for (const svc of next.services) {
      const before = row.services.find((s) => s.serviceId === svc.serviceId)!;
      if (before.status === svc.status && before.awaitingConfirmation === svc.awaitingConfirmation) continue;
      const granting = svc.status === "granted" && before.status !== "granted";
      const ungranting = before.status === "granted" && svc.status !== "granted";
      await tx.requestService.update({
        where: { id: before.id },
        data: {
          status: svc.status,
          awaitingConfirmation: svc.awaitingConfirmation,
          ...(granting
            ? {
                grantedAt: now,
                // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs it (Prisma JSON input)
                grantedAssets: (opts.grantedAssets ?? []) as object[],
                grantedBy: opts.grantedBy ?? defaultGrantedBy(opts.action),
                ...(opts.invitation ? { invitation: opts.invitation as unknown as Prisma.InputJsonObject } : {}),
              }
            : {}),
          ...(ungranting
            ? {
                grantedAt: null,
                grantedAssets: [],
                grantedBy: null,
                invitation: null as unknown as Prisma.InputJsonValue,
              }
            : {}),
        },
      });
    }
    const after = await getRequestRowOrThrow({ agencyId: row.agencyId, id: row.id, tx, includeDemo: true });
    const request = serializeRequest(after, now);
    if (!row.isDemo) {
      for (const ev of result.events) {
        const svc = ev.serviceId ? after.services.find((s) => s.serviceId === ev.serviceId) : undefined;
        const eventId = await recordAndReact(tx, {
          agencyId: row.agencyId,
          type: ev.type,
          requestId: row.id,
          now,
          actor: actorOf(opts.action, opts),
          data: svc ? { request, service: { service: svc.serviceId, platform: svc.platform } } : { request },
        });
        // the client says a by-hand service is done: the team is asked to confirm it
        if (opts.action.kind === "invite_sent" && ev.type === "request.updated" && svc) {
          await notifyTeam(tx, {
            agencyId: row.agencyId,
            eventId,
            type: AWAITING_CONFIRMATION,
            data: { request, service: { service: svc.serviceId, platform: svc.platform } },
            requestId: row.id,
            now,
          });
        }
      }
    }
    return { changed: true, request, agencyId: row.agencyId, isDemo: row.isDemo };
  };
  return inTransaction(run, { tx: opts.tx });
}
