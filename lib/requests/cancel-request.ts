// Cancels a request (API or dashboard): pending/in_progress → cancelled with cancelledAt and
// request.cancelled; cancelling a cancelled request returns it unchanged; completed or
// expired → 409 INVALID_STATE. Unfinished client sign-ins are discarded.
import { getDb } from "@/lib/db";
import { applyRequestAction } from "@/lib/requests/apply-request-action";

export async function cancelRequest(opts: { agencyId: string; id: string; now?: Date }) {
  return (await getDb()).$transaction(
    async (tx) => {
      const res = await applyRequestAction({ agencyId: opts.agencyId, requestId: opts.id, action: { kind: "cancel" }, tx, now: opts.now });
      if (res.changed) await tx.grantSession.deleteMany({ where: { requestId: opts.id, usedAt: null } });
      return res.request;
    },
    { timeout: 20_000, maxWait: 15_000 },
  );
}
