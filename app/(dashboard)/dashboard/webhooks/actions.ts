"use server";
// Webhooks page actions (Manager and above): create and rotate return the signing secret
// this once; test sends a webhook.test at once and reports the endpoint's answer.
import { z } from "zod";
import { dashboardAction } from "@/lib/dashboard/dashboard-action";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { pauseWebhook } from "@/lib/webhooks/pause-webhook";
import { resumeWebhook } from "@/lib/webhooks/resume-webhook";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { ZCreateWebhookBody, ZUpdateWebhookBody } from "@/lib/webhooks/schemas";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";
import { updateWebhook } from "@/lib/webhooks/update-webhook";

const ZId = z.strictObject({ id: z.uuid({ error: "Not a webhook id." }) });

export const createWebhookAction = dashboardAction("webhooks:write", ZCreateWebhookBody, (input, ctx) => createWebhook({ agencyId: ctx.agencyId, input }));

export const updateWebhookAction = dashboardAction("webhooks:write", z.strictObject({ id: z.uuid(), input: ZUpdateWebhookBody }), (input, ctx) =>
  updateWebhook({ agencyId: ctx.agencyId, id: input.id, input: input.input }),
);

export const pauseWebhookAction = dashboardAction("webhooks:write", ZId, (input, ctx) => pauseWebhook({ agencyId: ctx.agencyId, id: input.id }));

export const resumeWebhookAction = dashboardAction("webhooks:write", ZId, (input, ctx) => resumeWebhook({ agencyId: ctx.agencyId, id: input.id }));

export const deleteWebhookAction = dashboardAction("webhooks:write", ZId, (input, ctx) => deleteWebhook({ agencyId: ctx.agencyId, id: input.id }));

export const rotateWebhookSecretAction = dashboardAction("webhooks:write", ZId, (input, ctx) => rotateWebhookSecret({ agencyId: ctx.agencyId, id: input.id }));

export const sendTestEventAction = dashboardAction("webhooks:write", ZId, (input, ctx) => sendTestEvent({ agencyId: ctx.agencyId, id: input.id }));
