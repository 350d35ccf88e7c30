// Webhook shapes: request bodies, queries and response objects of the webhook endpoints and
// the delivery log. The zod schemas are the contract (validation, types, the OpenAPI document).
import { z } from "zod";
import { EVENT_TYPES, isExtensionEvent } from "@/lib/core/events/event-types";
import { ZCursor, ZLimit } from "@/lib/core/clients/schemas";
import { ABSOLUTE_HTTP_URL_PATTERN } from "@/lib/core/requests/schemas";
import { MAX_WEBHOOK_URL_LENGTH } from "@/lib/infra/delivery/webhook-url";

/** At most this many webhooks (not deleted) per agency. */
export const WEBHOOK_LIMIT = 10;
export const WEBHOOK_STATUSES = ["active", "paused"] as const;
export const DELIVERY_STATUSES = ["pending", "succeeded", "failed", "cancelled"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const KNOWN = new Set<string>(EVENT_TYPES);

/** What a webhook's `events` may hold: the event types, and `*` for every type of the spec. */
export const WEBHOOK_EVENT_NAMES = [...EVENT_TYPES, "*"] as const;
export type TWebhookEventName = (typeof WEBHOOK_EVENT_NAMES)[number];

/** Each known event type at most once, or `["*"]` alone for every type. */
export const ZWebhookEvents = z
  .array(z.string({ error: "events must hold event type strings." }), {
    error: "events must be an array of event types.",
  })
  .min(1, 'events must list at least one event type, or ["*"] for all.')
  .superRefine((events, ctx) => {
    if (events.includes("*")) {
      // "*" covers the spec's types; the extension types may be listed beside it, each once.
      const rest = events.filter((e) => e !== "*");
      if (
        rest.length !== new Set(rest).size ||
        events.filter((e) => e === "*").length > 1 ||
        !rest.every(isExtensionEvent)
      ) {
        ctx.addIssue({
          code: "custom",
          message:
            'Use ["*"] alone for all event types (extension types may be added beside it), or list the types without "*".',
        });
      }
      return;
    }
    const seen = new Set<string>();
    events.forEach((type, i) => {
      if (!KNOWN.has(type))
        ctx.addIssue({
          code: "custom",
          path: [i],
          message: `Unknown event type "${type.slice(0, 100)}". Known types: ${EVENT_TYPES.join(", ")}.`,
        });
      else if (seen.has(type))
        ctx.addIssue({ code: "custom", path: [i], message: `"${type}" is listed more than once.` });
      seen.add(type);
    });
  })
  // What the rule above enforces, said in JSON Schema for the OpenAPI document.
  .meta({
    description:
      'Each event type once, or `["*"]` alone for every type of the spec (the extensions `access.lost` and `access.removed` are received only when listed by name).',
    items: { type: "string", enum: [...EVENT_TYPES, "*"] },
    uniqueItems: true,
    maxItems: EVENT_TYPES.length,
    anyOf: [{ items: { enum: [...EVENT_TYPES] } }, { items: { enum: ["*", "access.lost", "access.removed"] } }],
  });

// Only the length here: scheme, port and addresses are judged (with DNS) by the domain functions.
const ZWebhookUrl = z
  .string({ error: "url is required." })
  .min(1, "url is required.")
  .max(MAX_WEBHOOK_URL_LENGTH, `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters.`)
  .meta({
    format: "uri",
    pattern: ABSOLUTE_HTTP_URL_PATTERN,
    description:
      "An absolute `https:` URL on port 443 without credentials, resolving only to public addresses; redirects are not followed.",
  });

export const ZCreateWebhookBody = z.strictObject({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
});
export type TCreateWebhookBody = z.infer<typeof ZCreateWebhookBody>;

export const ZUpdateWebhookBody = z
  .strictObject({
    url: ZWebhookUrl.optional(),
    events: ZWebhookEvents.optional(),
  })
  .refine((b) => b.url !== undefined || b.events !== undefined, "Give url, events or both.")
  .meta({ minProperties: 1, description: "Give `url`, `events` or both." });
export type TUpdateWebhookBody = z.infer<typeof ZUpdateWebhookBody>;

export const ZListWebhooksQuery = z.strictObject({
  limit: ZLimit,
  cursor: ZCursor,
});
export type TListWebhooksQuery = z.infer<typeof ZListWebhooksQuery>;

export const ZListDeliveriesQuery = z.strictObject({
  limit: ZLimit,
  cursor: ZCursor,
  eventType: z.enum(EVENT_TYPES, { error: `eventType must be one of ${EVENT_TYPES.join(", ")}.` }).optional(),
  outcome: z.enum(DELIVERY_STATUSES, { error: `outcome must be one of ${DELIVERY_STATUSES.join(", ")}.` }).optional(),
});
export type TListDeliveriesQuery = z.infer<typeof ZListDeliveriesQuery>;

export const ZWebhook = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_NAMES)),
  status: z.enum(WEBHOOK_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  secretRotation: z.object({
    /** When the secret replaced by the last rotation stops signing; null when only one secret signs. */
    previousSecretExpiresAt: z.string().nullable(),
  }),
});
export type TWebhook = z.infer<typeof ZWebhook>;

/** Create and rotate-secret responses: the webhook plus its new signing secret, shown this once. */
export const ZWebhookWithSecret = ZWebhook.extend({ secret: z.string() });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

export const ZDeletedWebhook = z.object({ id: z.uuid(), deleted: z.literal(true) });

export const ZWebhookTestResult = z.object({
  /** True when the endpoint answered with a 2xx status. */
  delivered: z.boolean(),
  /** The endpoint's HTTP status, or null when no response arrived. */
  statusCode: z.number().int().nullable(),
  /** The connection error, or a note naming the non-2xx status; null when delivered. */
  error: z.string().nullable(),
  durationMs: z.number().int(),
  eventId: z.string(),
  deliveryId: z.uuid(),
});
export type TWebhookTestResult = z.infer<typeof ZWebhookTestResult>;

export const ZDeliveryAttempt = z.object({
  id: z.uuid(),
  number: z.number().int(),
  startedAt: z.string(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string().nullable(),
  /** When the retry this attempt scheduled is due; null when it was the last one. */
  nextAttemptAt: z.string().nullable(),
});
export type TDeliveryAttempt = z.infer<typeof ZDeliveryAttempt>;

export const ZDelivery = z.object({
  id: z.uuid(),
  webhookId: z.uuid(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.array(ZDeliveryAttempt),
  /** When the next attempt is due while the delivery is pending; null otherwise. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TDelivery = z.infer<typeof ZDelivery>;
