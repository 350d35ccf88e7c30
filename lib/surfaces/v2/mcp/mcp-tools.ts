// The MCP server of one authenticated call: the tools an agency's AI assistant uses to create
// and follow access requests, each checking the API key's scopes like the V2 route it mirrors
// and calling the same core functions, and the catalog as a resource. Every tool answers a
// short sentence and the structured result; a refusal answers `isError` with the API's error
// code, message and fields.
import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ApiScope } from "@/lib/core/auth/scopes";
import type { ApiKeyContext } from "@/lib/core/api-keys/authenticate-api-key";
import { ApiError } from "@/lib/core/common/api-error";
import { toApiError, zodToApiError } from "@/lib/core/common/to-api-error";
import { API_CATALOG_SERVICES } from "@/lib/core/catalog/catalog";
import { listAccounts } from "@/lib/core/accounts/list-accounts";
import { ZCreateClientBody, ZExternalClientId } from "@/lib/core/clients/schemas";
import { createClient } from "@/lib/core/clients/create-client";
import { listClients } from "@/lib/core/clients/list-clients";
import { ZCreateRequestBody, type TRequest } from "@/lib/core/requests/schemas";
import { createRequest } from "@/lib/core/requests/create-request";
import { getRequestOrThrow } from "@/lib/core/requests/load-request";
import { listRequests } from "@/lib/core/requests/list-requests";
import { cancelRequest } from "@/lib/core/requests/cancel-request";
import { getUsage } from "@/lib/core/usage/get-usage";
import { parseIdempotencyKey, runIdempotent } from "@/lib/surfaces/v2/idempotency";
import { ageInDays, describeRequest, missingItems } from "@/lib/surfaces/v2/mcp/request-summary";

export const MCP_SERVER_INFO = { name: "access-requests", version: "1.0.0" };
export const CATALOG_RESOURCE_URI = "catalog://services";
const OPEN_LIMIT = 100;

function result(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: structured };
}

function refusal(err: unknown, requestId: string): CallToolResult {
  const e = toApiError(err, requestId);
  const fields = e.details.flatMap((d) => (d.field ? [`${d.field}: ${d.message}`] : []));
  const text = [`${e.code}: ${e.message}`, ...fields].join("\n");
  return {
    isError: true,
    content: [{ type: "text", text }],
    structuredContent: { error: { code: e.code, message: e.message, details: e.details } },
  };
}

function requireScope(auth: ApiKeyContext, anyOf: readonly ApiScope[]) {
  if (anyOf.some((s) => auth.scopes.includes(s))) return;
  const named = anyOf.join(" or ");
  throw new ApiError("CAPABILITY_REQUIRED", `This API key lacks the ${named} scope.`, [
    { message: `Required scope: ${named}` },
  ]);
}

const uuid = (field: string) => z.string().describe(`The ${field} (a uuid).`);

function parseUuid(value: string, field: string): string {
  // a malformed id reads as missing, as in the API's paths
  if (!z.uuid().safeParse(value).success) throw new ApiError("NOT_FOUND", `No such ${field.replace(/Id$/, "")}.`);
  return value;
}

