// Registers one authenticated V2 operation: its security requirement and scope, request
// (path id, query, JSON body, Idempotency-Key header), success envelope and error responses.
import type { z } from "zod";
import type { OpenAPIRegistry, RouteConfig } from "@asteasolutions/zod-to-openapi";
import {
  errorResponses,
  security,
  success,
  ZIdempotencyKeyHeader,
  type OperationTraits,
} from "@/lib/surfaces/v2/openapi/components";
import { OPERATION_SCOPES, type V2OperationId } from "@/lib/surfaces/v2/operation-scopes";

export const json = (schema: z.ZodType) => ({ content: { "application/json": { schema } }, required: true });

export interface V2Operation {
  method: RouteConfig["method"];
  path: string;
  /** also the key of its scope in OPERATION_SCOPES, the one declaration the route and MCP read */
  operationId: V2OperationId;
  summary: string;
  description?: string;
  tags: string[];
  traits: Omit<OperationTraits, "scope">;
  request?: RouteConfig["request"];
  status: number;
  responseDescription: string;
  response: z.ZodType;
}

function scopeSentence(scope: OperationTraits["scope"]): string {
  if (!scope) return "No scope needed: any valid key.";
  if (typeof scope === "string") return `Scope: \`${scope}\`.`;
  return `Scope: any one of ${scope.map((s) => `\`${s}\``).join(", ")}.`;
}

/** Registers one authenticated V2 operation with its security, errors and headers. */
export function registerOperation(registry: OpenAPIRegistry, op: V2Operation) {
  const traits: OperationTraits = { ...op.traits, scope: OPERATION_SCOPES[op.operationId] ?? undefined };
  registry.registerPath({
    method: op.method,
    path: op.path,
    operationId: op.operationId,
    summary: op.summary,
    description: [op.description, scopeSentence(traits.scope)].filter(Boolean).join("\n\n"),
    tags: op.tags,
    ...security(traits.scope),
    request: { ...op.request, ...(traits.idempotent ? { headers: ZIdempotencyKeyHeader } : {}) },
    responses: {
      [String(op.status)]: success(op.responseDescription, op.response, { idempotent: traits.idempotent }),
      ...errorResponses(traits),
    },
  });
}
