// The one wrapper of every legacy V1 route (/api/v1): the per-IP rate limit, the `x-auth`
// key with V1's statuses (no key or no API access 403; invalid, revoked or lacking the
// scope 401), a lenient JSON body, the V1 envelope (`{ error: false, data }`, failures
// `{ error: true, msg }`, 429 `{ status: "fail", message }`) and the Deprecation and Link
// headers on every response. Handlers never build HTTP responses.
// The per-IP key is legacyClientIp (lib/surfaces/http/legacy-client-ip.ts).
import type { ApiScope } from "@/lib/core/auth/scopes";
import { authenticateApiKey, type ApiKeyContext } from "@/lib/core/api-keys/authenticate-api-key";
import { legacyClientIp } from "@/lib/surfaces/http/legacy-client-ip";
import { ApiError } from "@/lib/core/common/api-error";
import { consumeRateLimit, rateLimitHeaders } from "@/lib/infra/rate-limit/rate-limit";
import { checkJsonValue, MAX_JSON_DEPTH, readBodyText } from "@/lib/surfaces/http/read-json-body";
import { newRequestId } from "@/lib/surfaces/http/request-id";
import { withAccessLog, type CallRecord } from "@/lib/surfaces/http/access-log";
import { toLegacyFailure } from "@/lib/surfaces/v1/legacy-error";
import { refuseControlCharacters } from "@/lib/surfaces/http/query-controls";
import { legacyHeaders } from "@/lib/surfaces/http/legacy-headers";

export const V1_RATE_LIMIT = { points: 300, windowSeconds: 60 };

const BASE_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

function legacyJson(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, ...headers } });
}

// V1 clients often omit Content-Type, so any type is read as JSON. That is safe here: the
// x-auth header already rules out plain cross-site form posts. An empty body reads as {}
// so the per-field messages name what is missing.
async function readLegacyBody(req: Request): Promise<Record<string, unknown>> {
  const text = await readBodyText(req);
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("VALIDATION_FAILED", "The body is not valid JSON.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new ApiError("VALIDATION_FAILED", "The body must be a JSON object.");
  const problem = checkJsonValue(parsed);
  if (problem?.kind === "depth")
    throw new ApiError("VALIDATION_FAILED", `JSON nested deeper than ${MAX_JSON_DEPTH} levels is refused.`);
  if (problem) throw new ApiError("VALIDATION_FAILED", "Text must be valid Unicode without NUL characters.");
  return parsed as Record<string, unknown>;
}

export interface LegacyContext {
  req: Request;
  auth: ApiKeyContext;
  /** the JSON object sent (routes with `body: true`), unknown fields included */
  body: Record<string, unknown>;
  query: URLSearchParams;
  requestId: string;
}

export interface LegacyResult {
  status?: number;
  data: unknown;
  /** top-level fields beside `error` and `data` (links/create's `inviteUrl`) */
  extra?: Record<string, unknown>;
}

export function withLegacyKey(
  opts: { scope: ApiScope; body?: boolean },
  handler: (ctx: LegacyContext) => Promise<LegacyResult>,
) {
  return withAccessLog("v1", innerWithLegacyKey(opts, handler));
}

function innerWithLegacyKey(
  opts: { scope: ApiScope; body?: boolean },
  handler: (ctx: LegacyContext) => Promise<LegacyResult>,
) {
  return async (req: Request, call: CallRecord): Promise<Response> => {
    const requestId = call.requestId;
    let headers: Record<string, string> = { ...legacyHeaders(), "X-Request-Id": requestId };
    try {
      // Counted before the key is checked, so guessing keys is limited too.
      const rl = await consumeRateLimit(
        "v1",
        legacyClientIp(req.headers),
        V1_RATE_LIMIT.points,
        V1_RATE_LIMIT.windowSeconds,
      );
      headers = { ...headers, ...rateLimitHeaders(rl, V1_RATE_LIMIT.windowSeconds) };
      if (!rl.allowed) {
        return legacyJson(
          429,
          {
            status: "fail",
            message: `Rate limit of ${V1_RATE_LIMIT.points} calls per minute per IP address exceeded; retry after ${rl.resetSeconds} s.`,
          },
          headers,
        );
      }
      const key = req.headers.get("x-auth")?.trim();
      if (!key) throw new ApiError("FORBIDDEN", "Send your API key in the x-auth header.");
      const auth = await authenticateApiKey(key);
      if (!auth) throw new ApiError("UNAUTHENTICATED", "The API key is invalid or revoked.");
      call.agencyId = auth.agencyId;
      if (!auth.entitled) throw new ApiError("PLAN_NOT_ENTITLED", "Your plan does not include API access.");
      // V1 answers a missing scope with 401 (V2 uses 403).
      if (!auth.scopes.includes(opts.scope))
        throw new ApiError("UNAUTHENTICATED", `This API key lacks the ${opts.scope} scope.`);

      const query = new URL(req.url).searchParams;
      refuseControlCharacters(query);
      const body = opts.body ? await readLegacyBody(req) : {};
      const result = await handler({ req, auth, body, query, requestId });
      return legacyJson(result.status ?? 200, { error: false, data: result.data, ...result.extra }, headers);
    } catch (err) {
      const failure = toLegacyFailure(err, requestId);
      return legacyJson(failure.status, { error: true, msg: failure.msg }, { ...headers, ...failure.headers });
    }
  };
}

/** A fixed V1 failure with the V1 headers (unknown paths, other methods). */
export function legacyFailure(status: number, msg: string, extraHeaders: Record<string, string> = {}): Response {
  return legacyJson(
    status,
    { error: true, msg },
    { ...legacyHeaders(), "X-Request-Id": newRequestId(), ...extraHeaders },
  );
}

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** V1 405 handlers for the methods a route does not serve: `export const { GET, PUT } = legacyOtherMethods("POST")`. */
export function legacyOtherMethods(...allowed: HttpMethod[]) {
  const h = async () =>
    legacyFailure(405, `Method not allowed. Allowed: ${allowed.join(", ")}.`, { Allow: allowed.join(", ") });
  return { GET: h, POST: h, PUT: h, PATCH: h, DELETE: h };
}

/** A V1 text response (the migration guide) with the V1 headers. */
export function legacyText(body: string, contentType: string): Response {
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": contentType, "Cache-Control": "public, max-age=3600", ...legacyHeaders() },
  });
}
