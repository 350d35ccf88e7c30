// The V2 OpenAPI registry: every path the API serves, registered with the same zod schemas
// the handlers validate with (bodies, queries, path ids, the Idempotency-Key header) and
// their responses (success envelopes, error envelopes by status with their codes, headers).
import { z } from "zod";
import { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { ZClient, ZCreateClientBody, ZListClientsQuery, ZUpdateClientBody } from "@/lib/core/clients/schemas";
import { ZCreateRequestBody, ZListRequestsQuery, ZRequest } from "@/lib/core/requests/schemas";
import { ZUsage } from "@/lib/core/usage/schemas";
import { ZClientAccess } from "@/lib/core/client-access/schemas";
import { listPlatformServices, listPlatforms } from "@/lib/core/catalog/catalog";
import { ZCatalogService, ZConnectedAccount, ZMe } from "@/lib/surfaces/v2/openapi/response-schemas";
import { registerWebhookPaths } from "@/lib/surfaces/v2/openapi/webhook-paths";
import { registerEventWebhooks } from "@/lib/surfaces/v2/openapi/event-webhooks";
import {
  envelope,
  listEnvelope,
  pageEnvelope,
  registerSharedComponents,
  ZIdParam,
} from "@/lib/surfaces/v2/openapi/components";
import { json, registerOperation, type V2Operation } from "@/lib/surfaces/v2/openapi/register-operation";

// Client and Request carry their component ids in core (lib/core/*/schemas.ts), so the
// event bodies in the webhooks section refer to the same components.
const Client = ZClient;
const Request = ZRequest;
const ConnectedAccount = ZConnectedAccount.meta({ id: "ConnectedAccount" });
const CatalogService = ZCatalogService.meta({ id: "CatalogService" });
const Usage = ZUsage.meta({ id: "Usage", description: "This UTC calendar month's access-link usage." });
const Me = ZMe.meta({ id: "CurrentKey" });
const ClientAccess = ZClientAccess.meta({
  id: "ClientAccess",
  description: "What the client granted the agency that is still in place.",
});

/** GET /services' description: each platform with its service ids, in the catalog's order. */
function catalogByPlatform(): string {
  return listPlatforms()
    .map(
      (p) =>
        `- ${p.name}: ${listPlatformServices(p.id)
          .map((s) => `\`${s.id}\``)
          .join(", ")}`,
    )
    .join("\n");
}

function registerCorePaths(registry: OpenAPIRegistry) {
  const ops: V2Operation[] = [
    {
      method: "get",
      path: "/me",
      operationId: "getMe",
      summary: "The current API key and its agency",
      tags: ["Account"],
      traits: {},
      status: 200,
      responseDescription: "The key's id and scopes and the agency's id and name.",
      response: envelope(Me),
    },
    {
      method: "post",
      path: "/clients",
      operationId: "createClient",
      summary: "Create a client",
      description:
        "Blank `company` and `website` become null; `language` defaults to English, `metadata` to `{}`. `email` need not be unique. Creates record `client.created`.",
      tags: ["Clients"],
      traits: { body: true, idempotent: true, codes: ["EXTERNAL_CLIENT_ID_CONFLICT"] },
      request: { body: json(ZCreateClientBody) },
      status: 201,
      responseDescription: "The new client (or, on a replay, the original response).",
      response: envelope(Client),
    },
    {
      method: "get",
      path: "/clients",
      operationId: "listClients",
      summary: "List clients and prospects",
      description:
        "Oldest first, keyset-paginated. Includes clients created in the dashboard and on access pages. `externalClientId` matches exactly (case-sensitive); `email` case-insensitively (several may match). A cursor only works with the filters it was issued for.",
      tags: ["Clients"],
      traits: {},
      request: { query: ZListClientsQuery },
      status: 200,
      responseDescription: "A page of clients.",
      response: pageEnvelope(Client),
    },
    {
      method: "get",
      path: "/clients/{id}",
      operationId: "getClient",
      summary: "Read a client",
      tags: ["Clients"],
      traits: { notFound: true },
      request: { params: ZIdParam("client") },
      status: 200,
      responseDescription: "The client.",
      response: envelope(Client),
    },
    {
      method: "get",
      path: "/clients/{id}/access",
      operationId: "getClientAccess",
      summary: "Read a client's current access",
      description:
        "Every asset the client, or a colleague they handed a service to, granted the agency and that is not removed: one line per asset with its role, when and by whom it was granted, and its state at the last access check. Demo requests are left out. Read-only: removal goes through the dashboard's offboarding or the client's own access page.",
      tags: ["Clients"],
      traits: { notFound: true },
      request: { params: ZIdParam("client") },
      status: 200,
      responseDescription: "The client's current access.",
      response: envelope(ClientAccess),
    },
    {
      method: "patch",
      path: "/clients/{id}",
      operationId: "updateClient",
      summary: "Update a client",
      description:
        "Send only the fields to change. `null` or an empty string clears `company` or `website`. `metadata` replaces all metadata. `externalClientId` can be set on a client that has none; changing it once set is 409 `EXTERNAL_CLIENT_ID_IMMUTABLE`.",
      tags: ["Clients"],
      traits: {
        body: true,
        notFound: true,
        codes: ["EXTERNAL_CLIENT_ID_IMMUTABLE", "EXTERNAL_CLIENT_ID_CONFLICT"],
      },
      request: { params: ZIdParam("client"), body: json(ZUpdateClientBody) },
      status: 200,
      responseDescription: "The updated client.",
      response: envelope(Client),
    },
    {
      method: "post",
      path: "/requests",
      operationId: "createRequest",
      summary: "Create an access request",
      description:
        "Request at least one service or the intake form (which must be enabled with questions). `accessLevel` is one of the service's role values (a bracketed list such as `[publish,approve]` for multi-role services), omitted for role-less services. Each `requestedAccountLinks[].internalAccountId` must be one of the agency's connected accounts on the service's platform whose `services` include the requested service; the MCC-type service needs `adsMccAccountId`; other extra fields are listed in the catalog's `accountLinkFields`. `expiresAt` is in the future and at most one year ahead. Counts once toward the monthly allowance (prospects separately); a replay counts nothing. Records `request.created`; `sendEmail: true` emails the invite link. A retry must send the identical body, `expiresAt` included.",
      tags: ["Requests"],
      traits: { body: true, idempotent: true, notFound: true, codes: ["PLAN_LIMIT_REACHED"] },
      request: { body: json(ZCreateRequestBody) },
      status: 201,
      responseDescription: "The new request, `pending` with `stateVersion` 1.",
      response: envelope(Request),
    },
    {
      method: "get",
      path: "/requests",
      operationId: "listRequests",
      summary: "List access requests",
      description:
        "Oldest first, keyset-paginated, each with its services. `status=expired` includes open requests past their deadline. Demo requests are never listed. A cursor only works with the filters it was issued for.",
      tags: ["Requests"],
      traits: {},
      request: { query: ZListRequestsQuery },
      status: 200,
      responseDescription: "A page of requests.",
      response: pageEnvelope(Request),
    },
    {
      method: "get",
      path: "/requests/{id}",
      operationId: "getRequest",
      summary: "Read an access request",
      tags: ["Requests"],
      traits: { notFound: true },
      request: { params: ZIdParam("request") },
      status: 200,
      responseDescription: "The request with the status of every service and the granted assets.",
      response: envelope(Request),
    },
    {
      method: "post",
      path: "/requests/{id}/cancel",
      operationId: "cancelRequest",
      summary: "Cancel an access request",
      description:
        "`pending` or `in_progress` becomes `cancelled` (with `cancelledAt`, and `request.cancelled`); cancelling a cancelled request succeeds unchanged; a completed or expired request answers 409 `INVALID_STATE`. No body (an empty body or `{}`).",
      tags: ["Requests"],
      traits: { body: true, notFound: true, codes: ["INVALID_STATE"] },
      request: { params: ZIdParam("request") },
      status: 200,
      responseDescription: "The request, `cancelled`.",
      response: envelope(Request),
    },
    {
      method: "get",
      path: "/accounts",
      operationId: "listAccounts",
      summary: "List the agency's connected accounts",
      description:
        "Not paginated; takes no parameters. Any key that can create requests (`requests:create`) may list the accounts its requests link, as in the typical flow; `accounts:read` grants the list alone.",
      tags: ["Catalog"],
      traits: {},
      status: 200,
      responseDescription: "Every connected (and disconnected) account, oldest first.",
      response: listEnvelope(ConnectedAccount),
    },
    {
      method: "get",
      path: "/services",
      operationId: "listServices",
      summary: "List the catalog of services and roles",
      description: `Not paginated; takes no parameters. The catalog, by platform:\n\n${catalogByPlatform()}`,
      tags: ["Catalog"],
      traits: {},
      status: 200,
      responseDescription: "Every service that can be requested.",
      response: listEnvelope(CatalogService),
    },
    {
      method: "get",
      path: "/usage",
      operationId: "getUsage",
      summary: "This month's access-link usage",
      description:
        "Every new request and access-page session counts once per UTC calendar month, clients and prospects separately.",
      tags: ["Account"],
      traits: {},
      status: 200,
      responseDescription: "The usage.",
      response: envelope(Usage),
    },
  ];
  for (const op of ops) registerOperation(registry, op);

  registry.registerPath({
    method: "get",
    path: "/openapi.json",
    operationId: "getOpenApiDocument",
    summary: "This document",
    description: "Served without authentication.",
    tags: ["Meta"],
    security: [],
    responses: {
      200: {
        description: "The OpenAPI 3.1 document of API V2.",
        content: { "application/json": { schema: z.object({ openapi: z.string() }).catchall(z.unknown()) } },
      },
    },
  });
}

/** A new registry holding every V2 path and the shared components. */
export function buildV2Registry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registerSharedComponents(registry);
  registerCorePaths(registry);
  registerWebhookPaths(registry);
  registerEventWebhooks(registry);
  return registry;
}
