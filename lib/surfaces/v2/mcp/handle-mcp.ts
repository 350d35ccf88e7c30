// The MCP endpoint (/api/mcp): Streamable HTTP, stateless (one server and transport per
// call, JSON responses), behind the same gate as every V2 route: a Bearer API key, the plan's
// API access, the agency's V2 rate limit and one access-log line per call. Scopes are checked
// per tool (mcp-tools.ts).
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { authenticateApiKey } from "@/lib/core/api-keys/authenticate-api-key";
import { ApiError } from "@/lib/core/common/api-error";
import { toApiError } from "@/lib/core/common/to-api-error";
import { consumeRateLimit, rateLimitHeaders } from "@/lib/infra/rate-limit/rate-limit";
import { withAccessLog, type CallRecord } from "@/lib/surfaces/http/access-log";
import { V2_RATE_LIMIT } from "@/lib/surfaces/v2/with-api-key";
import { buildMcpServer } from "@/lib/surfaces/v2/mcp/mcp-tools";

/** A refusal before MCP starts: the HTTP status, and a JSON-RPC error an MCP client shows. */
function refusalResponse(err: ApiError, requestId: string, headers: Record<string, string>): Response {
  const body = {
    jsonrpc: "2.0",
    id: null,
    error: { code: -32001, message: `${err.code}: ${err.message}`, data: { code: err.code, requestId } },
  };
  return new Response(JSON.stringify(body), {
    status: err.status,
    headers: {
      "content-type": "application/json",
      "x-request-id": requestId,
      ...(err.status === 401 ? { "www-authenticate": 'Bearer realm="api"' } : {}),
      ...err.headers,
      ...headers,
    },
  });
}

async function serve(req: Request, call: CallRecord): Promise<Response> {
  let limitHeaders: Record<string, string> = {};
  try {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
    if (!match) throw new ApiError("UNAUTHENTICATED", "Send your API key as Authorization: Bearer <key>.");
    const auth = await authenticateApiKey(match[1]!);
    if (!auth) throw new ApiError("UNAUTHENTICATED", "The API key is invalid or revoked.");
    call.agencyId = auth.agencyId;
    if (!auth.entitled) throw new ApiError("PLAN_NOT_ENTITLED", "Your plan does not include API access.");
    const rl = await consumeRateLimit("v2", auth.agencyId, V2_RATE_LIMIT.points, V2_RATE_LIMIT.windowSeconds);
    limitHeaders = rateLimitHeaders(rl, V2_RATE_LIMIT.windowSeconds);
    if (!rl.allowed)
      throw new ApiError(
        "RATE_LIMITED",
        `Rate limit of ${V2_RATE_LIMIT.points} calls per minute exceeded; retry after ${rl.resetSeconds} s.`,
      );

    const server = buildMcpServer(auth, call.requestId);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      const res = await transport.handleRequest(req);
      const headers = new Headers(res.headers);
      for (const [k, v] of Object.entries({ ...limitHeaders, "x-request-id": call.requestId })) headers.set(k, v);
      return new Response(res.body ? await res.arrayBuffer() : null, { status: res.status, headers });
    } finally {
      await server.close();
    }
  } catch (err) {
    return refusalResponse(toApiError(err, call.requestId), call.requestId, limitHeaders);
  }
}

/** The route handler of every method at /api/mcp. */
export const handleMcp = withAccessLog("mcp", serve);
