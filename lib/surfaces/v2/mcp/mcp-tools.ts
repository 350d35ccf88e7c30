// The tools an agency's AI assistant uses to create and follow access requests, each checking
// the API key's scopes like the V2 route it mirrors and calling the same core functions. Each
// names its annotations (the MCP hints: read-only, destructive, idempotent, open world) and
// the structured result it answers; see mcp-tool.ts for how they are listed and answered.
import { z } from "zod";
import { ApiError } from "@/lib/core/common/api-error";
import { zodToApiError } from "@/lib/core/common/to-api-error";
import { API_CATALOG_SERVICES } from "@/lib/core/catalog/catalog";
import { listAccounts } from "@/lib/core/accounts/list-accounts";
import { ZClient, ZCreateClientBody, ZExternalClientId, ZLanguage } from "@/lib/core/clients/schemas";
import { createClient } from "@/lib/core/clients/create-client";
import { listClients } from "@/lib/core/clients/list-clients";
import { ZCreateRequestBody, ZRequest, type TRequest } from "@/lib/core/requests/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { getRequestOrThrow } from "@/lib/core/requests/load-request";
import { listRequests } from "@/lib/core/requests/list-requests";
import { cancelRequest } from "@/lib/core/requests/cancel-request";
import { getUsage } from "@/lib/core/usage/get-usage";
import { ZUsage } from "@/lib/core/usage/schemas";
import { parseIdempotencyKey, runIdempotent } from "@/lib/surfaces/v2/idempotency";
import { ZCatalogService, ZConnectedAccount } from "@/lib/surfaces/v2/openapi/response-schemas";
import { defineTool, requireOperationScope, type McpTool } from "@/lib/surfaces/v2/mcp/mcp-tool";
import { ageInDays, describeRequest, missingItems } from "@/lib/surfaces/v2/mcp/request-summary";

const OPEN_LIMIT = 100;

const uuid = (what: string) => z.string().describe(`The ${what} (a uuid).`);

function parseUuid(value: string, field: string): string {
  // a malformed id reads as missing, as in the API's paths; ids are stored in lower case
  if (!z.uuid().safeParse(value).success) throw new ApiError("NOT_FOUND", `No such ${field.replace(/Id$/, "")}.`);
  return value.toLowerCase();
}

const ZMissing = z.array(z.string()).describe("What the request still waits for, in plain words.");

const findOrCreateClient = defineTool({
  name: "find_or_create_client",
  title: "Find or create a client",
  description:
    "Find a client by externalClientId or email; when none matches and a name and email are given, create it. Scopes: clients:read (and clients:create to create).",
  input: z.strictObject({
    externalClientId: z.string().optional().describe("Your own id for the client."),
    email: z.string().optional().describe("The client's email address."),
    name: z.string().optional().describe("The client's name, needed to create."),
    company: z.string().optional(),
    language: ZLanguage.optional(),
  }),
  output: z.object({ client: ZClient, created: z.boolean() }),
  // the same arguments find the client created the first time
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mirrors: "listClients",
  async run(input, { auth }) {
    const agencyId = auth.agencyId;
    if (input.externalClientId === undefined && input.email === undefined)
      throw new ApiError("VALIDATION_FAILED", "Give externalClientId or email.", [
        { field: "email", message: "Give externalClientId or email to find the client by." },
      ]);
    if (input.externalClientId !== undefined) {
      const parsed = ZExternalClientId.safeParse(input.externalClientId);
      if (!parsed.success) throw zodToApiError(parsed.error, "externalClientId");
    }
    const query =
      input.externalClientId !== undefined
        ? { externalClientId: input.externalClientId, limit: 1 }
        : { email: input.email, limit: 1 };
    const found = (await listClients({ agencyId, query })).data[0];
    if (found)
      return {
        text: `Found client ${found.name} (${found.email}), id ${found.id}.`,
        structured: { client: found, created: false },
      };
    requireOperationScope(auth, "createClient");
    const body = ZCreateClientBody.safeParse({
      name: input.name,
      email: input.email,
      company: input.company,
      language: input.language,
      externalClientId: input.externalClientId,
    });
    if (!body.success) throw zodToApiError(body.error);
    const client = await createClient({ agencyId, input: body.data });
    return {
      text: `Created client ${client.name} (${client.email}), id ${client.id}.`,
      structured: { client, created: true },
    };
  },
});

