// The webhook endpoints of the V2 OpenAPI document, registered with the webhook schemas the
// handlers validate with (lib/webhooks/schemas.ts).
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import {
  WEBHOOK_LIMIT,
  ZCreateWebhookBody,
  ZDeletedWebhook,
  ZDelivery,
  ZListDeliveriesQuery,
  ZListWebhooksQuery,
  ZUpdateWebhookBody,
  ZWebhook,
  ZWebhookTestResult,
  ZWebhookWithSecret,
} from "@/lib/core/webhooks/schemas";
import { envelope, pageEnvelope, ZIdParam } from "@/lib/surfaces/v2/openapi/components";
import { json, registerOperation, type V2Operation } from "@/lib/surfaces/v2/openapi/register-operation";

const Webhook = ZWebhook.meta({ id: "Webhook" });
const WebhookWithSecret = ZWebhookWithSecret.meta({
  id: "WebhookWithSecret",
  description: "The webhook and its `whsec_` signing secret, shown this once.",
});
const Delivery = ZDelivery.meta({
  id: "WebhookDelivery",
  description: "One event's delivery to one webhook, with every attempt.",
});
const TestResult = ZWebhookTestResult.meta({ id: "WebhookTestResult" });

const URL_RULE = "`url`: HTTPS on port 443, resolving only to public addresses; redirects are not followed.";
const EVENTS_RULE = '`events`: each event type once, or `["*"]` alone for every type.';

export function registerWebhookPaths(registry: OpenAPIRegistry) {
  const id = ZIdParam("webhook");
  const ops: V2Operation[] = [
    {
      method: "post",
      path: "/webhooks",
      operationId: "createWebhook",
      summary: "Register a webhook endpoint",
      description: `${URL_RULE} ${EVENTS_RULE} At most ${WEBHOOK_LIMIT} webhooks per agency (409 \`LIMIT_REACHED\`). The response carries the signing secret once.`,
      tags: ["Webhooks"],
      traits: { body: true, idempotent: true, codes: ["LIMIT_REACHED"] },
      request: { body: json(ZCreateWebhookBody) },
      status: 201,
      responseDescription: "The webhook with its signing secret.",
      response: envelope(WebhookWithSecret),
    },
    {
      method: "get",
      path: "/webhooks",
      operationId: "listWebhooks",
      summary: "List webhooks",
      tags: ["Webhooks"],
      traits: {},
      request: { query: ZListWebhooksQuery },
      status: 200,
      responseDescription: "A page of webhooks.",
      response: pageEnvelope(Webhook),
    },
    {
      method: "get",
      path: "/webhooks/{id}",
      operationId: "getWebhook",
      summary: "Read a webhook",
      tags: ["Webhooks"],
      traits: { notFound: true },
      request: { params: id },
      status: 200,
      responseDescription: "The webhook (never its secret).",
      response: envelope(Webhook),
    },
    {
      method: "patch",
      path: "/webhooks/{id}",
      operationId: "updateWebhook",
      summary: "Change a webhook's url or events",
      description: `${URL_RULE} ${EVENTS_RULE}`,
      tags: ["Webhooks"],
      traits: { body: true, notFound: true },
      request: { params: id, body: json(ZUpdateWebhookBody) },
      status: 200,
      responseDescription: "The updated webhook.",
      response: envelope(Webhook),
    },
    {
      method: "delete",
      path: "/webhooks/{id}",
      operationId: "deleteWebhook",
      summary: "Delete a webhook",
      description: "Cancels its pending deliveries.",
      tags: ["Webhooks"],
      traits: { body: true, notFound: true },
      request: { params: id },
      status: 200,
      responseDescription: "The deleted webhook's id.",
      response: envelope(ZDeletedWebhook),
    },
    {
      method: "post",
      path: "/webhooks/{id}/pause",
      operationId: "pauseWebhook",
      summary: "Pause a webhook",
      description:
        "Deliveries that are due, or come due, while paused are cancelled; a retry scheduled after the resume keeps its place. Events that happen while paused are never sent to it. No body.",
      tags: ["Webhooks"],
      traits: { body: true, notFound: true },
      request: { params: id },
      status: 200,
      responseDescription: "The webhook, `paused`.",
      response: envelope(Webhook),
    },
    {
      method: "post",
      path: "/webhooks/{id}/resume",
      operationId: "resumeWebhook",
      summary: "Resume a paused webhook",
      description:
        "Events from now on are delivered again, and pending retries still within their schedule go out when due; what came due during the pause stays cancelled. No body.",
      tags: ["Webhooks"],
      traits: { body: true, notFound: true },
      request: { params: id },
      status: 200,
      responseDescription: "The webhook, `active`.",
      response: envelope(Webhook),
    },
    {
      method: "post",
      path: "/webhooks/{id}/rotate-secret",
      operationId: "rotateWebhookSecret",
      summary: "Rotate the signing secret",
      description:
        "For 24 hours deliveries carry two `v1=` signatures, one per secret; rotating again within those 24 hours ends the oldest secret at once. No body.",
      tags: ["Webhooks"],
      traits: { body: true, notFound: true },
      request: { params: id },
      status: 200,
      responseDescription: "The webhook with its new signing secret, shown this once.",
      response: envelope(WebhookWithSecret),
    },
    {
      method: "post",
      path: "/webhooks/{id}/test",
      operationId: "testWebhook",
      summary: "Send a webhook.test event now",
      description:
        "Sent at once, even to a paused webhook, and never retried. The response shows the endpoint's status code or the connection error. No body.",
      tags: ["Webhooks"],
      traits: { body: true, notFound: true },
      request: { params: id },
      status: 200,
      responseDescription: "What the endpoint answered.",
      response: envelope(TestResult),
    },
    {
      method: "get",
      path: "/webhooks/{id}/deliveries",
      operationId: "listWebhookDeliveries",
      summary: "List a webhook's recent deliveries and their attempts",
      description: "Newest first, keyset-paginated; filter by `eventType` and `outcome`.",
      tags: ["Webhooks"],
      traits: { notFound: true },
      request: { params: id, query: ZListDeliveriesQuery },
      status: 200,
      responseDescription: "A page of deliveries.",
      response: pageEnvelope(Delivery),
    },
  ];
  for (const op of ops) registerOperation(registry, op);
}
