"use server";
// Webhooks page actions (Manager and above): create and rotate return the signing secret
// this once; test sends a webhook.test at once and reports the endpoint's answer.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";
import { createWebhook } from "@/lib/core/webhooks/create-webhook";
import { deleteWebhook } from "@/lib/core/webhooks/delete-webhook";
import { pauseWebhook } from "@/lib/core/webhooks/pause-webhook";
import { resumeWebhook } from "@/lib/core/webhooks/resume-webhook";
import { rotateWebhookSecret } from "@/lib/core/webhooks/rotate-webhook-secret";
import { ZCreateWebhookBody, ZUpdateWebhookBody } from "@/lib/core/webhooks/schemas";
import { sendTestEvent } from "@/lib/core/webhooks/send-test-event";
import { updateWebhook } from "@/lib/core/webhooks/update-webhook";

const ZId = z.strictObject({ id: zUuid({ error: "Not a webhook id." }) });

export const createWebhookAction = dashboardAction(
  "webhooks:write",
  ZCreateWebhookBody,
  (input, ctx) => createWebhook({ agencyId: ctx.agencyId, input }),
  "webhook.created",
);

export const updateWebhookAction = dashboardAction(
  "webhooks:write",
  z.strictObject({ id: zUuid(), input: ZUpdateWebhookBody }),
  (input, ctx) => updateWebhook({ agencyId: ctx.agencyId, id: input.id, input: input.input }),
  "webhook.updated",
);

export const pauseWebhookAction = dashboardAction(
  "webhooks:write",
  ZId,
  (input, ctx) => pauseWebhook({ agencyId: ctx.agencyId, id: input.id }),
  "webhook.paused",
);

export const resumeWebhookAction = dashboardAction(
  "webhooks:write",
  ZId,
  (input, ctx) => resumeWebhook({ agencyId: ctx.agencyId, id: input.id }),
  "webhook.resumed",
);

export const deleteWebhookAction = dashboardAction(
  "webhooks:write",
  ZId,
  (input, ctx) => deleteWebhook({ agencyId: ctx.agencyId, id: input.id }),
  "webhook.deleted",
);

export const rotateWebhookSecretAction = dashboardAction(
  "webhooks:write",
  ZId,
  (input, ctx) => rotateWebhookSecret({ agencyId: ctx.agencyId, id: input.id }),
  "webhook.secret_rotated",
);

export const sendTestEventAction = dashboardAction(
  "webhooks:write",
  ZId,
  (input, ctx) => sendTestEvent({ agencyId: ctx.agencyId, id: input.id }),
  "webhook.test_sent",
);
