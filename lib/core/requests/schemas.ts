// Access request shapes: bodies, queries and the Request object.
import { zUuid } from "@/lib/core/common/uuid";
import { z } from "zod";
import { ZCursor, ZLimit } from "@/lib/core/clients/schemas";

export const REQUEST_STATUSES = ["pending", "in_progress", "completed", "cancelled", "expired"] as const;
export const SERVICE_STATUSES = ["pending", "granted", "skipped"] as const;
export type TServiceStatus = (typeof SERVICE_STATUSES)[number];
export const MAX_ACCOUNT_LINKS = 20;

const ZAccountLinkValue = z.string().min(1, "must not be empty.").max(255, "must be at most 255 characters.");

/**
 * Each link: internalAccountId plus the service's extra accountLinkFields (adsMccAccountId,
 * businessManagerId, ...; checked against the catalog). The extra fields are left to the
 * catchall rather than named as optional properties: generators that write the catchall as
 * a `string` index signature (orval 7) would otherwise emit a type that fails tsc --strict.
 */
export const ZAccountLink = z
  .object({
    internalAccountId: z.string({ error: "internalAccountId is required." }).min(1).max(255),
  })
  .catchall(ZAccountLinkValue)
  .meta({
    description:
      "`internalAccountId` plus the service's extra `accountLinkFields`, which `GET /services` lists per service (such as `adsMccAccountId` or `businessManagerId`), each a string of 1-255 characters.",
  });

export const ZRequestedService = z.strictObject({
  accessLevel: z.string().max(500, "accessLevel must be at most 500 characters.").optional(),
  optional: z.boolean().default(false),
  requestedAccountLinks: z
    .array(ZAccountLink)
    .max(MAX_ACCOUNT_LINKS, `at most ${MAX_ACCOUNT_LINKS} account links per service.`)
    .default([]),
});
export type TRequestedService = z.infer<typeof ZRequestedService>;

export const ZRequestedServices = z.record(z.string().max(100), ZRequestedService);

/** An absolute http(s) URL as JSON Schema can say it (ECMA-262, no flags): scheme, `//`, a host. */
export const ABSOLUTE_HTTP_URL_PATTERN = "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s@]+([/?#]\\S*)?$";

export const ZRedirectUrl = z
  .string()
  .max(2048, "redirectUrl must be at most 2048 characters.")
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
    } catch {
      return false;
    }
  }, "redirectUrl must be an absolute http(s) URL.")
  .meta({
    format: "uri",
    pattern: ABSOLUTE_HTTP_URL_PATTERN,
    description: "Where the client is sent after finishing: an absolute http(s) URL.",
  });

export const ZCreateRequestBody = z
  .strictObject({
    clientId: zUuid({ error: "clientId must be a client id (uuid)." }),
    requestedServices: ZRequestedServices.default({}),
    intakeForm: z
      .strictObject({ requested: z.boolean({ error: "intakeForm.requested is required (boolean)." }) })
      .optional(),
    sendEmail: z.boolean().default(false),
    thankYouMessage: z.string().max(2000, "thankYouMessage must be at most 2000 characters.").optional(),
    redirectUrl: ZRedirectUrl.optional(),
    expiresAt: z.iso.datetime({ offset: true, error: "expiresAt must be an ISO 8601 datetime." }).optional().meta({
      description:
        "The deadline: in the future and at most one year ahead (else 400 `VALIDATION_FAILED`). Omit for a request that never expires.",
    }),
  })
  .meta({
    description:
      "At least one service in `requestedServices`, or `intakeForm: { requested: true }` with the intake form enabled and holding questions; otherwise 400 `VALIDATION_FAILED`.",
  });
export type TCreateRequestBody = z.infer<typeof ZCreateRequestBody>;

export const ZListRequestsQuery = z.strictObject({
  limit: ZLimit,
  cursor: ZCursor,
  clientId: zUuid({ error: "clientId must be a uuid." }).optional(),
  externalClientId: z.string().max(255).optional(),
  status: z.enum(REQUEST_STATUSES, { error: `status must be one of ${REQUEST_STATUSES.join(", ")}.` }).optional(),
});
export type TListRequestsQuery = z.infer<typeof ZListRequestsQuery>;

export const ZRequestServiceView = z.object({
  service: z.string(),
  platform: z.string(),
  accessLevel: z.string().nullable(),
  optional: z.boolean(),
  status: z.enum(SERVICE_STATUSES),
  accounts: z.array(
    z
      .object({
        internalAccountId: z.string(),
        adsMccAccountId: z.string().nullable(),
        businessManagerId: z.string().nullable(),
      })
      // nullable so that generators writing an index signature accept the nullable named fields
      .catchall(z.string().nullable())
      .meta({
        description: "The agency account, with the service's extra `accountLinkFields` as further string properties.",
      }),
  ),
  grantedAssets: z.array(z.object({ id: z.string(), name: z.string().nullable(), accessLevel: z.string().nullable() })),
  forwardedTo: z
    .object({
      name: z.string().meta({ description: "The colleague's name, as the client typed it." }),
      email: z.string().meta({ description: "The colleague's email address; the link went there." }),
      forwardedAt: z.iso.datetime(),
    })
    .nullable()
    .meta({
      description:
        'The colleague the client handed this service to ("Someone else manages this?" on the client page): they received a link of their own for the services handed to them, and their grants count for this request. `null` when the client did not hand it on or took it back. Handing on and taking back raise `stateVersion` and send `request.updated`.',
    }),
  invitation: z
    .object({
      status: z.enum(["pending", "accepted"]).meta({
        description:
          "`pending`: the platform sent an invitation the agency has not accepted yet; `accepted`: the agency accepted it (read on the platform).",
      }),
      sentTo: z.string().nullable().meta({ description: "The address the platform sent the invitation to." }),
      acceptUrl: z.string().nullable().meta({ description: "The platform's page where the invitation is accepted." }),
      sentAt: z.iso.datetime(),
      acceptedAt: z.iso.datetime().nullable(),
    })
    .nullable()
    .meta({
      description:
        "For a service the platform grants by an invitation the agency must accept (an ad account's user invitation, a partner invite, a business membership the agency accepts on the platform): whether the agency has accepted it. A state of the grant beside `status` (which stays `granted`); `null` for grants that need no acceptance. The access checks read acceptance where the platform documents a read; acceptance raises `stateVersion` and sends `request.updated`.",
    }),
});

export const ZRequest = z
  .object({
    id: z.uuid(),
    clientId: z.uuid(),
    externalClientId: z.string().nullable(),
    status: z.enum(REQUEST_STATUSES),
    stateVersion: z.number().int(),
    source: z.enum(["api", "dashboard", "static_link"]),
    inviteUrl: z.string(),
    embedUrl: z.string(),
    intakeForm: z.object({ requested: z.boolean(), complete: z.boolean() }),
    services: z.array(ZRequestServiceView),
    thankYouMessage: z.string().nullable(),
    redirectUrl: z.string().nullable(),
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    cancelledAt: z.iso.datetime().nullable(),
  })
  .meta({
    id: "Request",
    description:
      "An access request. `status` already applies the deadline: past `expiresAt` and not completed or cancelled reads `expired`.",
  });
export type TRequest = z.infer<typeof ZRequest>;
