// "Preview as client" of an existing request: a demo copy (no events, no usage, never listed)
// that starts where the real request stands, so the team sees what the client sees now
// ("8 of 9 done", the services already granted or skipped), not a fresh "0 of 9 done".
// A cancelled or expired request has no page to preview (its link only says it no longer
// works): refused, saying so.
import type { Tx } from "@/lib/infra/db/db";
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError, notFound } from "@/lib/core/common/api-error";
import { createRequest } from "@/lib/core/requests/create-request";
import type { TCreateRequestBody } from "@/lib/core/requests/schemas";

export async function previewRequest(opts: {
  agencyId: string;
  requestId: string;
  input: TCreateRequestBody;
  tx?: Tx;
}): Promise<{ inviteUrl: string }> {
  return inTransaction(
    async (tx) => {
      const original = await tx.accessRequest.findFirst({
        where: { id: opts.requestId, agencyId: opts.agencyId, isDemo: false },
        select: {
          status: true,
          intakeCompletedAt: true,
          completedAt: true,
          cancelledAt: true,
          expiredAt: true,
          expiresAt: true,
          services: true,
        },
      });
      if (!original) throw notFound("Request");
      if (original.status === "cancelled" || original.status === "expired")
        throw new ApiError(
          "CONFLICT",
          `This request was ${original.status}: its link no longer works, so there is no page to preview. Create a new request to ask again.`,
        );
      const copy = await createRequest({
        agencyId: opts.agencyId,
        input: { ...opts.input, sendEmail: false },
        source: "dashboard",
        isDemo: true,
        tx,
      });
      for (const s of original.services) {
        await tx.requestService.updateMany({
          where: { requestId: copy.id, serviceId: s.serviceId },
          data: {
            status: s.status,
            awaitingConfirmation: s.awaitingConfirmation,
            grantedAssets: s.grantedAssets ?? [],
            grantedAt: s.grantedAt,
            grantedBy: s.grantedBy,
          },
        });
      }
      const { services: _services, ...state } = original;
      await tx.accessRequest.update({ where: { id: copy.id }, data: state });
      return { inviteUrl: copy.inviteUrl };
    },
    { tx: opts.tx },
  );
}
