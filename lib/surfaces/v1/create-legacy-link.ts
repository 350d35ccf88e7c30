// V1 links/create: a V2 request created through the shared createRequest (source "api",
// same usage counting, events and email), answering with the link id and its inviteUrl.
// V1 reports an intake form that cannot be used as a conflict (409), V2 as invalid input.
import { ApiError } from "@/lib/core/common/api-error";
import { createRequest } from "@/lib/core/requests/create-request";
import { toCreateRequestInput } from "@/lib/surfaces/v1/legacy-link-input";

function isIntakeUnavailable(err: unknown): boolean {
  return (
    err instanceof ApiError && err.code === "VALIDATION_FAILED" && err.details[0]?.field === "intakeForm.requested"
  );
}

export async function createLegacyLink(opts: {
  agencyId: string;
  body: Record<string, unknown>;
}): Promise<{ id: string; inviteUrl: string }> {
  const input = toCreateRequestInput(opts.body);
  try {
    const request = await createRequest({ agencyId: opts.agencyId, input, source: "api" });
    return { id: request.id, inviteUrl: request.inviteUrl };
  } catch (err) {
    if (isIntakeUnavailable(err))
      throw new ApiError("CONFLICT", "intakeForm: The agency's intake form is disabled or has no questions.");
    throw err;
  }
}
