// The dashboard's request actions (mark granted, unmark a grant, confirm a client-sent
// invite, cancel; asking a completed request for more is the request editor's), each through the one domain path, so the state
// versions and events are exactly the API's.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { applyRequestAction } from "@/lib/core/requests/apply-request-action";
import { cancelRequest } from "@/lib/core/requests/cancel-request";
import type { TRequest } from "@/lib/core/requests/schemas";

const ZServiceId = z.string().min(1).max(100);
const ZRequestId = zUuid({ error: "requestId must be a uuid." });

export const ZAgencyRequestAction = z.discriminatedUnion("kind", [
  z.strictObject({ requestId: ZRequestId, kind: z.literal("mark_granted"), serviceId: ZServiceId }),
  z.strictObject({ requestId: ZRequestId, kind: z.literal("unmark_granted"), serviceId: ZServiceId }),
  z.strictObject({ requestId: ZRequestId, kind: z.literal("confirm_invite"), serviceId: ZServiceId }),
  z.strictObject({ requestId: ZRequestId, kind: z.literal("cancel") }),
]);
export type TAgencyRequestAction = z.infer<typeof ZAgencyRequestAction>;

export async function applyAgencyAction(opts: {
  agencyId: string;
  input: TAgencyRequestAction;
  now?: Date;
  actorEmail?: string;
}): Promise<TRequest> {
  const { input, agencyId, now } = opts;
  if (input.kind === "cancel")
    return cancelRequest({
      agencyId,
      id: input.requestId,
      includeDemo: true,
      now,
      ...(opts.actorEmail ? { actor: opts.actorEmail } : {}),
    });
  const action = { kind: input.kind, serviceId: input.serviceId };
  const res = await applyRequestAction({
    agencyId,
    requestId: input.requestId,
    action,
    now,
    ...(opts.actorEmail ? { grantedBy: opts.actorEmail, actor: opts.actorEmail } : {}),
  });
  return res.request;
}
