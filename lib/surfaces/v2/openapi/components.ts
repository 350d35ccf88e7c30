// The shared pieces of the V2 OpenAPI document: the error envelope and the table of error
// codes, success envelopes around the resource schemas, the bearer security scheme, the
// response headers (request id, rate limit, idempotent replay) and the error responses an
// operation can answer, grouped by status.
import { z } from "zod";
import type { OpenAPIRegistry, ResponseConfig, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { ERROR_STATUS, type ErrorCode } from "@/lib/core/common/api-error";
import { IDEMPOTENCY_TTL_HOURS } from "@/lib/surfaces/v2/idempotency";
import { MAX_BODY_BYTES } from "@/lib/surfaces/http/read-json-body";
import { V2_RATE_LIMIT } from "@/lib/surfaces/v2/with-api-key";
import type { ApiScope } from "@/lib/core/auth/scopes";

export const SECURITY_SCHEME = "apiKey";

/** The codes V2 answers with, and when. Codes used only by other surfaces are left out. */
export const V2_ERROR_CODES = {
  VALIDATION_FAILED:
    "The request is invalid: unknown or missing fields, a bound of the Limits table, malformed JSON, a bad query parameter or cursor. `details[].field` names each problem.",
  UNAUTHENTICATED: "The API key is missing, malformed, unknown or revoked.",
  CAPABILITY_REQUIRED: "The API key lacks the operation's scope.",
  PLAN_NOT_ENTITLED: "The agency's plan has no API access and no running trial.",
  PLAN_LIMIT_REACHED: "Creating a request at an enforced monthly access-link limit.",
  NOT_FOUND:
    "No such object in the agency (another agency's id reads the same), a path id that is not a uuid, or an unknown path.",
  METHOD_NOT_ALLOWED: "The path does not serve this method; the `Allow` header lists those it does.",
  EXTERNAL_CLIENT_ID_IMMUTABLE: "Changing a client's `externalClientId` once it is set.",
  EXTERNAL_CLIENT_ID_CONFLICT:
    "The `externalClientId` is already used by another client of the agency (also when two creates race).",
  IDEMPOTENCY_IN_PROGRESS:
    "A call with the same `Idempotency-Key` is still being processed after about 10 seconds; retry shortly.",
  IDEMPOTENCY_KEY_REUSED: "The `Idempotency-Key` was already used with a different body or endpoint.",
  INVALID_STATE: "The request's state does not allow the operation (cancelling a completed or expired request).",
  LIMIT_REACHED: "The agency already has the maximum number of webhooks.",
  PAYLOAD_TOO_LARGE: `The body is larger than ${MAX_BODY_BYTES} bytes (1 MB).`,
  UNSUPPORTED_MEDIA_TYPE: "The body is not sent as `Content-Type: application/json`.",
  RATE_LIMITED: `More than ${V2_RATE_LIMIT.points} calls in ${V2_RATE_LIMIT.windowSeconds} seconds for the agency; wait the seconds in \`Retry-After\`.`,
  INTERNAL: "An unexpected error. The message quotes the request id; nothing internal is shown.",
  SERVICE_UNAVAILABLE:
    "The database is busy (a lock or transaction wait ran out) or cannot be reached right now; retry after `Retry-After` seconds.",
} as const satisfies Partial<Record<ErrorCode, string>>;
export type V2ErrorCode = keyof typeof V2_ERROR_CODES;

const ZRequestId = z
  .string()
  .regex(/^req_[A-Za-z0-9_-]+$/)
  .meta({ description: "Identifies this call; quote it when reporting a problem.", example: "req_8Xk2c9dJ3mQpL0aZ" });

export const ZErrorEnvelope = z
  .object({
    error: z.object({
      code: z
        .enum(Object.keys(V2_ERROR_CODES) as [V2ErrorCode, ...V2ErrorCode[]])
        .meta({ description: "Stable code; see the table in the API description." }),
      message: z.string().meta({ description: "For people; may change. Bound violations name the limit." }),
      details: z
        .array(
          z.object({
            field: z.string().optional().meta({
              description:
                "The body field, query parameter or header concerned, as a path such as `requestedServices.meta_ads.accessLevel`.",
            }),
            message: z.string(),
          }),
        )
        .meta({ description: "One item per problem; empty when there is nothing more to say." }),
    }),
    meta: z.object({ requestId: ZRequestId }),
  })
  .meta({
    id: "ErrorEnvelope",
    description: "Every failure, including 401, 404, 405, 413, 415 and 500, has this body.",
  });

/** `{ data, meta: { requestId } }` around one object. */
export function envelope(data: z.ZodType) {
  return z.object({ data, meta: z.object({ requestId: ZRequestId }) });
}

/** `{ data: [...], meta: { requestId, nextCursor } }` around a page of a keyset-paginated list. */
export function pageEnvelope(item: z.ZodType) {
  return z.object({
    data: z.array(item),
    meta: z.object({
      requestId: ZRequestId,
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: "Pass as `cursor` for the next page, with the same filters; null on the last page." }),
    }),
  });
}

/** `{ data: [...], meta: { requestId } }` for lists that are not paginated. */
export function listEnvelope(item: z.ZodType) {
  return envelope(z.array(item));
}

const header = (description: string, schema: { type: "integer" | "string" }) => ({ description, schema });

