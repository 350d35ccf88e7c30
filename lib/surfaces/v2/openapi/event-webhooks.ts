// The `webhooks` section of the V2 document (OpenAPI 3.1): one entry per event type, its body
// built from the same zod schemas that type the events' producers (lib/core/events/schemas.ts),
// the delivery headers, and a `WebhookEvent` component: the discriminated union of them all.
import { z } from "zod";
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { EVENT_TYPES, type EventType } from "@/lib/core/events/event-types";
import { EVENT_DESCRIPTIONS, eventSchema } from "@/lib/core/events/schemas";

/** `service.grant_failed` → `ServiceGrantFailedEvent`. */
export function eventComponentName(type: EventType): string {
  return (
    type
      .split(/[._]/)
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join("") + "Event"
  );
}

const ZDeliveryHeaders = z.object({
  "Service-Event-Id": z.string().meta({ description: "The event id, the same on every retry." }),
  "Service-Event-Type": z.enum(EVENT_TYPES).meta({ description: "The event type." }),
  "Service-Delivery-Id": z
    .string()
    .meta({ description: "This event's delivery to this webhook, the same on every retry." }),
  "Service-Attempt-Id": z.string().meta({ description: "This attempt." }),
  "Service-Signature": z
    .string()
    .regex(/^t=\d+(,v1=[0-9a-f]{64})+$/)
    .meta({
      description:
        '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the whole whsec_ secret>`; two `v1=` values during a secret rotation, one per secret. Verify on the raw bytes, in constant time, and refuse timestamps older than 300 seconds.',
    }),
  // Standard Webhooks (https://www.standardwebhooks.com), sent beside the headers above.
  "webhook-id": z.string().meta({ description: "Standard Webhooks: the delivery id (`Service-Delivery-Id`)." }),
  "webhook-timestamp": z.string().regex(/^\d+$/).meta({ description: "Standard Webhooks: unix seconds." }),
  "webhook-signature": z.string().meta({
    description:
      'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`, space-separated. Per secret, one value keyed with the bytes its base64 after `whsec_` decodes to (give a Standard Webhooks library the secret as shown) and one keyed with the whole secret\'s UTF-8 bytes (as before). Secrets issued before standard base64 carry only the second.',
  }),
});

const SIGNED =
  "Signed: verify `Service-Signature` on the raw body before parsing (the SDK's `verifyWebhook` does). Events can arrive more than once and out of order: skip event ids already processed, and never overwrite stored request state with a lower `stateVersion`. Answer any 2xx within 10 seconds; network errors, timeouts, 408, 429 and 5xx are retried for up to 24 hours.";

export function registerEventWebhooks(registry: OpenAPIRegistry) {
  for (const type of EVENT_TYPES) {
    const name = eventComponentName(type);
    registry.registerWebhook({
      method: "post",
      path: type,
      operationId: `on${name}`,
      summary: type,
      description: `${EVENT_DESCRIPTIONS[type]}\n\n${SIGNED}`,
      tags: ["Webhooks"],
      // The service calls the receiver: no API key is involved (the signature headers are the proof).
      security: [],
      request: {
        headers: ZDeliveryHeaders,
        body: {
          required: true,
          content: {
            "application/json": { schema: eventSchema(type).meta({ id: name, description: EVENT_DESCRIPTIONS[type] }) },
          },
        },
      },
      responses: {
        200: {
          description:
            "Any 2xx acknowledges the delivery; the response body is ignored (only its first 64 KB are read).",
        },
      },
    });
  }
  const mapping = Object.fromEntries(EVENT_TYPES.map((t) => [t, `#/components/schemas/${eventComponentName(t)}`]));
  registry.registerComponent("schemas", "WebhookEvent", {
    description: "The body of any delivery: one of the event types, told apart by `type`.",
    oneOf: EVENT_TYPES.map((t) => ({ $ref: mapping[t]! })),
    discriminator: { propertyName: "type", mapping },
  });
}
