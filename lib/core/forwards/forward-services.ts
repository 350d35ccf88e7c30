// The client hands some pending services of a request to a colleague: a forward row with
// a link token of its own (hashed and sealed like the invite token), the services marked
// with who they went to, the colleague's email queued in the client's language, a new
// stateVersion and one `request.updated` carrying what changed. Taking a forward back
// revokes its link and returns its services to the client; resending queues the same
// link again. Each is one transaction on the locked request row. Nothing here counts
// toward the allowance: a forward is part of the request it belongs to.
import type { Prisma } from "@/generated/prisma/client";
import type { Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { newLinkToken, openLinkToken } from "@/lib/infra/secrets/link-token";
import { effectiveStatus } from "@/lib/core/domain/request-state";
import { ApiError, notFound } from "@/lib/core/common/api-error";
import { recordAndReact } from "@/lib/core/reactions/record-and-react";
import { getRequestRowOrThrow } from "@/lib/core/requests/load-request";
import { serializeRequest } from "@/lib/core/requests/serialize-request";
import type { TRequest } from "@/lib/core/requests/schemas";
import { queueForwardEmail } from "@/lib/core/forwards/forward-email";
import {
  readForwardedTo,
  readHandedBack,
  type ForwardedTo,
  type HandedBack,
} from "@/lib/core/request-records/forward-ownership";

export { readForwardedTo, readHandedBack, type ForwardedTo, type HandedBack };

export const FORWARD_NAME_MAX = 200;
export const FORWARD_EMAIL_MAX = 320;
export const FORWARD_NOTE_MAX = 1000;

export type ForwardChange = "forwarded" | "taken_back" | "declined";

export const DECLINE_REASON_MAX = 1000;

type LockedRequest = Awaited<ReturnType<typeof getRequestRowOrThrow>>;

async function lockOpenRequest(tx: Tx, requestId: string, now: Date): Promise<LockedRequest> {
  await tx.$queryRaw`SELECT "id" FROM "AccessRequest" WHERE "id" = ${requestId}::uuid FOR UPDATE`;
  const head = await tx.accessRequest.findUnique({ where: { id: requestId }, select: { agencyId: true } });
  if (!head) throw notFound("Request");
  const row = await getRequestRowOrThrow({ agencyId: head.agencyId, id: requestId, tx, includeDemo: true });
  const status = effectiveStatus({ status: row.status, expiresAt: row.expiresAt }, now);
  if (status !== "pending" && status !== "in_progress")
    throw new ApiError("INVALID_STATE", "The request is no longer open.");
  return row;
}

/** Raises stateVersion and records one request.updated saying what happened to which forward. */
async function recordForwardChange(
  tx: Tx,
  row: LockedRequest,
  change: ForwardChange,
  forward: { name: string; email: string; serviceIds: string[] },
  now: Date,
  /** who did it, as events name them; the client when unset */
  actor?: string,
) {
  await tx.accessRequest.update({ where: { id: row.id }, data: { stateVersion: { increment: 1 } } });
  const after = await getRequestRowOrThrow({ agencyId: row.agencyId, id: row.id, tx, includeDemo: true });
  const request = serializeRequest(after, now);
  if (!row.isDemo) {
    await recordAndReact(tx, {
      agencyId: row.agencyId,
      type: "request.updated",
      requestId: row.id,
      now,
      data: { request, forward: { change, name: forward.name, email: forward.email, services: forward.serviceIds } },
      ...(actor ? { actor } : {}),
    });
  }
  return request;
}

export async function forwardServices(opts: {
  requestId: string;
  serviceIds: string[];
  name: string;
  email: string;
  note: string | null;
  now?: Date;
}): Promise<{ forwardId: string; token: string; request: TRequest }> {
  const now = opts.now ?? new Date();
  return inTransaction(async (tx) => {
    const row = await lockOpenRequest(tx, opts.requestId, now);
    const wanted = new Set(opts.serviceIds);
    const services = row.services.filter(
      (s) => wanted.has(s.serviceId) && s.status === "pending" && !readForwardedTo(s.forwardedTo),
    );
    if (services.length === 0 || services.length !== wanted.size) {
      throw new ApiError(
        "VALIDATION_FAILED",
        "services: choose services of this request that are pending and not handed on yet.",
        [{ field: "services", message: "Choose services of this request that are pending and not handed on yet." }],
      );
    }
    const link = newLinkToken();
    const serviceIds = services.map((s) => s.serviceId);
    const forward = await tx.requestForward.create({
      data: {
        agencyId: row.agencyId,
        requestId: row.id,
        name: opts.name,
        email: opts.email,
        note: opts.note,
        serviceIds,
        tokenHash: link.hash,
        tokenSealed: link.sealed,
        lastSentAt: now,
        createdAt: now,
      },
      select: { id: true },
    });
    const forwardedTo: ForwardedTo = {
      forwardId: forward.id,
      name: opts.name,
      email: opts.email,
      at: now.toISOString(),
    };
    await tx.requestService.updateMany({
      where: { requestId: row.id, serviceId: { in: serviceIds } },
      data: {
        forwardedTo: forwardedTo as unknown as Prisma.InputJsonObject,
        // handed on again: an earlier colleague's "I can't do this" no longer applies
        handedBack: null as unknown as Prisma.InputJsonValue,
      },
    });
    if (!row.isDemo) await queueForwardEmail(tx, { requestId: row.id, forwardId: forward.id, token: link.token });
    const request = await recordForwardChange(
      tx,
      row,
      "forwarded",
      { name: opts.name, email: opts.email, serviceIds },
      now,
    );
    return { forwardId: forward.id, token: link.token, request };
  });
}

async function liveForward(tx: Tx, requestId: string, forwardId: string) {
  const forward = await tx.requestForward.findFirst({ where: { id: forwardId, requestId, revokedAt: null } });
  if (!forward) throw notFound("Forward");
  return forward;
}

/**
 * The client takes services back from a colleague ("I'll do it myself after all"): the
 * named services of the forward (all of them when none are named) that the colleague has
 * not granted are the client's again, and the colleague's link no longer reaches them. The
 * link itself stops opening once none of its services is the colleague's any more. A
 * service the colleague already granted stays theirs. Refused (VALIDATION_FAILED) when no
 * named service can be taken back.
 */
export async function takeBackForward(opts: {
  requestId: string;
  forwardId: string;
  serviceIds?: string[];
  now?: Date;
}): Promise<TRequest> {
  const now = opts.now ?? new Date();
  return inTransaction(async (tx) => {
    const row = await lockOpenRequest(tx, opts.requestId, now);
    const forward = await liveForward(tx, row.id, opts.forwardId);
    const held = row.services.filter((s) => readForwardedTo(s.forwardedTo)?.forwardId === forward.id);
    const wanted = opts.serviceIds ? new Set(opts.serviceIds) : null;
    const back = held.filter((s) => s.status !== "granted" && (!wanted || wanted.has(s.serviceId)));
    if (back.length === 0 || (wanted && back.length !== wanted.size)) {
      throw new ApiError("VALIDATION_FAILED", "services: choose services handed on and not granted yet.", [
        { field: "services", message: "Choose services handed on and not granted yet." },
      ]);
    }
    const serviceIds = back.map((s) => s.serviceId);
    await tx.requestService.updateMany({
      where: { requestId: row.id, serviceId: { in: serviceIds } },
      data: { forwardedTo: null as unknown as Prisma.InputJsonValue },
    });
    // Nothing left on the link for the colleague: it stops opening as a page to act on.
    if (back.length === held.length)
      await tx.requestForward.update({ where: { id: forward.id }, data: { revokedAt: now } });
    return recordForwardChange(tx, row, "taken_back", { ...forward, serviceIds }, now);
  });
}

/**
 * The colleague hands one service back ("I can't do this"), with an optional reason: it is
 * the client's again (its `forwardedTo` cleared as a take-back clears it), the row keeps who
 * handed it back and why so the client's page can say so, and the colleague's link no
 * longer offers it. The link itself stays open, so the colleague's page can confirm it.
 * Recorded as the colleague's doing (`actor`). Refused (VALIDATION_FAILED) when the service
 * is not the link's or no longer pending.
 */
export async function declineForward(opts: {
  requestId: string;
  forwardId: string;
  serviceId: string;
  reason: string | null;
  actor: string;
  now?: Date;
}): Promise<TRequest> {
  const now = opts.now ?? new Date();
  return inTransaction(async (tx) => {
    const row = await lockOpenRequest(tx, opts.requestId, now);
    const forward = await liveForward(tx, row.id, opts.forwardId);
    const svc = row.services.find(
      (s) =>
        s.serviceId === opts.serviceId &&
        s.status === "pending" &&
        readForwardedTo(s.forwardedTo)?.forwardId === forward.id,
    );
    if (!svc) {
      throw new ApiError("VALIDATION_FAILED", "service: choose a pending service handed to you.", [
        { field: "service", message: "Choose a pending service handed to you." },
      ]);
    }
    const handedBack: HandedBack = {
      forwardId: forward.id,
      name: forward.name,
      email: forward.email,
      reason: opts.reason,
      at: now.toISOString(),
    };
    await tx.requestService.update({
      where: { id: svc.id },
      data: {
        forwardedTo: null as unknown as Prisma.InputJsonValue,
        handedBack: handedBack as unknown as Prisma.InputJsonObject,
      },
    });
    return recordForwardChange(tx, row, "declined", { ...forward, serviceIds: [svc.serviceId] }, now, opts.actor);
  });
}

/** The same link, emailed again. */
export async function resendForward(opts: {
  requestId: string;
  forwardId: string;
  now?: Date;
}): Promise<{ name: string }> {
  const now = opts.now ?? new Date();
  return inTransaction(async (tx) => {
    const row = await lockOpenRequest(tx, opts.requestId, now);
    const forward = await liveForward(tx, row.id, opts.forwardId);
    await tx.requestForward.update({
      where: { id: forward.id },
      data: { sentCount: { increment: 1 }, lastSentAt: now },
    });
    const token = openLinkToken({ hash: forward.tokenHash, sealed: forward.tokenSealed });
    if (!row.isDemo) await queueForwardEmail(tx, { requestId: row.id, forwardId: forward.id, token });
    return { name: forward.name };
  });
}