export function registerSharedComponents(registry: OpenAPIRegistry) {
  registry.registerComponent("securitySchemes", SECURITY_SCHEME, {
    type: "http",
    scheme: "bearer",
    description:
      "`Authorization: Bearer <API key>`. Keys are created in the dashboard with a set of scopes and shown once. The scopes an operation needs are listed in its security requirement and its `x-required-scope`.",
  });
  registry.registerComponent(
    "headers",
    "X-Request-Id",
    header("The call's request id, the same as `meta.requestId`.", { type: "string" }),
  );
  registry.registerComponent(
    "headers",
    "RateLimit-Limit",
    header(`Calls allowed per window (${V2_RATE_LIMIT.points}).`, { type: "integer" }),
  );
  registry.registerComponent(
    "headers",
    "RateLimit-Remaining",
    header("Calls left in the current window.", { type: "integer" }),
  );
  registry.registerComponent(
    "headers",
    "RateLimit-Reset",
    header("Seconds until the window resets.", { type: "integer" }),
  );
  registry.registerComponent(
    "headers",
    "RateLimit-Policy",
    header(`The policy, \`${V2_RATE_LIMIT.points};w=${V2_RATE_LIMIT.windowSeconds}\`.`, { type: "string" }),
  );
  registry.registerComponent("headers", "Retry-After", header("Seconds to wait before retrying.", { type: "integer" }));
  registry.registerComponent("headers", "Allow", header("The methods the path serves.", { type: "string" }));
  registry.registerComponent(
    "headers",
    "Idempotent-Replayed",
    header("`true` when this is the stored result of an earlier call with the same `Idempotency-Key`.", {
      type: "string",
    }),
  );
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RATE_HEADERS = {
  "RateLimit-Limit": ref("RateLimit-Limit"),
  "RateLimit-Remaining": ref("RateLimit-Remaining"),
  "RateLimit-Reset": ref("RateLimit-Reset"),
  "RateLimit-Policy": ref("RateLimit-Policy"),
};

/** The success response: the envelope schema plus the request id and rate limit headers. */
export function success(description: string, schema: z.ZodType, opts: { idempotent?: boolean } = {}): ResponseConfig {
  return {
    description,
    headers: {
      "X-Request-Id": ref("X-Request-Id"),
      ...RATE_HEADERS,
      ...(opts.idempotent ? { "Idempotent-Replayed": ref("Idempotent-Replayed") } : {}),
    },
    content: { "application/json": { schema } },
  };
}

export interface OperationTraits {
  /** the scope the key needs, or a list of which any one suffices; omitted: any valid key */
  scope?: ApiScope | readonly ApiScope[];
  /** takes a JSON body (400 malformed, 413, 415) */
  body?: boolean;
  /** has a uuid path id (404) or can otherwise answer 404 */
  notFound?: boolean;
  idempotent?: boolean;
  /** codes of the operation beyond the shared ones */
  codes?: V2ErrorCode[];
}

/** Error responses of an operation, one per status, each listing its codes. */
export function errorResponses(t: OperationTraits): RouteConfig["responses"] {
  const codes = new Set<V2ErrorCode>([
    "VALIDATION_FAILED",
    "UNAUTHENTICATED",
    "PLAN_NOT_ENTITLED",
    "RATE_LIMITED",
    "INTERNAL",
    "SERVICE_UNAVAILABLE",
  ]);
  if (t.scope) codes.add("CAPABILITY_REQUIRED");
  if (t.body) ["PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"].forEach((c) => codes.add(c as V2ErrorCode));
  if (t.notFound) codes.add("NOT_FOUND");
  if (t.idempotent) ["IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_IN_PROGRESS"].forEach((c) => codes.add(c as V2ErrorCode));
  for (const c of t.codes ?? []) codes.add(c);
  const byStatus = new Map<number, V2ErrorCode[]>();
  for (const c of codes) byStatus.set(ERROR_STATUS[c], [...(byStatus.get(ERROR_STATUS[c]) ?? []), c]);
  const out: RouteConfig["responses"] = {};
  for (const [status, list] of [...byStatus].sort((x, y) => x[0] - y[0])) {
    const headers = {
      "X-Request-Id": ref("X-Request-Id"),
      ...(status === 429 ? { ...RATE_HEADERS, "Retry-After": ref("Retry-After") } : {}),
      ...(status === 503 ? { "Retry-After": ref("Retry-After") } : {}),
    };
    out[String(status)] = {
      description: list.map((c) => `\`${c}\`: ${V2_ERROR_CODES[c]}`).join("\n\n"),
      headers,
      content: { "application/json": { schema: ZErrorEnvelope } },
    };
  }
  return out;
}

/**
 * The security requirement and scope extension of an authenticated operation. A list of
 * scopes (any one suffices) becomes one alternative requirement per scope, as OpenAPI
 * reads a list of requirement objects, and `x-required-scope` is then that list.
 */
export function security(scope?: ApiScope | readonly ApiScope[]) {
  if (Array.isArray(scope))
    return { security: scope.map((s) => ({ [SECURITY_SCHEME]: [s] })), "x-required-scope": [...scope] };
  return {
    security: [{ [SECURITY_SCHEME]: scope ? [scope as ApiScope] : [] }],
    "x-required-scope": (scope as ApiScope | undefined) ?? null,
  };
}

export const ZIdempotencyKeyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/)
    .meta({
      description: `Required. 1-255 visible ASCII characters, unique per create (a UUID is suggested). Scoped to the API key and kept ${IDEMPOTENCY_TTL_HOURS} hours. The same key with the same body replays the original status and body (header \`Idempotent-Replayed: true\`) and creates and counts nothing; with another body: 409 \`IDEMPOTENCY_KEY_REUSED\`. A call that failed (any 4xx or 5xx) stores nothing, so the key may be retried.`,
      example: "6f1c2b8e-2a4d-4c1e-9f3a-7b5d0e9c1a22",
    }),
});

export const ZIdParam = (what: string) =>
  z.object({
    id: z
      .uuid()
      .meta({ description: `The ${what}'s id. An id of another agency, or one that is not a uuid, answers 404.` }),
  });
