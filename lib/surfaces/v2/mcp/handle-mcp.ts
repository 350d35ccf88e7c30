// The MCP endpoint (/api/mcp): Streamable HTTP, stateless (one server and transport per
// call, JSON responses), behind the same gate as every V2 route: a Bearer API key, the plan's
// API access, the agency's V2 rate limit (each message of a JSON-RPC batch counts), the
// API's body limits and text check, and one access-log line per call. Only POST is served:
// without sessions there is no event stream to open (GET) or session to end (DELETE), which
// the transport specification answers with 405:
// https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#listening-for-messages-from-the-server
// Scopes and input are checked per tool (mcp-server.ts).
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { authenticateApiKey } from "@/lib/core/api-keys/authenticate-api-key";
import { ApiError } from "@/lib/core/common/api-error";
import { toApiError } from "@/lib/core/common/to-api-error";
import { consumeRateLimit, rateLimitHeaders } from "@/lib/infra/rate-limit/rate-limit";
import { withAccessLog, type CallRecord } from "@/lib/surfaces/http/access-log";
import { checkJsonValue, jsonProblemError, readBodyText } from "@/lib/surfaces/http/read-json-body";
import { bearerChallenge, V2_RATE_LIMIT } from "@/lib/surfaces/v2/with-api-key";
import { buildMcpServer } from "@/lib/surfaces/v2/mcp/mcp-server";

const ALLOW = "POST";
const NOT_JSON = "The body is not valid JSON.";
// the official SDK's transport refuses more; refused here before the batch is charged
const MAX_BATCH = 100;

// JSON-RPC 2.0's code for a body that is not JSON; other refusals use a server-defined code
const PARSE_ERROR = -32700;
const REFUSED = -32001;

let openCalls = 0;

/** Calls being served right now: each one's server and transport live until it answers. */
export function openMcpCalls(): number {
  return openCalls;
}

/** A refusal before MCP starts: the HTTP status, and a JSON-RPC error an MCP client shows. */
function refusalResponse(err: ApiError, requestId: string, headers: Record<string, string>): Response {
  const body = {
    jsonrpc: "2.0",
    id: null,
    error: {
      code: err.code === "VALIDATION_FAILED" && err.message === NOT_JSON ? PARSE_ERROR : REFUSED,
      message: `${err.code}: ${err.message}`,
      data: { code: err.code, requestId, details: err.details },
    },
  };
  return new Response(JSON.stringify(body), {
    status: err.status,
    headers: { "content-type": "application/json", "x-request-id": requestId, ...err.headers, ...headers },
  });
}

/** Blanks each tool call's arguments: the tool checks those itself and names the field in its answer. */
function withoutToolArguments(message: unknown): unknown {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return message;
  const m = message as { method?: unknown; params?: unknown };
  if (m.method !== "tools/call" || typeof m.params !== "object" || m.params === null) return message;
  return { ...m, params: { ...m.params, arguments: null } };
}

/**
 * The body as the API reads one (read-json-body.ts): at most 1 MB, JSON, no text PostgreSQL
 * cannot store, no deep nesting; and how many calls it holds (a batch is an array).
 */
async function readMessages(req: Request): Promise<{ body: unknown; calls: number }> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with Content-Type: application/json.");
  const text = await readBodyText(req).catch((err: unknown) => {
    if (err instanceof ApiError) throw err;
    // the client left before sending the whole body
    throw new ApiError("VALIDATION_FAILED", "The body was cut off.", [{ message: "The body was cut off." }]);
  });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError("VALIDATION_FAILED", NOT_JSON, [{ message: NOT_JSON }]);
  }
  const problem = checkJsonValue(Array.isArray(body) ? body.map(withoutToolArguments) : withoutToolArguments(body));
  if (problem) throw jsonProblemError(problem);
  if (Array.isArray(body) && body.length > MAX_BATCH)
    throw new ApiError("VALIDATION_FAILED", `A batch holds at most ${MAX_BATCH} messages.`, [
      { message: `A batch holds at most ${MAX_BATCH} messages.` },
    ]);
  return { body, calls: Array.isArray(body) ? Math.max(1, body.length) : 1 };
}

async function serve(req: Request, call: CallRecord): Promise<Response> {
  openCalls++;
  try {
    return await answer(req, call);
  } finally {
    openCalls--;
  }
}

async function answer(req: Request, call: CallRecord): Promise<Response> {
  const requestId = call.requestId;
  if (req.method === "OPTIONS")
    return new Response(null, { status: 204, headers: { Allow: `OPTIONS, ${ALLOW}`, "x-request-id": requestId } });
  if (req.method !== "POST")
    return refusalResponse(
      new ApiError("METHOD_NOT_ALLOWED", `Method ${req.method} not allowed. Allowed: ${ALLOW}.`),
      requestId,
      { Allow: ALLOW },
    );

  let limitHeaders: Record<string, string> = {};
  let keyPresented = false;
  try {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
    if (!match) throw new ApiError("UNAUTHENTICATED", "Send your API key as Authorization: Bearer <key>.");
    keyPresented = true;
    const auth = await authenticateApiKey(match[1]!);
    if (!auth) throw new ApiError("UNAUTHENTICATED", "The API key is invalid or revoked.");
    call.agencyId = auth.agencyId;
    if (!auth.entitled) throw new ApiError("PLAN_NOT_ENTITLED", "Your plan does not include API access.");
    const spend = async (cost: number) => {
      const rl = await consumeRateLimit("v2", auth.agencyId, V2_RATE_LIMIT.points, V2_RATE_LIMIT.windowSeconds, {
        cost,
      });
      limitHeaders = rateLimitHeaders(rl, V2_RATE_LIMIT.windowSeconds);
      if (!rl.allowed)
        throw new ApiError(
          "RATE_LIMITED",
          `Rate limit of ${V2_RATE_LIMIT.points} calls per minute exceeded; retry after ${rl.resetSeconds} s.`,
        );
    };
    // one call counts before the body is read, as on every V2 route; each further call of a batch once it is
    await spend(1);
    const { body, calls } = await readMessages(req);
    if (calls > 1) await spend(calls - 1);

    const server = buildMcpServer(auth, requestId);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      const res = await transport.handleRequest(req, { parsedBody: body });
      const headers = new Headers(res.headers);
      for (const [k, v] of Object.entries({ ...limitHeaders, "x-request-id": requestId })) headers.set(k, v);
      return new Response(res.body ? await res.arrayBuffer() : null, { status: res.status, headers });
    } finally {
      await server.close();
    }
  } catch (err) {
    const apiError = toApiError(err, requestId);
    // RFC 6750 section 3: the scheme to use, and invalid_token when a key was sent and refused
    const challenge: Record<string, string> =
      apiError.status === 401 ? { "www-authenticate": bearerChallenge(keyPresented) } : {};
    return refusalResponse(apiError, requestId, { ...limitHeaders, ...challenge });
  }
}

/** The route handler of every method at /api/mcp. */
export const handleMcp = withAccessLog("mcp", serve);
