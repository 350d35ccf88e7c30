// The one wrapper of every V2 route: request id, API key, plan entitlement, scope, rate
// limit, body and query parsing with the zod schemas, idempotency where asked, the
// envelope and the mapping of thrown errors. Handlers never build HTTP responses.
import { z } from "zod";
import type { Tx } from "@/lib/infra/db/db";
import { authenticateApiKey, type ApiKeyContext } from "@/lib/core/api-keys/authenticate-api-key";
import { ApiError } from "@/lib/core/common/api-error";
import { errorResponse, jsonResponse, successBody } from "@/lib/surfaces/http/envelope";
import { newRequestId } from "@/lib/surfaces/http/request-id";
import { withAccessLog, type CallRecord } from "@/lib/surfaces/http/access-log";
import { readJsonBody } from "@/lib/surfaces/http/read-json-body";
import { consumeRateLimit, rateLimitHeaders, v2RateLimitPoints } from "@/lib/infra/rate-limit/rate-limit";
import { toApiError, zodToApiError } from "@/lib/core/common/to-api-error";
import { parseIdempotencyKey, runIdempotent, type IdempotentOutcome } from "@/lib/surfaces/v2/idempotency";
import { refuseControlCharacters } from "@/lib/surfaces/http/query-controls";
import { readRouteParams, type RouteContext, type RouteParams } from "@/lib/surfaces/http/route-params";
import { scopesOf, type V2OperationId } from "@/lib/surfaces/v2/operation-scopes";

export const V2_RATE_LIMIT = { points: v2RateLimitPoints(), windowSeconds: 60 };

export interface HandlerContext<B, Q, P extends string = never> {
  req: Request;
  auth: ApiKeyContext;
  body: B;
  query: Q;
  params: RouteParams<P>;
  requestId: string;
  /** set for idempotent creates: do every write in it */
  tx: Tx | undefined;
}

export interface HandlerResult {
  status?: number;
  data: unknown;
  nextCursor?: string | null;
}

interface Options<B, Q, P extends string> {
  /** the operation the route serves (its operationId): the key needs its scope in lib/surfaces/v2/operation-scopes.ts */
  operation: V2OperationId;
  body?: z.ZodType<B>;
  /** for POSTs without a body (cancel, pause...): an empty or `{}` body is accepted */
  emptyBody?: boolean;
  query?: z.ZodType<Q>;
  /** path parameters that must be uuids (others read as 404) */
  uuidParams?: readonly P[];
  idempotent?: boolean;
}

