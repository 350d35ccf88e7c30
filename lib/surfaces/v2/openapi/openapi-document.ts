// The V2 OpenAPI 3.1 document, generated from the registry once per process and kept in
// memory (the schemas cannot change while the process runs), and its serialized JSON.
import { OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import type { OpenAPIObject } from "openapi3-ts/oas31";
import { env } from "@/lib/infra/env";
import { API_SCOPES, SCOPE_DESCRIPTIONS } from "@/lib/core/auth/scopes";
import { IDEMPOTENCY_TTL_HOURS } from "@/lib/surfaces/v2/idempotency";
import { MAX_JSON_DEPTH } from "@/lib/surfaces/http/read-json-body";
import { V2_RATE_LIMIT } from "@/lib/surfaces/v2/with-api-key";
import { V2_ERROR_CODES } from "@/lib/surfaces/v2/openapi/components";
import { ERROR_STATUS } from "@/lib/core/common/api-error";
import { buildV2Registry } from "@/lib/surfaces/v2/openapi/registry";
import { applyDocumentRules } from "@/lib/surfaces/v2/openapi/document-rules";

function description(): string {
  const codes = Object.entries(V2_ERROR_CODES)
    .map(([code, when]) => `| ${ERROR_STATUS[code as keyof typeof V2_ERROR_CODES]} | \`${code}\` | ${when} |`)
    .join("\n");
  const scopes = API_SCOPES.map((s) => `| \`${s}\` | ${SCOPE_DESCRIPTIONS[s]} |`).join("\n");
  return `The agency-facing API for access requests. Call it from your server with an API key; browsers only ever see the client's link.

## Authentication and scopes
Send \`Authorization: Bearer <API key>\` on every call. A missing, unknown or revoked key answers 401 \`UNAUTHENTICATED\`; a plan without API access and no running trial answers 403 \`PLAN_NOT_ENTITLED\`; a key without the operation's scope answers 403 \`CAPABILITY_REQUIRED\`. \`GET /me\` and \`GET /services\` need no scope; \`GET /accounts\` needs \`requests:create\` or \`accounts:read\` (either one: a key that creates requests can list the accounts they link); webhook reads need \`webhooks:read\` and changes \`webhooks:write\`. Each operation lists its scope in its security requirement and in \`x-required-scope\` (a list when any one of several scopes suffices).

| Scope | Grants |
|---|---|
${scopes}

## Envelope
Success: \`{ "data": ..., "meta": { "requestId": "req_..." } }\`, plus \`meta.nextCursor\` on paginated lists. Failure, whatever the status (401, 404, 405, 413, 415 and 500 included): \`{ "error": { "code", "message", "details": [{ "field"?, "message" }] }, "meta": { "requestId" } }\`. The request id is also in the \`X-Request-Id\` header.

## Errors
| Status | Code | When |
|---|---|---|
${codes}

## Validation
Bodies are JSON (\`Content-Type: application/json\`, at most 1 MB). Unknown body fields and query parameters are refused with 400 \`VALIDATION_FAILED\`, one \`details\` item naming each; every bound of the Limits table is enforced with a message that names the limit. A path id that is not a uuid answers 404, like an id of another agency. Text values anywhere in a body must not contain NUL characters (U+0000) or unpaired UTF-16 surrogates (400 \`VALIDATION_FAILED\`); the database cannot store them. Query parameter names and values must not contain control characters (U+0000-U+001F and U+007F, such as NUL or a line break): 400 \`VALIDATION_FAILED\` naming the parameter. \`POST /requests\` needs at least one service in \`requestedServices\` or \`intakeForm: { "requested": true }\` (the body schema's \`anyOf\`). An empty \`cursor\` is refused, not read as absent: omit it for the first page. A body may nest objects and arrays at most ${MAX_JSON_DEPTH} levels deep (deeper: 400).

## Methods
Every path answers \`OPTIONS\` with 204 and its \`Allow\` header; any method the path does not serve (including \`TRACE\`, \`QUERY\` and \`PROPFIND\`) answers 405 \`METHOD_NOT_ALLOWED\` in the error envelope with the same \`Allow\`.

## Webhook events
The \`webhooks\` section lists every event: its body (the \`WebhookEvent\` union, told apart by \`type\`) and its delivery headers. Verify \`Service-Signature\` on the raw body before parsing; the typed SDK (\`@access-requests/sdk\`) does it, with de-duplication by event id and a \`stateVersion\` guard.

## Idempotent creates
\`POST /clients\`, \`POST /requests\` and \`POST /webhooks\` require an \`Idempotency-Key\` header (1-255 visible ASCII characters; a UUID is suggested), scoped to the API key and kept ${IDEMPOTENCY_TTL_HOURS} hours. The key is stored in the same transaction as the object it created. Retrying with the same key and the same body replays the original status and body (\`Idempotent-Replayed: true\`) and creates and counts nothing; the same key with a different body answers 409 \`IDEMPOTENCY_KEY_REUSED\`. A second call arriving while the first is still running waits for it and gets its result, or 409 \`IDEMPOTENCY_IN_PROGRESS\` after about 10 seconds. **A call that fails (any 4xx or 5xx) stores nothing**: its transaction rolls back with the key, so the same key can be retried once the cause is fixed, as in Stripe's API and the IETF Idempotency-Key draft for requests that were not processed.

## Pagination
Lists take \`limit\` (1-100, default 50) and \`cursor\` (the previous page's \`meta.nextCursor\`). Clients and requests are listed oldest first; a cursor is opaque and only works, unaltered, with the filters it was issued for (else 400 \`VALIDATION_FAILED\` naming \`cursor\`). \`meta.nextCursor\` is null on the last page.

## Availability
When the database is busy or cannot be reached, every operation answers 503 \`SERVICE_UNAVAILABLE\` with \`Retry-After\` in seconds; retry after it.

## Rate limit
${V2_RATE_LIMIT.points} calls per ${V2_RATE_LIMIT.windowSeconds} seconds per agency, all keys together. Every authenticated response carries \`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` (seconds) and \`RateLimit-Policy\`; over the limit the answer is 429 \`RATE_LIMITED\` with \`Retry-After\` in seconds.

## Versioning
This is V2 (path prefix \`/api/v2\`). Webhook event bodies carry \`schemaVersion\`; request state carries \`stateVersion\`, which increases with every change.`;
}

let cached: { doc: OpenAPIObject; json: string } | undefined;

function build() {
  const generator = new OpenApiGeneratorV31(buildV2Registry().definitions);
  const doc = generator.generateDocument({
    openapi: "3.1.0",
    info: { title: "Access Request Service API", version: "2.0.0", description: description() },
    servers: [{ url: `${env().appUrl}/api/v2` }],
    tags: [
      { name: "Account", description: "The current key and usage." },
      { name: "Clients", description: "The businesses access is requested from." },
      { name: "Requests", description: "Access requests and their progress." },
      { name: "Catalog", description: "The services that can be requested and the agency's connected accounts." },
      { name: "Webhooks", description: "Signed event deliveries to the agency's endpoints." },
      { name: "Meta", description: "This document." },
    ],
  });
  applyDocumentRules(doc);
  return { doc, json: JSON.stringify(doc) };
}

/** The document (generated on first use). Treat it as read-only: it is shared. */
export function openApiDocument(): OpenAPIObject {
  cached ??= build();
  return cached.doc;
}

/** The document serialized once, for serving. */
export function openApiJson(): string {
  cached ??= build();
  return cached.json;
}
