// The contents of every webhook event: the envelope and, per type, its `data`. These schemas
// type the producers (recordEvent and eventEnvelope accept only the data of the type they
// record) and build the `webhooks` section of the OpenAPI document, so the document, the
// SDK's event union and what is sent cannot drift apart.
import { z } from "zod";
import { ZClient } from "@/lib/core/clients/schemas";
import { SERVICE_STATUSES, ZRequest } from "@/lib/core/requests/schemas";
import { SCHEMA_VERSION, type EventType } from "@/lib/core/events/event-types";

export const MAX_EVENT_ERROR_LENGTH = 500;
const ZShownError = z
  .string()
  .max(MAX_EVENT_ERROR_LENGTH)
  .meta({ description: `What the client was shown, at most ${MAX_EVENT_ERROR_LENGTH} characters.` });

export const ZEventService = z.object({
  service: z.string().meta({ description: "The service id." }),
  platform: z.string(),
});

// The whole request as `GET /requests/{id}` returned it when the event was recorded.
const request = ZRequest;

export const EVENT_DATA_SCHEMAS = {
  "client.created": z.object({ client: ZClient }),
  "request.created": z.object({ request }),
  "request.updated": z.object({
    request,
    service: ZEventService.optional().meta({
      description: "The service the change concerns, when it concerns one (a reopened skip, an unmarked grant).",
    }),
    forward: z
      .object({
        change: z.enum(["forwarded", "taken_back", "declined"]),
        name: z.string(),
        email: z.string(),
        services: z.array(z.string()).meta({ description: "The service ids handed on, taken back or handed back." }),
      })
      .optional()
      .meta({
        description:
          "Present when the client handed services to a colleague (`forwarded`) or took them back (`taken_back`), or the colleague handed one back (`declined`, credited to the colleague); see `services[].forwardedTo`.",
      }),
    invitation: z
      .object({
        change: z.enum(["accepted"]),
        sentTo: z.string().nullable().meta({ description: "The address the invitation went to." }),
        services: z.array(z.string()).meta({ description: "The service ids whose invitation was accepted." }),
      })
      .optional()
      .meta({
        description:
          "Present when an access check read that the agency accepted the platform's invitation for these services; see `services[].invitation`.",
      }),
  }),
  "service.granted": z.object({ request, service: ZEventService }),
  "service.skipped": z.object({ request, service: ZEventService }),
  "service.grant_failed": z.object({ request, service: ZEventService, errors: z.array(ZShownError) }),
  "connection.attempt_completed": z.object({
    request,
    attempt: z.object({
      platform: z.string(),
      outcome: z.enum(["success", "partial_success", "failed"]),
      services: z.array(
        z.object({ service: z.string(), status: z.enum(SERVICE_STATUSES), errors: z.array(ZShownError) }),
      ),
      errors: z
        .array(ZShownError)
        .meta({ description: "General errors of the attempt; a server error is replaced by a generic message." }),
    }),
  }),
  "intake.completed": z.object({ request }),
  "request.completed": z.object({ request }),
  "request.cancelled": z.object({ request }),
  "request.expired": z.object({ request }),
  "webhook.test": z.object({ webhookId: z.uuid(), message: z.string() }),
  "access.lost": z.object({
    request,
    service: ZEventService,
    assets: z.array(
      z.object({
        id: z.string(),
        name: z.string().nullable(),
        lostAt: z.iso.datetime(),
        detail: z.string().nullable().meta({ description: "What the platform answered." }),
      }),
    ),
    alert: z
      .object({
        id: z.uuid().meta({ description: "The lost-access alert's id." }),
        url: z.url().meta({
          description:
            'The alert in the agency\'s dashboard, where "Ask again" creates a request for exactly what was lost.',
        }),
      })
      .optional()
      .meta({
        description:
          "The lost-access alert this loss opened (or joined, while the service's earlier alert is still open). It closes when the access is granted again. Present on events since lost-access alerts.",
      }),
  }),
  "access.removed": z.object({
    request,
    service: ZEventService,
    removedBy: z
      .string()
      .meta({ description: "The team member's email, or `client` when the client confirmed a removal link." }),
    assets: z.array(
      z.object({
        id: z.string(),
        name: z.string().nullable(),
        method: z.enum(["agency_token", "client_token", "checklist"]).meta({
          description:
            "Removed through the platform with the agency's or the client's token, or by following the checklist.",
        }),
        removed: z.boolean(),
        detail: z.string().nullable(),
        confirmation: z.enum(["confirmed", "unconfirmable", "failed"]).optional().meta({
          description:
            "After the removal the platform is read again: `confirmed` (it no longer lists the agency), `unconfirmable` (the platform offers no read, or could not be read), `failed` (not removed, or still listed). Present on removals since removal receipts.",
        }),
      }),
    ),
    receipt: z
      .object({
        code: z.string().meta({ description: "The verification code: anyone holding it can check the receipt." }),
        url: z.url().meta({ description: "The receipt's page on this installation." }),
      })
      .optional()
      .meta({ description: "The removal's receipt; every service of one removal names the same one." }),
  }),
} as const satisfies Record<EventType, z.ZodType>;

export type TEventData<T extends EventType> = z.infer<(typeof EVENT_DATA_SCHEMAS)[T]>;

export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  "client.created": "A client was created from the dashboard, the API or an access page.",
  "request.created": "An access request was created.",
  "request.updated":
    "The request changed otherwise: services changed, access re-requested, a completed request reopened, a grant unmarked, an approval link set, the client reopened a skipped service, the client said they sent an invite that needs confirming, the client handed services to a colleague or took them back, or the agency accepted a platform's invitation. A move to `in_progress` sends no event of its own.",
  "service.granted": "A service was granted by the client or marked granted by the team.",
  "service.skipped": "The client skipped an optional service.",
  "service.grant_failed":
    "Granting a specific service failed; the client sees the error and can retry. Does not change the request or its `stateVersion`.",
  "connection.attempt_completed":
    "A client finished a one-step grant attempt that reached the platform, whatever its result. Does not change the request or its `stateVersion`.",
  "intake.completed": "The client submitted the intake form.",
  "request.completed": "The completion condition was met; `data.request.status` is `completed`.",
  "request.cancelled": "The request was cancelled from the dashboard or the API.",
  "request.expired":
    "The deadline passed before completion; sent when the expiry is recorded, shortly after the API reports it.",
  "webhook.test": "Sent only on request (dashboard or `POST /webhooks/{id}/test`); never retried; `test` is true.",
  "access.lost":
    'Extension beyond the spec. An access check found that granted access is gone on the platform. Sent only to webhooks that list it by name (not with `["*"]`).',
  "access.removed":
    "Extension beyond the spec. Access to a client's granted assets was removed (the agency's offboarding, the client's removal link or access page, or the team's removal by hand), one event per service, each asset with its `confirmation` after the platform was read again and the removal's `receipt`. Sent only to webhooks that list it by name (not with `[\"*\"]`).",
};

/** The body of one delivery of an event of type `T`. */
export function eventSchema<T extends EventType>(type: T) {
  return z.object({
    id: z
      .string()
      .regex(/^evt_[0-9a-f]+$/)
      .meta({ description: "The event id, the same on every retry. Skip ids already processed." }),
    type: z.literal(type),
    schemaVersion: z.literal(SCHEMA_VERSION).meta({ description: "Date of the contents' shape." }),
    createdAt: z.iso.datetime(),
    test: z.literal(type === "webhook.test").meta({ description: "True only for `webhook.test`." }),
    data: EVENT_DATA_SCHEMAS[type],
  });
}
