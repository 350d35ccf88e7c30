// Cancels a request (API or dashboard): pending/in_progress → cancelled with cancelledAt and
// request.cancelled; cancelling a cancelled request returns it unchanged; completed or
// expired → 409 INVALID_STATE. Unfinished client sign-ins are discarded.
import { inTransaction } from "@/lib/infra/db/transaction";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { notFound } from "@/lib/core/common/api-error";

/** `includeDemo`: the dashboard may cancel its own previews; the API never sees them. */
export async function cancelRequest(opts: {
  agencyId: string;
  id: string;
  includeDemo?: boolean;
  now?: Date;
  actor?: string;
}) {
  return inTransaction(async (tx) => {
    const res = await applyRequestAction({
      agencyId: opts.agencyId,
      requestId: opts.id,
      action: { kind: "cancel" },
      tx,
      now: opts.now,
      actor: opts.actor ?? "api",
    });
    // throwing rolls the cancellation back
    if (res.isDemo && !opts.includeDemo) throw notFound("Request");
    if (res.changed) {
      await tx.grantSession.deleteMany({ where: { requestId: opts.id, usedAt: null } });
      // links handed to colleagues die with the request (demo previews' too, which record no event)
      await tx.requestForward.updateMany({
        where: { requestId: opts.id, revokedAt: null },
        data: { revokedAt: opts.now ?? new Date() },
      });
    }
    return res.request;
  });
}
