// Replaces the whole service set of an open request (V1 links/update today): omitted
// services are removed, new ones added, and a service keeps its progress only when its
// role and accounts are unchanged. One transaction: the row is locked, stateVersion rises
// by one and request.updated is recorded (then request.completed if the new set meets the
// completion rule). Completed, cancelled and expired requests are refused with 409.
import { type Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { effectiveStatus, isComplete, type RequestStatus, type ServiceState } from "@/lib/core/domain/request-state";
import { recordAndReact } from "@/lib/core/reactions/record-and-react";
import { ApiError, notFound, validationError } from "@/lib/core/common/api-error";
import { getRequestRowOrThrow } from "@/lib/core/requests/load-request";
import type { TRequest, TRequestedService } from "@/lib/core/requests/schemas";
import { serializeRequest } from "@/lib/core/requests/serialize-request";
import { validateRequestedServices } from "@/lib/core/requests/validate-requested-services";

import { UUID } from "@/lib/core/common/uuid";
const CLOSED: ReadonlySet<RequestStatus> = new Set(["completed", "cancelled", "expired"]);

export interface ReplaceServicesResult {
  /** false when the set sent equals the stored one: nothing is written and no event recorded */
  changed: boolean;
  request: TRequest;
}

type Account = Record<string, unknown>;

// Account links compare as a set of objects: order of the links and of their keys is
// irrelevant, and JSON columns do not keep key order anyway.
function accountKey(accounts: unknown): string {
  const list = Array.isArray(accounts) ? (accounts as Account[]) : [];
  return JSON.stringify(
    list
      .map((a) =>
        JSON.stringify(
          Object.keys(a)
            .sort()
            .map((k) => [k, a[k] ?? null]),
        ),
      )
      .sort(),
  );
}

export async function replaceRequestServices(opts: {
  agencyId: string;
  requestId: string;
  requestedServices: Record<string, TRequestedService>;
  tx?: Tx;
  now?: Date;
  /** who asked for the change (a staff email); "api" by default */
  actor?: string;
}): Promise<ReplaceServicesResult> {
  const run = async (tx: Tx): Promise<ReplaceServicesResult> => {
    const now = opts.now ?? new Date();
    if (!UUID.test(opts.requestId)) throw notFound("Request");
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "AccessRequest"
      WHERE "id" = ${opts.requestId}::uuid AND "agencyId" = ${opts.agencyId}::uuid AND "isDemo" = false
      FOR UPDATE`;
    if (!locked[0]) throw notFound("Request");
    const row = await getRequestRowOrThrow({ agencyId: opts.agencyId, id: opts.requestId, tx });
    const status = effectiveStatus({ status: row.status, expiresAt: row.expiresAt }, now);
    if (CLOSED.has(status))
      throw new ApiError("INVALID_STATE", `The request is ${status}; its services can no longer be changed.`);

    const wanted = await validateRequestedServices(tx, {
      agencyId: opts.agencyId,
      requestedServices: opts.requestedServices,
    });
    // A request with nothing to grant and no intake form could never complete.
    if (wanted.length === 0 && !row.intakeRequested)
      throw validationError("requestedServices", "Request at least one service.");

    const before = new Map(row.services.map((s) => [s.serviceId, s]));
    const wantedIds = new Set(wanted.map((w) => w.serviceId));
    const removed = row.services.filter((s) => !wantedIds.has(s.serviceId)).map((s) => s.serviceId);
    const reset: string[] = [];
    const next: ServiceState[] = [];
    const writes: (() => Promise<unknown>)[] = [];
    let changed = removed.length > 0;

    wanted.forEach((w, position) => {
      const old = before.get(w.serviceId);
      if (!old) {
        changed = true;
        next.push({ serviceId: w.serviceId, optional: w.optional, status: "pending", awaitingConfirmation: false });
        writes.push(() =>
          tx.requestService.create({
            data: {
              agencyId: opts.agencyId,
              requestId: row.id,
              serviceId: w.serviceId,
              platform: w.platform,
              accessLevel: w.accessLevel,
              optional: w.optional,
              accounts: w.accounts,
              position,
            },
          }),
        );
        return;
      }
      const sameGrant = old.accessLevel === w.accessLevel && accountKey(old.accounts) === accountKey(w.accounts);
      // Only optional services may stay skipped (see the request service states).
      const keep = sameGrant && !(old.status === "skipped" && !w.optional);
      const same = keep && old.optional === w.optional && old.position === position;
      if (same) {
        next.push({
          serviceId: old.serviceId,
          optional: old.optional,
          status: old.status,
          awaitingConfirmation: old.awaitingConfirmation,
        });
        return;
      }
      changed = true;
      if (!keep) reset.push(w.serviceId);
      next.push({
        serviceId: w.serviceId,
        optional: w.optional,
        status: keep ? old.status : "pending",
        awaitingConfirmation: keep ? old.awaitingConfirmation : false,
      });
      writes.push(() =>
        tx.requestService.update({
          where: { id: old.id },
          data: {
            optional: w.optional,
            position,
            ...(keep
              ? {}
              : {
                  accessLevel: w.accessLevel,
                  accounts: w.accounts,
                  status: "pending",
                  awaitingConfirmation: false,
                  grantedAt: null,
                  grantedAssets: [],
                }),
          },
        }),
      );
    });

    if (!changed) return { changed: false, request: serializeRequest(row, now) };

    if (removed.length)
      await tx.requestService.deleteMany({ where: { requestId: row.id, serviceId: { in: removed } } });
    // A client half-way through signing in must not grant a removed service or an old role.
    const discarded = [...removed, ...reset];
    if (discarded.length)
      await tx.grantSession.deleteMany({ where: { requestId: row.id, serviceId: { in: discarded }, usedAt: null } });
    for (const write of writes) await write();

    const completesNow = isComplete({
      services: next,
      intakeRequested: row.intakeRequested,
      intakeCompleted: row.intakeCompletedAt !== null,
    });
    await tx.accessRequest.update({
      where: { id: row.id },
      data: { stateVersion: row.stateVersion + 1, ...(completesNow ? { status: "completed", completedAt: now } : {}) },
    });

    const after = await getRequestRowOrThrow({ agencyId: opts.agencyId, id: row.id, tx });
    const request = serializeRequest(after, now);
    const actor = opts.actor ?? "api";
    await recordAndReact(tx, {
      agencyId: opts.agencyId,
      type: "request.updated",
      data: { request },
      requestId: row.id,
      now,
      actor,
    });
    if (completesNow)
      await recordAndReact(tx, {
        agencyId: opts.agencyId,
        type: "request.completed",
        data: { request },
        requestId: row.id,
        now,
        actor,
      });
    return { changed: true, request };
  };
  return inTransaction(run, { tx: opts.tx });
}
