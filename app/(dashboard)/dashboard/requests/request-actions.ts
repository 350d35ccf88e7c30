"use server";
// Request changes from the dashboard, all through the domain module with the API's schema:
// create (source "dashboard"), the agency actions on a request, and "preview as client"
// (a demo request: no events, no usage, never listed by the API).
import { ZCreateRequestBody } from "@/lib/core/requests/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { applyAgencyAction, ZAgencyRequestAction } from "@/lib/core/requests/apply-agency-action";
import { editRequest, ZEditRequestInput } from "@/lib/core/requests/edit-request";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import { previewRequest } from "@/lib/core/requests/preview-request";
import { UUID } from "@/lib/core/common/uuid";
import { z } from "zod";
import { acceptInvitationNow } from "@/lib/core/invitations/accept-invitation-now";

export const createRequestAction = dashboardAction(
  "requests:write",
  ZCreateRequestBody,
  async (input, ctx) => {
    const request = await createRequest({ agencyId: ctx.agencyId, input, source: "dashboard" });
    return { id: request.id, inviteUrl: request.inviteUrl };
  },
  "request.created",
);

export const requestAgencyAction = dashboardAction(
  "requests:write",
  ZAgencyRequestAction,
  async (input, ctx) => {
    const request = await applyAgencyAction({ agencyId: ctx.agencyId, input, actorEmail: ctx.email });
    return { id: request.id, status: request.status, stateVersion: request.stateVersion };
  },
  (input) => `request.${input.kind === "cancel" ? "cancelled" : input.kind}`,
);

export const previewAsClientAction = dashboardAction(
  "requests:write",
  ZCreateRequestBody,
  async (input, ctx) => {
    const request = await createRequest({
      agencyId: ctx.agencyId,
      input: { ...input, sendEmail: false },
      source: "dashboard",
      isDemo: true,
    });
    return { inviteUrl: request.inviteUrl };
  },
  "request.previewed",
);

/** "Preview as client" on a request's page: the demo copy starts where the request stands. */
export const previewExistingRequestAction = dashboardAction(
  "requests:write",
  z.strictObject({ requestId: z.string().regex(UUID, "Must be a request id."), body: ZCreateRequestBody }),
  (input, ctx) => previewRequest({ agencyId: ctx.agencyId, requestId: input.requestId, input: input.body }),
  "request.previewed",
);

export const editRequestAction = dashboardAction(
  "requests:write",
  ZEditRequestInput,
  async (input, ctx) => {
    const res = await editRequest({ agencyId: ctx.agencyId, input, actor: ctx.email });
    return { id: res.request.id, changed: res.changed, reopened: res.reopened, emailedTo: res.emailedTo };
  },
  "request.edited",
);

/** "Accept now": the agency accepts a platform's pending invitation with its own token (Pinterest). */
export const acceptInvitationAction = dashboardAction(
  "requests:write",
  z.strictObject({ requestId: z.string().regex(UUID, "Must be a request id."), serviceId: z.string().min(1).max(100) }),
  (input, ctx) =>
    acceptInvitationNow({ agencyId: ctx.agencyId, requestId: input.requestId, serviceId: input.serviceId }),
  "invitation.accepted",
);
