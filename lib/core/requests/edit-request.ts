// The dashboard's request editor: replaces the service set of an open request with the V1
// links/update rule (replaceRequestServices: unchanged services keep their progress), and
// "Ask for more access" on a completed request, which reopens it in the same transaction
// as the change. Reopening must change something (a request reopened with nothing to do
// would sit in in_progress for ever), and a completed request whose deadline has passed
// needs a new deadline, or it would expire the moment it reopens. One request.updated.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import type { Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError, notFound, validationError } from "@/lib/core/common/api-error";
import { UUID } from "@/lib/core/common/uuid";
import { isExpired, validateExpiresAt } from "@/lib/core/domain/expiry";
import { queueRequestEmail } from "@/lib/core/emails/queue-request-email";
import { replaceRequestServices } from "@/lib/core/requests/replace-request-services";
import { ZRequestedServices, type TRequest } from "@/lib/core/requests/schemas";

export const ZEditRequestInput = z.strictObject({
  requestId: zUuid({ error: "requestId must be a uuid." }),
  requestedServices: ZRequestedServices,
  expiresAt: z.iso.datetime({ offset: true, error: "expiresAt must be an ISO 8601 datetime." }).optional(),
  /** on "Ask for more access": email the client the link, in their language */
  emailClient: z.boolean({ error: "emailClient must be true or false." }).optional(),
});
export type TEditRequestInput = z.infer<typeof ZEditRequestInput>;

export async function editRequest(opts: {
  agencyId: string;
  input: TEditRequestInput;
  now?: Date;
  actor?: string;
}): Promise<{ changed: boolean; reopened: boolean; emailedTo: string | null; request: TRequest }> {
  const { agencyId, input } = opts;
  const now = opts.now ?? new Date();
  if (!UUID.test(input.requestId)) throw notFound("Request");
  const run = async (tx: Tx) => {
    const locked = await tx.$queryRaw<{ status: string; expiresAt: Date | null }[]>`
      SELECT "status", "expiresAt" FROM "AccessRequest"
      WHERE "id" = ${input.requestId}::uuid AND "agencyId" = ${agencyId}::uuid AND "isDemo" = false
      FOR UPDATE`;
    const row = locked[0];
    if (!row) throw notFound("Request");
    const reopening = row.status === "completed";
    let expiresAt: Date | undefined;
    if (input.expiresAt !== undefined) {
      expiresAt = new Date(input.expiresAt);
      const problem = validateExpiresAt(expiresAt, now);
      if (problem) throw validationError("expiresAt", `${problem}.`);
    }
    if (reopening) {
      if (isExpired(row.expiresAt, now) && !expiresAt) {
        throw validationError(
          "expiresAt",
          "The request's deadline has passed: give a new deadline to ask for more access.",
        );
      }
      // Reopen first (without an event), so the replacement below sees an open request;
      // it records the one request.updated and bumps stateVersion.
      await tx.accessRequest.update({
        where: { id: input.requestId },
        data: { status: "in_progress", completedAt: null, ...(expiresAt ? { expiresAt } : {}) },
      });
    } else if (expiresAt) {
      if (row.status !== "pending" && row.status !== "in_progress")
        throw new ApiError("INVALID_STATE", `The request is ${row.status}; it can no longer be changed.`);
      if (isExpired(row.expiresAt, now))
        throw new ApiError("INVALID_STATE", "The request is expired; it can no longer be changed.");
      await tx.accessRequest.update({ where: { id: input.requestId }, data: { expiresAt } });
    }
    const res = await replaceRequestServices({
      agencyId,
      requestId: input.requestId,
      requestedServices: input.requestedServices,
      tx,
      now,
      ...(opts.actor ? { actor: opts.actor } : {}),
    });
    if (reopening && !res.changed) {
      throw validationError("requestedServices", "To ask for more access, add a service or change a role or account.");
    }
    // a reopened request the client does not hear of waits for nothing
    let emailedTo: string | null = null;
    if (reopening && input.emailClient) {
      emailedTo = (await queueRequestEmail(tx, { agencyId, requestId: input.requestId, kind: "invite" })).to;
    }
    return { ...res, reopened: reopening, emailedTo };
  };
  return inTransaction(run);
}