export function buildMcpServer(auth: ApiKeyContext, requestId: string): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      "Create and follow client access requests of one agency. Find or create the client first, list the catalog for service ids, then create a request and share its inviteUrl.",
  });
  const agencyId = auth.agencyId;
  const tool = <S extends z.ZodRawShape>(
    name: string,
    description: string,
    inputSchema: S,
    scopes: readonly ApiScope[] | null,
    run: (input: z.infer<z.ZodObject<S>>) => Promise<CallToolResult>,
  ) =>
    server.registerTool(name, { description, inputSchema }, (async (input: z.infer<z.ZodObject<S>>) => {
      try {
        if (scopes) requireScope(auth, scopes);
        return await run(input);
      } catch (err) {
        return refusal(err, requestId);
      }
    }) as never);

  tool(
    "find_or_create_client",
    "Find a client by externalClientId or email; when none matches and a name and email are given, create it. Scopes: clients:read (and clients:create to create).",
    {
      externalClientId: z.string().optional().describe("Your own id for the client."),
      email: z.string().optional().describe("The client's email address."),
      name: z.string().optional().describe("The client's name, needed to create."),
      company: z.string().optional(),
      language: z.enum(["English", "Spanish", "Dutch"]).optional(),
    },
    ["clients:read"],
    async (input) => {
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
        return result(`Found client ${found.name} (${found.email}), id ${found.id}.`, {
          client: found,
          created: false,
        });
      requireScope(auth, ["clients:create"]);
      const body = ZCreateClientBody.safeParse({
        name: input.name,
        email: input.email,
        company: input.company,
        language: input.language,
        externalClientId: input.externalClientId,
      });
      if (!body.success) throw zodToApiError(body.error);
      const client = await createClient({ agencyId, input: body.data });
      return result(`Created client ${client.name} (${client.email}), id ${client.id}.`, { client, created: true });
    },
  );

  tool(
    "list_catalog",
    "The services that can be requested: ids, platforms, roles and account link fields.",
    {},
    null,
    async () => result(`${API_CATALOG_SERVICES.length} services can be requested.`, { services: API_CATALOG_SERVICES }),
  );

  tool(
    "list_accounts",
    "The agency's connected platform accounts, to link in requests. Scope: requests:create or accounts:read.",
    {},
    ["requests:create", "accounts:read"],
    async () => {
      const accounts = await listAccounts({ agencyId });
      return result(`The agency has ${accounts.length} connected account(s).`, { accounts });
    },
  );

  tool(
    "create_request",
    "Create an access request for a client: at least one service in requestedServices (service id → options) or intakeForm.requested. Idempotent: the same idempotencyKey returns the same request. Scope: requests:create.",
    {
      ...ZCreateRequestBody.shape,
      idempotencyKey: z
        .string()
        .describe("1-255 visible ASCII characters, unique per request to create (a UUID is suggested)."),
    },
    ["requests:create"],
    async ({ idempotencyKey, ...rest }) => {
      const key = parseIdempotencyKey(idempotencyKey);
      const body = ZCreateRequestBody.safeParse(rest);
      if (!body.success) throw zodToApiError(body.error);
      const outcome = await runIdempotent({
        agencyId,
        apiKeyId: auth.apiKeyId,
        key,
        endpoint: "MCP create_request",
        body: rest,
        run: async (tx) => ({
          status: 201,
          body: await createRequest({ agencyId, input: body.data, source: "api", tx }),
        }),
      });
      const request = outcome.body as TRequest;
      const verb = outcome.replayed ? "Already created" : "Created";
      return result(`${verb} request ${request.id}; send the client ${request.inviteUrl}`, {
        request,
        replayed: outcome.replayed,
      });
    },
  );

  tool(
    "get_request",
    "Read a request with what it still waits for, in plain words. Scope: requests:read.",
    { requestId: uuid("request id") },
    ["requests:read"],
    async ({ requestId: id }) => {
      const request = await getRequestOrThrow({ agencyId, id: parseUuid(id, "requestId") });
      return result(describeRequest(request), { request, missing: missingItems(request) });
    },
  );

  tool(
    "list_open_requests",
    `The agency's open requests (pending or in progress), oldest first, at most ${OPEN_LIMIT}, each with its age in days and what blocks it. Scope: requests:read.`,
    {},
    ["requests:read"],
    async () => {
      const now = new Date();
      const pages = await Promise.all(
        (["pending", "in_progress"] as const).map((status) =>
          listRequests({ agencyId, query: { status, limit: OPEN_LIMIT }, now }),
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
      return result(text, { requests: open });
    },
  );

  tool(
    "cancel_request",
    "Cancel an open request; its link stops working. Scope: requests:cancel.",
    { requestId: uuid("request id") },
    ["requests:cancel"],
    async ({ requestId: id }) => {
      const request = await cancelRequest({ agencyId, id: parseUuid(id, "requestId") });
      return result(`Cancelled request ${request.id}.`, { request });
    },
  );

  tool(
    "get_usage",
    "This month's usage against the plan's allowance. Scope: usage:read.",
    {},
    ["usage:read"],
    async () => {
      const usage = await getUsage({ agencyId });
      const of = (c: { used: number; limit: number | null }) =>
        c.limit === null ? `${c.used}` : `${c.used} of ${c.limit}`;
      return result(
        `This month: ${of(usage.clients)} client access links and ${of(usage.prospects)} prospect links used (plan ${usage.plan ?? "none"}).`,
        { usage },
      );
    },
  );

  server.registerResource(
    "catalog",
    CATALOG_RESOURCE_URI,
    { title: "Service catalog", description: "The services that can be requested.", mimeType: "application/json" },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(API_CATALOG_SERVICES) }],
    }),
  );
  return server;
}
