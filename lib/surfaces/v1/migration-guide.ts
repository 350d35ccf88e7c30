// The V1 → V2 migration guide (Markdown), served at /api/v1/migration-guide, the target of
// the Link header on every V1 response. docs/api.md carries the same text.
export const MIGRATION_GUIDE = `# Migrating from V1 to V2

The legacy API (V1, under \`/api/v1\`) keeps working for existing integrations but gets no new features. Every V1 response carries a \`Deprecation\` header (the date V1 was deprecated, RFC 9745 form \`@<unix seconds>\`) and \`Link: <.../api/v1/migration-guide>; rel="deprecation"\` pointing here. New work should use V2 (under \`/api/v2\`); its full reference is \`GET /api/v2/openapi.json\`.

The same API keys work with both versions, and both read and write the same data: a client or link created through V1 is readable through V2 (a V1 link is a V2 request, with the same id) and the other way round, and both record the same webhook events.

## What changes

| Topic | V1 | V2 |
|---|---|---|
| Base path | \`/api/v1\` | \`/api/v2\` |
| API key | header \`x-auth: <key>\` | header \`Authorization: Bearer <key>\` |
| Success body | \`{ "error": false, "data": ... }\` | \`{ "data": ..., "meta": { "requestId": "req_..." } }\` |
| Failure body | \`{ "error": true, "msg": "..." }\` | \`{ "error": { "code", "message", "details": [{ "field", "message" }] }, "meta": { "requestId" } }\` |
| No key | 403 | 401 |
| Key lacking the scope | 401 | 403 \`CAPABILITY_REQUIRED\` |
| Plan without API access | 403 | 403 \`PLAN_NOT_ENTITLED\` |
| Intake form disabled | 409 | 400 \`VALIDATION_FAILED\` |
| Unknown body fields | ignored | rejected (400 \`VALIDATION_FAILED\`) |
| Field names | \`clientID\`, \`internalAccountID\`, \`adsMCCAccountID\`, \`redirectURL\` | \`clientId\`, \`internalAccountId\`, \`adsMccAccountId\`, \`redirectUrl\` |
| Rate limit | 300 calls per minute per IP address; 429 body \`{ "status": "fail", "message" }\` | 300 calls per minute per agency; 429 \`RATE_LIMITED\` |
| Retried creates | may create duplicates | \`Idempotency-Key\` header (required on creates) returns the original result |
| New in V2 | | your own client ids (\`externalClientId\`), listing clients and requests, cancellation, deadlines (\`expiresAt\`), webhooks, usage, connected accounts and the service catalog |

Both versions answer \`Retry-After\` with 429.

## Operation mapping

| Legacy | V2 |
|---|---|
| \`POST /clients/create\` | \`POST /clients\` |
| \`POST /clients/update\` | \`PATCH /clients/{id}\` |
| \`GET /clients/retrieve?id=\` | \`GET /clients/{id}\` |
| \`POST /links/create\` | \`POST /requests\` (drop \`requested\` from each service; rename the MCC account field to \`adsMccAccountId\`) |
| \`GET /links/retrieve?id=\` | \`GET /requests/{id}\` |
| \`POST /links/update\` | no V2 equivalent: cancel the request (\`POST /requests/{id}/cancel\`) and create a new one |

## Clients

V1:

\`\`\`http
POST /api/v1/clients/create
x-auth: <key>
Content-Type: application/json

{ "name": "Ana Ruiz", "email": "ana@example.com", "language": "Spanish", "company": "Ruiz SL" }
\`\`\`

\`\`\`json
{ "error": false, "data": "6f1c1f7e-3b0a-4f43-9d7e-2f6a0c9b1a11" }
\`\`\`

V2:

\`\`\`http
POST /api/v2/clients
Authorization: Bearer <key>
Idempotency-Key: 0b7e8a52-5a8e-4a59-9a54-1f0e2c8d4b33
Content-Type: application/json

{ "name": "Ana Ruiz", "email": "ana@example.com", "language": "Spanish", "company": "Ruiz SL", "externalClientId": "crm-1042" }
\`\`\`

\`\`\`json
{ "data": { "id": "6f1c1f7e-...", "externalClientId": "crm-1042", "name": "Ana Ruiz", "email": "ana@example.com", "company": "Ruiz SL", "website": null, "language": "Spanish", "metadata": {}, "createdAt": "2026-11-02T10:00:00.000Z" }, "meta": { "requestId": "req_..." } }
\`\`\`

- V2 returns the whole client, not only its id. \`language\` is optional in V2 (default \`English\`).
- \`GET /clients/retrieve?id=\` already returns the client in V2's Client shape; \`GET /clients/{id}\` returns the same object inside \`data\`.
- Updating: V1 \`POST /clients/update\` with \`{ "id": "...", ... }\` becomes \`PATCH /api/v2/clients/{id}\` with the fields to change. In V1 an empty string or \`null\` keeps the current value; in V2 \`null\` or \`""\` clears \`company\` and \`website\`, so send only the fields you mean to change. \`metadata\` replaces the whole map in both (\`{}\` clears it).

## Links become requests

V1:

\`\`\`json
POST /api/v1/links/create
{
  "clientID": "6f1c1f7e-...",
  "requestedServices": {
    "google_ads": { "requested": true, "accessLevel": "standard", "requestedAccountLinks": [{ "internalAccountID": "acc_..." }] },
    "google_ads_mcc": { "requested": true, "requestedAccountLinks": [{ "internalAccountID": "acc_...", "adsMCCAccountID": "123-456-7890" }] },
    "meta_ads": { "requested": false }
  },
  "intakeForm": true,
  "sendEmail": true,
  "redirectURL": "example.com/thanks"
}
\`\`\`

\`\`\`json
{ "error": false, "data": "9a0e...", "inviteUrl": "https://.../i/..." }
\`\`\`

V2:

\`\`\`json
POST /api/v2/requests
Idempotency-Key: <a new UUID per request>
{
  "clientId": "6f1c1f7e-...",
  "requestedServices": {
    "google_ads": { "accessLevel": "standard", "requestedAccountLinks": [{ "internalAccountId": "acc_..." }] },
    "google_ads_mcc": { "requestedAccountLinks": [{ "internalAccountId": "acc_...", "adsMccAccountId": "123-456-7890" }] }
  },
  "intakeForm": { "requested": true },
  "sendEmail": true,
  "redirectUrl": "https://example.com/thanks"
}
\`\`\`

- Drop \`requested\`; leave services you do not request out of the map (V1 ignored entries without \`requested: true\`).
- Rename \`clientID\` → \`clientId\`, \`internalAccountID\` → \`internalAccountId\`, \`adsMCCAccountID\` → \`adsMccAccountId\`, \`businessManagerID\` → \`businessManagerId\`, \`redirectURL\` → \`redirectUrl\`.
- \`redirectUrl\` is an absolute \`http(s)\` URL: add the scheme (V1 added \`https://\`).
- \`intakeForm\` is an object \`{ "requested": true }\`. V2 also accepts a request with only the intake form and no services.
- The response is the whole Request: the link id is \`data.id\`, the link \`data.inviteUrl\`, and \`data.embedUrl\` is new (the same link for an iframe).
- New: \`expiresAt\` (a deadline up to one year ahead).

## Reading a link

\`GET /api/v1/links/retrieve?id=\` → \`GET /api/v2/requests/{id}\`. The fields map as follows:

| V1 link | V2 request |
|---|---|
| \`id\`, \`status\`, \`stateVersion\`, \`inviteUrl\`, \`embedUrl\`, \`thankYouMessage\`, \`createdAt\`, \`completedAt\`, \`expiresAt\`, \`cancelledAt\` | same names |
| \`clientID\` | \`clientId\` (and \`externalClientId\`, new) |
| \`intakeForm\` (boolean), \`intakeFormComplete\` | \`intakeForm.requested\`, \`intakeForm.complete\` |
| \`redirectURL\` (https URLs without the scheme) | \`redirectUrl\` (always the full URL) |
| \`requestedServices\` (object keyed by service id; each with \`requested: true\`) | \`services\` (array in request order; each has \`service\`, the id) |
| \`requestedServices.<id>.requestedAccountLinks[]\` (\`internalAccountID\`, \`adsMCCAccountID\`, \`businessManagerID\`) | \`services[].accounts[]\` (\`internalAccountId\`, \`adsMccAccountId\`, \`businessManagerId\`) |
| \`platform\`, \`accessLevel\`, \`optional\`, \`status\`, \`grantedAssets\` | same names on each element of \`services\` |

Status values are the same (\`pending\`, \`in_progress\`, \`completed\`, \`cancelled\`, \`expired\`); both report \`expired\` as soon as the deadline passes.

## Changing a link's services

V1 \`POST /links/update\` replaces a link's service set (omitted services are removed; a service keeps its progress only when its role and accounts are unchanged; completed, cancelled and expired links answer 409). V2 has no such operation: cancel the request with \`POST /api/v2/requests/{id}/cancel\` and create a new one with the services you want, then send the client the new \`inviteUrl\`. Access the client already granted is kept.

## Following progress

Instead of polling \`links/retrieve\`, register a webhook (\`POST /api/v2/webhooks\`) and receive signed events: \`request.created\`, \`request.updated\`, \`service.granted\`, \`service.skipped\`, \`intake.completed\`, \`request.completed\`, \`request.cancelled\`, \`request.expired\` and others. Each request event carries the whole request with its \`stateVersion\`; ignore snapshots older than the one you stored. Reconcile once a day with \`GET /api/v2/requests?status=in_progress\`.

## Errors

Match on V2's \`error.code\` rather than on status codes or messages: \`VALIDATION_FAILED\` (400, with \`details[].field\`), \`CAPABILITY_REQUIRED\` and \`PLAN_NOT_ENTITLED\` (403), \`PLAN_LIMIT_REACHED\` (403, the monthly access-link allowance; V1 also answers 403), \`INVALID_STATE\` (409), \`EXTERNAL_CLIENT_ID_CONFLICT\` and \`EXTERNAL_CLIENT_ID_IMMUTABLE\` (409), \`IDEMPOTENCY_IN_PROGRESS\` (409), \`RATE_LIMITED\` (429). Quote \`meta.requestId\` when reporting a problem.
`;