function parseQuery<Q>(url: URL, schema: z.ZodType<Q> | undefined): Q {
  refuseControlCharacters(url.searchParams);
  const raw: Record<string, string> = {};
  for (const [k, v] of url.searchParams) {
    if (k in raw)
      throw new ApiError("VALIDATION_FAILED", `${k}: Give this parameter once.`, [
        { field: k, message: "Give this parameter once." },
      ]);
    raw[k] = v;
  }
  if (!schema) {
    const extra = Object.keys(raw);
    if (extra.length)
      throw new ApiError(
        "VALIDATION_FAILED",
        `${extra[0]}: Unknown query parameter.`,
        extra.map((field) => ({ field, message: "Unknown query parameter." })),
      );
    return undefined as Q;
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw zodToApiError(parsed.error);
  return parsed.data;
}

export function withApiKey<B = undefined, Q = undefined, P extends string = never>(
  opts: Options<B, Q, P>,
  handler: (ctx: HandlerContext<B, Q, P>) => Promise<HandlerResult>,
) {
  return withAccessLog("v2", innerWithApiKey(opts, handler));
}

function innerWithApiKey<B, Q, P extends string>(
  opts: Options<B, Q, P>,
  handler: (ctx: HandlerContext<B, Q, P>) => Promise<HandlerResult>,
) {
  return async (req: Request, call: CallRecord, route?: RouteContext): Promise<Response> => {
    const requestId = call.requestId;
    let extraHeaders: Record<string, string> = {};
    let keyPresented = false;
    try {
      const header = req.headers.get("authorization") ?? "";
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      keyPresented = !!match;
      if (!match) throw new ApiError("UNAUTHENTICATED", "Send your API key as Authorization: Bearer <key>.");
      const auth = await authenticateApiKey(match[1]!);
      if (!auth) throw new ApiError("UNAUTHENTICATED", "The API key is invalid or revoked.");
      call.agencyId = auth.agencyId;
      if (!auth.entitled) throw new ApiError("PLAN_NOT_ENTITLED", "Your plan does not include API access.");
      const anyOf = scopesOf(opts.operation);
      if (anyOf) {
        if (!anyOf.some((s) => auth.scopes.includes(s))) {
          const named = anyOf.join(" or ");
          throw new ApiError("CAPABILITY_REQUIRED", `This API key lacks the ${named} scope.`, [
            { message: `Required scope: ${named}` },
          ]);
        }
      }
      const rl = await consumeRateLimit("v2", auth.agencyId, V2_RATE_LIMIT.points, V2_RATE_LIMIT.windowSeconds);
      extraHeaders = rateLimitHeaders(rl, V2_RATE_LIMIT.windowSeconds);
      if (!rl.allowed)
        throw new ApiError(
          "RATE_LIMITED",
          `Rate limit of ${V2_RATE_LIMIT.points} calls per minute exceeded; retry after ${rl.resetSeconds} s.`,
        );

      const params = await readRouteParams(route, opts.uuidParams);

      const url = new URL(req.url);
      const query = parseQuery(url, opts.query);
      let body = undefined as B;
      let rawBody: unknown = undefined;
      if (opts.body) {
        rawBody = await readJsonBody(req);
        const parsed = opts.body.safeParse(rawBody);
        if (!parsed.success) throw zodToApiError(parsed.error);
        body = parsed.data;
      } else if (opts.emptyBody) {
        rawBody = await readJsonBody(req, { allowEmpty: true });
        if (
          rawBody !== undefined &&
          (typeof rawBody !== "object" || rawBody === null || Array.isArray(rawBody) || Object.keys(rawBody).length > 0)
        ) {
          throw new ApiError("VALIDATION_FAILED", "This endpoint takes no body.", [
            { message: "This endpoint takes no body." },
          ]);
        }
      }

      const ctx: HandlerContext<B, Q, P> = { req, auth, body, query, params, requestId, tx: undefined };
      if (opts.idempotent) {
        const key = parseIdempotencyKey(req.headers.get("idempotency-key"));
        const outcome: IdempotentOutcome = await runIdempotent({
          agencyId: auth.agencyId,
          apiKeyId: auth.apiKeyId,
          key,
          endpoint: `${req.method} ${url.pathname}`,
          body: rawBody ?? null,
          run: async (tx) => {
            const result = await handler({ ...ctx, tx });
            return { status: result.status ?? 201, body: successBody(result.data, requestId, result.nextCursor) };
          },
        });
        const replayId = (outcome.body as { meta?: { requestId?: string } })?.meta?.requestId ?? requestId;
        return jsonResponse(outcome.status, outcome.body, {
          ...extraHeaders,
          "X-Request-Id": replayId,
          ...(outcome.replayed ? { "Idempotent-Replayed": "true" } : {}),
        });
      }
      const result = await handler(ctx);
      return jsonResponse(result.status ?? 200, successBody(result.data, requestId, result.nextCursor), {
        ...extraHeaders,
        "X-Request-Id": requestId,
      });
    } catch (err) {
      const apiError = toApiError(err, requestId);
      // RFC 6750 section 3: a 401 from a Bearer-protected resource names the scheme to use
      const headers: Record<string, string> =
        apiError.status === 401 ? { ...extraHeaders, "WWW-Authenticate": bearerChallenge(keyPresented) } : extraHeaders;
      return errorResponse(apiError, requestId, headers);
    }
  };
}

/** The challenge of a 401: the scheme, and `invalid_token` when a key was sent and refused. */
export function bearerChallenge(keyPresented: boolean): string {
  return keyPresented ? 'Bearer realm="api", error="invalid_token"' : 'Bearer realm="api"';
}

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Envelope 405 handlers for the methods a route does not serve: `export const { PUT, DELETE } = otherMethods("GET", "POST")`. */
export function otherMethods(...allowed: HttpMethod[]) {
  const h = async () => {
    const requestId = newRequestId();
    return errorResponse(
      new ApiError("METHOD_NOT_ALLOWED", `Method not allowed. Allowed: ${allowed.join(", ")}.`),
      requestId,
      { Allow: allowed.join(", ") },
    );
  };
  return { GET: h, POST: h, PUT: h, PATCH: h, DELETE: h };
}
