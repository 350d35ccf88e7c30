// The MCP server of one authenticated call: lists the tools (mcp-tools.ts) and the catalog
// resource, and runs a tool call the way a V2 route runs: the key's scope, the body's text
// check (read-json-body.ts: NUL, unpaired surrogates, depth), the strict input schema, then
// the tool; every refusal a tool result with the API's error code and fields.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { ApiKeyContext } from "@/lib/core/api-keys/authenticate-api-key";
import { zodToApiError } from "@/lib/core/common/to-api-error";
import { API_CATALOG_SERVICES } from "@/lib/core/catalog/catalog";
import { checkJsonValue, jsonProblemError } from "@/lib/surfaces/http/read-json-body";
import {
  listedTool,
  requireOperationScope,
  toolRefusal,
  toolResult,
  type McpTool,
} from "@/lib/surfaces/v2/mcp/mcp-tool";
import { MCP_TOOLS } from "@/lib/surfaces/v2/mcp/mcp-tools";

export const MCP_SERVER_INFO = { name: "access-requests", version: "1.0.0" };
export const CATALOG_RESOURCE_URI = "catalog://services";

const TOOLS = new Map<string, McpTool>(MCP_TOOLS.map((t) => [t.name, t]));
// the listing is the same for every call
let listing: ReturnType<typeof listedTool>[] | undefined;

async function callTool(
  tool: McpTool,
  args: Record<string, unknown>,
  auth: ApiKeyContext,
  requestId: string,
): Promise<CallToolResult> {
  try {
    requireOperationScope(auth, tool.mirrors);
    const problem = checkJsonValue(args);
    if (problem) throw jsonProblemError(problem);
    const parsed = tool.input.safeParse(args);
    if (!parsed.success) throw zodToApiError(parsed.error);
    const { text, structured } = await tool.run(parsed.data, { auth, requestId, args });
    return toolResult(text, structured);
  } catch (err) {
    return toolRefusal(err, requestId);
  }
}

export function buildMcpServer(auth: ApiKeyContext, requestId: string): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions:
      "Create and follow client access requests of one agency. Find or create the client first, list the catalog for service ids, then create a request and share its inviteUrl.",
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: (listing ??= MCP_TOOLS.map(listedTool)) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = TOOLS.get(request.params.name);
    // an unknown tool is a protocol error, not a tool's refusal
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return callTool(tool, request.params.arguments ?? {}, auth, requestId);
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: CATALOG_RESOURCE_URI,
        name: "catalog",
        title: "Service catalog",
        description: "The services that can be requested.",
        mimeType: "application/json",
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    if (request.params.uri !== CATALOG_RESOURCE_URI)
      // -32002: resource not found, https://modelcontextprotocol.io/specification/2025-11-25/server/resources#error-handling
      throw new McpError(-32002, `Unknown resource: ${request.params.uri}`);
    return {
      contents: [
        { uri: CATALOG_RESOURCE_URI, mimeType: "application/json", text: JSON.stringify(API_CATALOG_SERVICES) },
      ],
    };
  });
  return server;
}