const listCatalog = defineTool({
  name: "list_catalog",
  title: "List the service catalog",
  description: "The services that can be requested: ids, platforms, roles and account link fields.",
  input: z.strictObject({}),
  output: z.object({ services: z.array(ZCatalogService) }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  mirrors: "listServices",
  async run() {
    return {
      text: `${API_CATALOG_SERVICES.length} services can be requested.`,
      structured: { services: [...API_CATALOG_SERVICES] },
    };
  },
});

const listAccountsTool = defineTool({
  name: "list_accounts",
  title: "List connected accounts",
  description:
    "The agency's connected platform accounts, to link in requests. Scope: requests:create or accounts:read.",
  input: z.strictObject({}),
  output: z.object({ accounts: z.array(ZConnectedAccount) }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  mirrors: "listAccounts",
  async run(_input, { auth }) {
    const accounts = await listAccounts({ agencyId: auth.agencyId });
    return { text: `The agency has ${accounts.length} connected account(s).`, structured: { accounts } };
  },
});

const createRequestTool = defineTool({
  name: "create_request",
  title: "Create an access request",
  description:
    "Create an access request for a client: at least one service in requestedServices (service id → options) or intakeForm.requested. Idempotent: the same idempotencyKey returns the same request. Scope: requests:create.",
  input: ZCreateRequestBody.extend({
    idempotencyKey: z
      .string()
      .describe("1-255 visible ASCII characters, unique per request to create (a UUID is suggested)."),
  }),
  output: z.object({ request: ZRequest, replayed: z.boolean() }),
  // sendEmail: true emails the client
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  mirrors: "createRequest",
  async run({ idempotencyKey, ...input }, { auth, args }) {
    const key = parseIdempotencyKey(idempotencyKey);
    // the arguments as sent are the key's fingerprint, as the API's body is
    const { idempotencyKey: _key, ...sent } = args;
    const outcome = await runIdempotent({
      agencyId: auth.agencyId,
      apiKeyId: auth.apiKeyId,
      key,
      endpoint: "MCP create_request",
      body: sent,
      run: async (tx) => ({
        status: 201,
        body: await createRequest({ agencyId: auth.agencyId, input, source: "api", tx }),
      }),
    });
    const request = outcome.body as TRequest;
    const verb = outcome.replayed ? "Already created" : "Created";
    return {
      text: `${verb} request ${request.id}; send the client ${request.inviteUrl}`,
      structured: { request, replayed: outcome.replayed },
    };
  },
});

const getRequest = defineTool({
  name: "get_request",
  title: "Read a request",
  description: "Read a request with what it still waits for, in plain words. Scope: requests:read.",
  input: z.strictObject({ requestId: uuid("request id") }),
  output: z.object({ request: ZRequest, missing: ZMissing }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  mirrors: "getRequest",
  async run({ requestId }, { auth }) {
    const request = await getRequestOrThrow({ agencyId: auth.agencyId, id: parseUuid(requestId, "requestId") });
    return { text: describeRequest(request), structured: { request, missing: missingItems(request) } };
  },
});

const ZOpenRequest = ZRequest.pick({
  id: true,
  clientId: true,
  externalClientId: true,
  status: true,
  createdAt: true,
}).extend({ ageDays: z.number().int(), blockedBy: ZMissing });

const listOpenRequests = defineTool({
  name: "list_open_requests",
  title: "List open requests",
  description: `The agency's open requests (pending or in progress), oldest first, at most ${OPEN_LIMIT}, each with its age in days and what blocks it. Scope: requests:read.`,
  input: z.strictObject({}),
  output: z.object({ requests: z.array(ZOpenRequest) }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  mirrors: "listRequests",
  async run(_input, { auth }) {
    const now = new Date();
    const pages = await Promise.all(
      (["pending", "in_progress"] as const).map((status) =>
        listRequests({ agencyId: auth.agencyId, query: { status, limit: OPEN_LIMIT }, now }),
      ),
    );
    const open = pages
      .flatMap((p) => p.data)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .slice(0, OPEN_LIMIT)
      .map((r) => ({
        id: r.id,
        clientId: r.clientId,
        externalClientId: r.externalClientId,
        status: r.status,
        createdAt: r.createdAt,
        ageDays: ageInDays(r, now),
        blockedBy: missingItems(r),
      }));
    const text = open.length
      ? `${open.length} open request(s): ${open.map((r) => `${r.id} (${r.ageDays} d, ${r.blockedBy.join("; ") || "nothing missing"})`).join(", ")}.`
      : "No open requests.";
    return { text, structured: { requests: open } };
  },
});

const cancelRequestTool = defineTool({
  name: "cancel_request",
  title: "Cancel a request",
  description: "Cancel an open request; its link stops working. Scope: requests:cancel.",
  input: z.strictObject({ requestId: uuid("request id") }),
  output: z.object({ request: ZRequest }),
  // cancelling a cancelled request returns it unchanged
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  mirrors: "cancelRequest",
  async run({ requestId }, { auth }) {
    const request = await cancelRequest({ agencyId: auth.agencyId, id: parseUuid(requestId, "requestId") });
    return { text: `Cancelled request ${request.id}.`, structured: { request } };
  },
});

const getUsageTool = defineTool({
  name: "get_usage",
  title: "Read this month's usage",
  description: "This month's usage against the plan's allowance. Scope: usage:read.",
  input: z.strictObject({}),
  output: z.object({ usage: ZUsage }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  mirrors: "getUsage",
  async run(_input, { auth }) {
    const usage = await getUsage({ agencyId: auth.agencyId });
    const of = (c: { used: number; limit: number | null }) =>
      c.limit === null ? `${c.used}` : `${c.used} of ${c.limit}`;
    return {
      text: `This month: ${of(usage.clients)} client access links and ${of(usage.prospects)} prospect links used (plan ${usage.plan ?? "none"}).`,
      structured: { usage },
    };
  },
});

export const MCP_TOOLS: readonly McpTool[] = [
  findOrCreateClient,
  listCatalog,
  listAccountsTool,
  createRequestTool,
  getRequest,
  listOpenRequests,
  cancelRequestTool,
  getUsageTool,
];
